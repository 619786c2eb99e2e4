"""A user's conversations read one at a time, in order, as ingestion reads them: what an
earlier one named carries over into the next (``extract/local/conversation/carryover.py``)."""

from __future__ import annotations

from datetime import UTC, datetime

from contextos.extract.local.conversation.carryover import Carryovers
from contextos.models.extraction import UserRef
from contextos.models.facts import FactType
from contextos.validate import validate

GABRIEL = UserRef(id="gabriel", name="Gabriel Ortiz")


def _chat(make_conv, cid: str, day: int, *user_texts: str):
    turns = [
        t
        for text in user_texts
        for t in (("user", "user", text), ("assistant", "assistant", "Noted."))
    ]
    return make_conv(turns, datetime(2026, 3, day, 9, tzinfo=UTC), cid)


def _read(extractor, conv, user):
    """Extract one conversation and validate it as ingestion does: against its own turns and
    the earlier turns its evidence cites."""
    raw = extractor.extract(conv.turns, conv, user)
    turns = {t.id: t for t in (*raw.cited_turns, *conv.turns)}
    return raw, validate(raw, turns)


def _patterns(checked):
    return [f for f in checked.facts if f.type == FactType.USER_PATTERN]


def test_a_setting_repeated_across_chats_becomes_a_pattern_when_the_third_is_read(
    extractor, make_conv
):
    openings = [
        "hey, on my 3am break so typing fast. I'm a nurse.",
        "another break, another chat. we're moving to Portland.",
        "on break again, update for the checklist.",
    ]
    chats = [_chat(make_conv, f"c{n}", n + 1, text) for n, text in enumerate(openings)]
    first, second, third = (_read(extractor, c, GABRIEL) for c in chats)
    assert _patterns(first[1]) == []
    # two chats: a proposal under the apply threshold, kept for review
    assert _patterns(second[1]) == []
    assert [p.text for p in second[1].proposals] == ["Gabriel chats with the assistant on break"]
    raw, checked = third
    [habit] = _patterns(checked)
    assert habit.text == "Gabriel chats with the assistant on break"
    assert [e.conversation_id for e in habit.evidence] == ["c0", "c1", "c2"]
    assert [t.id for t in raw.cited_turns] == ["c0:0", "c1:0"]
    # validated against this conversation's turns alone, the earlier quotes cannot be checked
    alone = validate(raw, {t.id: t for t in chats[2].turns})
    assert _patterns(alone) == [] and "not_grounded" in alone.reasons()
    # a fourth chat on a break puts it forward again with more support; one not on a break
    # does not
    _raw, fourth = _read(extractor, _chat(make_conv, "c3", 4, "break time. quick one."), GABRIEL)
    [again] = _patterns(fourth)
    assert again.text == habit.text and again.confidence > habit.confidence
    _raw, fifth = _read(extractor, _chat(make_conv, "c4", 5, "I'm home today."), GABRIEL)
    assert _patterns(fifth) == []
    # put forward while it gathers support: by its sixth chat its confidence is at the cap, and
    # it quotes those six; a seventh adds nothing to it
    for n in (5, 6):
        _raw, more = _read(extractor, _chat(make_conv, f"c{n}", n + 1, "on break, hi."), GABRIEL)
        [last] = _patterns(more)
    assert len(last.evidence) == 6 and last.confidence == 0.95
    _raw, seventh = _read(extractor, _chat(make_conv, "c7", 8, "on break, hi."), GABRIEL)
    assert _patterns(seventh) == []


def test_forget_starts_the_user_afresh(extractor, make_conv):
    for n, text in enumerate(["on my break, hi.", "on break again, hi."]):
        _read(extractor, _chat(make_conv, f"c{n}", n + 1, text), GABRIEL)
    extractor.forget("gabriel")
    _raw, checked = _read(extractor, _chat(make_conv, "c2", 3, "break again, hi."), GABRIEL)
    assert _patterns(checked) == [] and checked.proposals == []


def test_another_users_conversations_do_not_carry_over(extractor, make_conv):
    for n, text in enumerate(["on my break, hi.", "on break again, hi."]):
        _read(extractor, _chat(make_conv, f"c{n}", n + 1, text), GABRIEL)
    other = UserRef(id="ana", name="Ana Lima")
    _raw, checked = _read(extractor, _chat(make_conv, "c2", 3, "break again, hi."), other)
    assert _patterns(checked) == [] and checked.proposals == []


def test_a_project_named_in_an_earlier_chat_names_its_bare_parts_later(extractor, make_conv):
    dana = UserRef(id="dana", name="Dana Whitfield")
    named = _chat(
        make_conv, "a", 2, "I'm building an app for my climbing friends, calling it SendLog."
    )
    later = _chat(make_conv, "b", 9, "The beta is set for June 3.")
    _read(extractor, named, dana)
    _raw, checked = _read(extractor, later, dana)
    assert any(f.text.startswith("The SendLog beta is set for") for f in checked.facts)
    extractor.forget()
    _raw, fresh = _read(extractor, later, dana)
    assert any(f.text.startswith("The beta is set for") for f in fresh.facts)


def test_the_employer_carries_into_a_later_chat_but_we_as_the_family_does_not(extractor, make_conv):
    dana = UserRef(id="dana", name="Dana Whitfield")
    family = _chat(
        make_conv,
        "a",
        2,
        "My wife Elena teaches Spanish.",
        "We need to be settled before school starts in August.",
    )
    _raw, first = _read(extractor, family, dana)
    assert any(f.text.startswith("Dana's family needs to be settled") for f in first.facts)
    later = _chat(make_conv, "b", 9, "We need to be settled before the summer.")
    _raw, checked = _read(extractor, later, dana)
    assert not any("family" in f.text for f in checked.facts)
    # the wife named in the earlier chat is still who "we" is with Dana (#40)
    assert any(f.text.startswith("Dana and Elena need to be settled") for f in checked.facts)
    extractor.forget()
    _read(extractor, _chat(make_conv, "c", 2, "I'm a PM at Tallyforge."), dana)
    churn = _chat(make_conv, "d", 9, "Late payments keep coming up in our churn interviews.")
    _raw, checked = _read(extractor, churn, dana)
    assert "Late payments keep coming up in Tallyforge's churn interviews" in [
        f.text for f in checked.facts
    ]


def test_a_full_name_introduced_earlier_completes_a_first_name_later(extractor, make_conv):
    dana = UserRef(id="dana", name="Dana Whitfield")
    _read(extractor, _chat(make_conv, "a", 2, "I met Sandra Okafor, my new manager."), dana)
    _raw, checked = _read(extractor, _chat(make_conv, "b", 9, "Sandra approved my budget."), dana)
    assert "Sandra Okafor approved Dana's budget" in [f.text for f in checked.facts]


def test_whom_a_he_or_she_can_stand_for_carries_into_a_later_chat_and_its_snapshot(
    extractor, make_conv, all_texts
):
    from contextos.extract.local import LocalExtractor

    dana = UserRef(id="dana", name="Dana Whitfield")
    _read(extractor, _chat(make_conv, "a", 2, "My sister Denise comes up on Saturdays."), dana)
    later = _chat(make_conv, "b", 9, "Denise drove today. The pills were making him sick.")
    other = LocalExtractor()
    other.restore("dana", extractor.snapshot("dana"))
    for reader in (extractor, other):
        _raw, checked = _read(reader, later, dana)
        said = all_texts(checked)
        assert not any("making Denise" in t for t in said), said
    fresh = LocalExtractor()  # nothing read before: Denise could be a "him"
    _raw, checked = _read(fresh, later, dana)
    assert any("making Denise" in r.text for r in checked.rejections), checked.rejections


def test_a_user_id_that_shortens_the_given_name_is_the_name_facts_use(extractor, make_conv):
    conv = _chat(make_conv, "a", 2, "I work as a logistics coordinator.")
    _raw, checked = _read(extractor, conv, UserRef(id="teo", name="Teodora Ilić"))
    assert [f.text for f in checked.facts] == ["Teo works as a logistics coordinator"]
    _raw, plain = _read(extractor, conv, UserRef(id="u42", name="Teodora Ilić"))
    assert [f.text for f in plain.facts] == ["Teodora works as a logistics coordinator"]


def test_carryovers_keep_the_most_recently_read_users():
    kept = Carryovers(max_users=2)
    a = kept.of("a")
    kept.of("b")
    assert kept.of("a") is a  # read again: now the most recent
    kept.of("c")  # drops "b", the least recently read
    assert kept.of("a") is a
    b_again = kept.of("b")
    assert b_again.discourse.project is None and b_again.signals == []


def test_a_snapshot_restored_elsewhere_reads_on_where_the_first_left_off(extractor, make_conv):
    """What ingestion keeps in the store between runs: the third chat on a break, read by
    another extractor restored from the snapshot, completes the pattern; the quotes of the
    earlier chats are not in the snapshot (the store has those turns)."""
    from contextos.extract.local import LocalExtractor

    dana = UserRef(id="gabriel", name="Gabriel Ortiz")
    _read(extractor, _chat(make_conv, "a", 1, "on my break. calling the app SendLog."), dana)
    _read(extractor, _chat(make_conv, "b", 2, "on break again. I met Sandra Okafor."), dana)
    snapshot = extractor.snapshot("gabriel")
    other = LocalExtractor()
    other.restore("gabriel", snapshot)
    assert other.snapshot("gabriel") == snapshot  # nothing lost on the way
    third = _chat(make_conv, "c", 3, "break time. The beta is set for June 3. Sandra agreed.")
    raw = other.extract(third.turns, third, dana)
    [habit] = [f for f in raw.facts if f.type == FactType.USER_PATTERN]
    assert [e.turn_id for e in habit.evidence] == ["a:0", "b:0", "c:0"]
    assert raw.cited_turns == []
    texts = [f.text for f in raw.facts]
    assert any(t.startswith("The SendLog beta is set for") for t in texts), texts
    assert "Sandra Okafor agreed" in texts
    other.restore("gabriel", None)
    fresh = other.extract(third.turns, third, dana)
    assert not any(f.type == FactType.USER_PATTERN for f in fresh.facts)


def test_a_snapshot_that_cannot_be_read_is_an_empty_memory():
    from contextos.extract.local.conversation.carryover import Carryover

    for text in ("", "not json", '{"format": 99}', '{"format": 1}', "[1, 2]"):
        restored = Carryover.from_json(text)
        assert restored.signals == [] and restored.discourse.names.by_words == {}


def test_a_snapshot_ahead_of_the_store_forgets_the_signals_of_turns_never_stored(
    extractor, make_conv
):
    """A run cut short after extracting the third chat on a break but before storing it: the
    snapshot it saves remembers that chat's signal. Resumed, the chat is read again; pruned to
    the stored turns, the snapshot lets the pattern be put forward then, not lost."""
    from contextos.extract.local import LocalExtractor
    from contextos.extract.local.conversation.carryover import Carryover, keep_stored
    from contextos.models.facts import turn_ref

    chats = [
        _chat(make_conv, "a", 1, "on my break. calling the app SendLog."),
        _chat(make_conv, "b", 2, "on break again. I met Sandra Okafor."),
        _chat(make_conv, "c", 3, "break time. The beta is set for June 3."),
    ]
    for conv in chats:
        _read(extractor, conv, GABRIEL)
    ahead = extractor.snapshot("gabriel")
    asked: list[list[tuple[str, str]]] = []

    def stored(refs):
        asked.append(refs)
        return {turn_ref(conv, turn) for conv, turn in refs if conv != "c"}

    pruned = keep_stored(ahead, stored)
    assert asked == [[("a", "a:0"), ("b", "b:0"), ("c", "c:0")]]
    assert {s.evidence.turn_id for s in Carryover.from_json(pruned).signals} == {"a:0", "b:0"}
    assert keep_stored(pruned, stored) == pruned  # nothing to prune: the same text
    assert keep_stored(None, stored) is None

    for snapshot, expected in ((ahead, 0), (pruned, 1)):
        resumed = LocalExtractor()
        resumed.restore("gabriel", snapshot)
        raw = resumed.extract(chats[2].turns, chats[2], GABRIEL)
        assert len([f for f in raw.facts if f.type == FactType.USER_PATTERN]) == expected


def test_project_names_keep_the_most_recently_given():
    from contextos.extract.local.conversation.discourse import MAX_PROJECT_NAMES, ProjectNames

    names = ProjectNames()
    for k in range(MAX_PROJECT_NAMES + 5):
        names = names.with_name(f"Project {k}")
    names = names.with_name("Autopay")
    assert len(names.by_words) == MAX_PROJECT_NAMES
    assert not names.named("Project 0") and not names.named("project 5")
    assert names.named("project 6") and names.named("autopay")
    # the shared first word still finds the names that are left, and only those
    assert ("project", "6") in names.by_first["project"]
    assert ("project", "5") not in names.by_first["project"]
    assert names.by_first["autopay"] == (("autopay",),)


def test_a_snapshot_keeps_that_the_user_runs_a_business(extractor, make_conv):
    """Everything the discourse carries into the next conversation survives the store: a run
    resumed from the snapshot reads on as the uninterrupted one does."""
    from contextos.extract.local.conversation.carryover import Carryover

    dana = UserRef(id="dana", name="Dana Whitfield")
    _read(extractor, _chat(make_conv, "a", 2, "I run a small bakery in Leeds."), dana)
    snapshot = extractor.snapshot("dana")
    assert extractor._carry.of("dana").discourse.business
    assert Carryover.from_json(snapshot).discourse.business
    assert Carryover.from_json(snapshot).to_json() == snapshot
