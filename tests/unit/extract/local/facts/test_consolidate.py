"""One fact per sentence, reported information, vocatives and chat shorthand."""

from __future__ import annotations

from contextos.extract.local.facts.consolidate import merge_sentence_facts
from contextos.models.facts import CandidateFact, Evidence


def _texts(checked):
    return [f.text for f in checked.facts]


def _fact(text: str, start: int, end: int, turn: str = "t1", **kw) -> CandidateFact:
    ev = Evidence(
        conversation_id="c", turn_id=turn, start=start, end=end, quote="x" * (end - start)
    )
    return CandidateFact(text=text, subject="Dana", confidence=0.9, evidence=[ev], **kw)


# -- merge_sentence_facts on its own ------------------------------------------------------------


def test_statements_of_one_sentence_become_one_fact_with_one_span():
    turn = "Greg is leaving, he took a job at a bank."
    a = _fact("Greg is leaving", 0, 15, importance=0.4, entities=["Greg"])
    b = _fact("Greg took a job at a bank", 17, 40, importance=0.7, category="work")
    out = merge_sentence_facts([((1, 0), a), ((1, 0), b)], {"t1": turn})
    assert len(out) == 1
    merged = out[0]
    assert merged.text == "Greg is leaving; Greg took a job at a bank"
    assert merged.evidence[0].quote == turn[0:40]
    assert (merged.importance, merged.category, merged.entities) == (0.7, "work", ["Greg"])
    assert merged.attributes["merged_statements"] == 2


def test_a_statement_below_its_threshold_does_not_take_the_sentence_down_with_it():
    turn = "Lisa's a staff nurse on the renal ward, so she can do Sunday football sometimes."
    strong = _fact("Lisa is a staff nurse on the renal ward", 0, 38)
    weak = _fact("Lisa can do Sunday football sometimes", 43, 80)
    weak = weak.model_copy(update={"confidence": 0.73})
    out = merge_sentence_facts([((1, 0), strong), ((1, 0), weak)], {"t1": turn})
    assert [(f.text, f.confidence) for f in out] == [
        ("Lisa is a staff nurse on the renal ward", 0.9),
        ("Lisa can do Sunday football sometimes", 0.73),
    ]


def test_other_sentences_preferences_negations_and_rejections_stay_apart():
    turn = "x" * 200
    first = _fact("The demo had 11,000 players", 0, 10)
    other_sentence = _fact("The team is at 9,800 wishlists", 12, 30)
    like = _fact("Dana loves the soundtrack", 32, 50, category="like")
    negated = _fact("Dana is not reworking the jump", 52, 70, polarity="negative")
    rejected = _fact("Dana might move to Oslo", 72, 90, flags=["hypothetical"])
    alone = _fact("Mateo is Dana's son", 92, 110)
    out = merge_sentence_facts(
        [
            ((1, 0), first),
            ((1, 12), other_sentence),
            ((1, 0), like),
            ((1, 0), negated),
            ((1, 0), rejected),
            (None, alone),
        ],
        {"t1": turn},
    )
    assert [f.text for f in out] == [f.text for f in (first, other_sentence, like, negated)] + [
        rejected.text,
        alone.text,
    ]


def test_a_later_statement_starting_with_a_function_word_is_lower_cased():
    a = _fact("The main reason is the heat", 0, 10)
    b = _fact("The summer is killing Dana", 12, 30)
    out = merge_sentence_facts([((1, 0), a), ((1, 0), b)], {"t1": "x" * 40})
    assert out[0].text == "The main reason is the heat; the summer is killing Dana"


def test_two_project_statuses_in_one_sentence_stay_two_facts():
    a = _fact("The audit is blocked", 0, 10, project="audit", status="blocked")
    b = _fact("The launch is done", 12, 30, project="launch", status="completed")
    out = merge_sentence_facts([((1, 0), a), ((1, 0), b)], {"t1": "x" * 40})
    assert [f.text for f in out] == ["The audit is blocked", "The launch is done"]


# -- through the extractor ----------------------------------------------------------------------


def test_a_reason_stays_with_what_it_explains(run):
    text = "The SOC 2 report only covers through September, so I need a bridge letter too."
    _conv, _raw, checked = run([("user", text)])
    texts = _texts(checked)
    assert len(texts) == 1
    assert "covers through September" in texts[0] and "bridge letter" in texts[0]
    assert checked.facts[0].evidence[0].quote.startswith("The SOC 2 report")


def test_listed_items_are_still_one_fact_each(run):
    _conv, _raw, checked = run([("user", "I have two rabbits and a parrot.")])
    assert {"Dana has two rabbits", "Dana has a parrot"} <= set(_texts(checked))


def test_reported_information_is_a_fact_and_a_reported_judgement_is_not(run):
    _conv, raw, checked = run(
        [
            ("user", "Hannah from legal says our consent terms don't meet the NACHA rules."),
            ("user", "My friend Dani says leaderboards are toxic."),
            ("user", "Elena says I should relax about it."),
            ("user", "Jun says the jump feels floaty."),
            ("user", "Sam claims the gyms there are better."),
        ]
    )
    texts = _texts(checked)
    assert any("says" in t and "NACHA rules" in t for t in texts)
    rejected = {f.text for f in raw.facts if "third_party_opinion" in f.flags}
    assert any("toxic" in t for t in rejected)
    assert any("floaty" in t for t in rejected)
    assert any("better" in t for t in rejected)
    assert not any(w in t for t in texts for w in ("toxic", "floaty", "better", "relax"))


def test_a_name_called_out_before_an_imperative_is_not_its_subject(run):
    _conv, _raw, checked = run(
        [
            ("user", "Femi, just send me the storyboard and the capture list."),
            ("user", "5 slides max, give me the outline as bullets."),
        ]
    )
    assert _texts(checked) == []


def test_chat_shorthand_parses_as_the_word_it_stands_for(run):
    _conv, _raw, checked = run(
        [("user", "We're leaning Sacramento bc my wife's sister lives there.")]
    )
    texts = _texts(checked)
    assert len(texts) == 1
    assert "because" in texts[0] and "Sacramento" in texts[0]
    assert " bc " not in texts[0]


def test_two_statements_about_the_speaker_stay_two_facts():
    a = _fact("Dana is a teacher", 0, 10, attributes={"subject_kind": "self"})
    b = _fact("Dana works at PetSmart", 12, 30, attributes={"subject_kind": "self"})
    c = _fact("The store is in Austin", 32, 40, attributes={"subject_kind": "thing"})
    out = merge_sentence_facts([((1, 0), a), ((1, 0), b)], {"t1": "x" * 40})
    assert [f.text for f in out] == ["Dana is a teacher", "Dana works at PetSmart"]
    one_about_speaker = merge_sentence_facts([((1, 0), a), ((1, 0), c)], {"t1": "x" * 40})
    assert [f.text for f in one_about_speaker] == ["Dana is a teacher; the store is in Austin"]


def test_list_markers_are_dropped_and_a_topic_label_leads_the_fact(run):
    _conv, _raw, checked = run(
        [
            ("user", "Two projects. (1) Ledger: the export runs every night at 2am."),
            ("user", "Quick correction: Tom Reyes is my manager."),
        ]
    )
    texts = _texts(checked)
    assert "Ledger: the export runs every night at 2am" in texts
    assert "Tom Reyes is Dana's manager" in texts  # "Quick correction" names no topic
    ledger = next(f for f in checked.facts if f.text.startswith("Ledger:"))
    assert "Ledger" in ledger.entities
    assert ledger.evidence[0].quote == "the export runs every night at 2am"


def test_a_list_items_topic_heads_its_later_sentences_until_the_next_item(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "(1) Ledger: the export runs every night. still in beta, aiming to launch in "
                "June, Tom Reyes is the eng lead. (2) Orbit, planned for Q3. still in discovery.",
            )
        ]
    )
    texts = _texts(checked)
    assert "Ledger is still in beta, aiming to launch in June" in texts
    # a named subject after a comma starts a statement of its own, still under the item's topic
    assert "Ledger: Tom Reyes is the eng lead" in texts
    # the next item has no topic label, so its fragment says nothing of Ledger
    assert not any(t.startswith("Ledger is still in discovery") for t in texts)
    ledger = next(f for f in checked.facts if f.text.startswith("Ledger is still"))
    assert ledger.evidence[0].quote == "still in beta, aiming to launch in June"
    assert "Ledger" in ledger.entities


def test_a_named_subject_after_a_comma_starts_a_piece_but_not_after_a_subordinate(run):
    from contextos.extract.local.text.sentences import segment_turn

    run_on = "the demo is nearly done, Oskar owns the build."
    assert [s.text for s in segment_turn(run_on)] == [
        "the demo is nearly done",
        "Oskar owns the build.",
    ]
    pieces = segment_turn(run_on)
    assert pieces[1].sentence == pieces[1].start  # its own sentence: not merged with the first
    kept = "When the build broke, Oskar was out."
    assert [s.text for s in segment_turn(kept)] == [kept]
    appositive = "My manager, Tom Reyes, is out."
    assert [s.text for s in segment_turn(appositive)] == [appositive]


def test_a_nominal_fragment_with_a_participle_is_a_statement(run):
    _conv, _raw, checked = run(
        [("user", "(2) Onboarding revamp, planned for Q2. (3) pricing test, started last Monday.")]
    )
    texts = _texts(checked)
    assert "Onboarding revamp is planned for Q2" in texts
    assert any(t.startswith("Pricing test started on Monday") for t in texts)


def test_a_label_before_a_verbless_phrase_is_its_subject(run):
    _conv, _raw, checked = run(
        [("user", "Deadline: Friday the 13th."), ("user", "Budget: 5k for the whole trip.")]
    )
    texts = _texts(checked)
    assert any(t.startswith("Deadline is on Friday") for t in texts)
    assert "Budget is 5k for the whole trip" in texts
    budget = next(f for f in checked.facts if f.text.startswith("Budget"))
    assert budget.evidence[0].quote == "Budget: 5k for the whole trip"


def test_a_label_naming_something_of_the_speakers_is_the_subject_of_its_value(run):
    _conv, _raw, checked = run(
        [("user", "All moved in. My new address: 14 Ashvale Terrace, Headingley, LS6.")]
    )
    address = next(f for f in checked.facts if "Ashvale" in f.text)
    assert address.text == "Dana's new address is 14 Ashvale Terrace, Headingley, LS6"
    assert address.evidence[0].quote.startswith("My new address: 14 Ashvale")


def test_a_verbless_description_under_an_about_me_label_is_said_of_the_speaker(run):
    """ "About me: nurse, 34, based in Phoenix" was dropped as fragments; a description
    under such a label is read as the speaker's "I'm ...". A statement under one stays as it
    is, and a "Context:" label over a situation rather than a role or an age describes no
    one."""
    _conv, _raw, checked = run(
        [
            ("user", "About me: nurse, 34, based in Phoenix."),
            ("user", "A bit about me: retired teacher, widower, two grandkids."),
            ("user", "Context: the audit is blocked on the vendor export."),
            ("user", "Context: vendor audit, due Friday."),  # a situation, not the speaker
        ]
    )
    texts = _texts(checked)
    assert not any("Dana is vendor audit" in t for t in texts), texts
    assert "Dana is nurse, 34, based in Phoenix" in texts, texts
    assert "Dana is a retired teacher, widower, two grandkids" in texts, texts
    assert any(t.startswith("The audit is blocked on the vendor export") for t in texts), texts
    nurse = next(f for f in checked.facts if "nurse" in f.text)
    assert nurse.evidence[0].quote == "About me: nurse, 34, based in Phoenix"


def test_a_topic_is_named_once_in_a_merged_fact_and_lower_case_headings_are_no_topic(run):
    _conv, _raw, checked = run(
        [
            ("user", "Trailer update: the storyboard is done, the lantern shader is fighting me."),
            ("user", "life update: I start a new job at Lakeshore Health on Monday."),
        ]
    )
    texts = _texts(checked)
    trailer = next(t for t in texts if "storyboard" in t)
    assert trailer.startswith("Trailer: the storyboard is done; ")
    assert trailer.count("Trailer:") == 1
    assert not any(t.startswith("life") for t in texts)


def test_a_sentence_going_on_about_the_person_just_named_joins_that_fact(run):
    _conv, _raw, checked = run(
        [
            ("user", "Greg is leaving, he took a job at a bank. His last day is next Friday."),
            ("user", "Helen has accepted a chair at Uppsala. She stays on as my co-supervisor."),
        ]
    )
    texts = _texts(checked)
    greg = next(t for t in texts if t.startswith("Greg"))
    assert "bank" in greg and "last day" in greg
    assert "Helen has accepted a chair at Uppsala; Helen stays on as Dana's co-supervisor" in texts
    helen = next(f for f in checked.facts if f.text.startswith("Helen"))
    assert helen.subject == "Helen"


def test_a_pronoun_for_another_person_starts_a_fact_of_its_own(run):
    text = "Greg is leaving. From the 30th I'll report to Sandra Okafor, she's our VP of Risk."
    _conv, _raw, checked = run([("user", text)])
    texts = _texts(checked)
    assert "Greg is leaving" in texts
    assert not any("Greg" in t and "Sandra" in t for t in texts)


def test_a_sentence_with_a_he_for_the_person_just_named_joins_that_fact(run):
    text = (
        "Lucas signed on Friday. My team agreed he keeps the album rights, and we get "
        "exclusive use in the game."
    )
    _conv, _raw, checked = run([("user", text)])
    texts = _texts(checked)
    lucas = next(t for t in texts if t.startswith("Lucas"))
    assert "album rights" in lucas and "exclusive use" in lucas
    assert len([t for t in texts if "exclusive use" in t]) == 1


def test_a_he_whose_person_is_named_in_its_own_sentence_joins_nothing(run):
    text = "Lucas signed on Friday. Our lawyer Tom Baker says he will file the papers this week."
    _conv, _raw, checked = run([("user", text)])
    assert not any("Lucas" in t and "Tom" in t for t in _texts(checked))


def test_a_verbless_sentence_with_a_name_or_number_elaborates_the_statement_before(run):
    _conv, _raw, checked = run(
        [
            ("user", "I start a new job tomorrow! junior data analyst at Lakeshore Health."),
            ("user", "I found a rental in Beaverton! 3 bed with a fenced yard for Pico."),
        ]
    )
    texts = _texts(checked)
    rental = next(t for t in texts if "rental" in t)
    assert "; 3 bed with a fenced yard for Pico" in rental
    assert not any(t.lower().startswith(("junior", "3 bed")) for t in texts)
    # a role says what the speaker is, a statement of its own (test_clause_edges)
    assert "Dana is a junior data analyst at Lakeshore Health" in texts, texts


def test_a_statement_acting_on_an_it_it_does_not_name_explains_the_sentence_before(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "we decided Autopay v1 is ACH only, cards later. "
                "card processing fees make it messy for our customers",
            ),
            ("user", "Card processing fees make it messy for our customers."),  # nothing before
        ]
    )
    texts = _texts(checked)
    assert (
        "Dana's team decided Autopay v1 is ACH only, cards later; "
        "card processing fees make it messy for Dana's customers"
    ) in texts
    assert texts.count("Card processing fees make it messy for Dana's customers") == 1


def test_a_verbless_aside_or_a_follow_up_to_nothing_kept_adds_nothing(run):
    _conv, _raw, checked = run(
        [
            ("user", "Thesis is due 30 June, so... mild panic."),
            ("user", "I love hiking. 3 trails every weekend near Boulder."),
            ("user", "Femi, capsule art by Friday."),
        ]
    )
    texts = _texts(checked)
    assert not any("panic" in t for t in texts)
    assert not any("trails" in t for t in texts)
    assert "Dana loves hiking" in texts


def test_detail_joins_its_statement_of_another_type_or_is_kept_as_a_rejection(run):
    """A verbless follow-up joins the statement before it whatever that one's type (it was
    dropped after a SHARED_NARRATIVE statement); one whose statement is no fact (a like,
    kept apart) is a rejection with its reason, no longer dropped without a trace. A clause
    with a subject of its own stands alone ("HR approved it Friday")."""
    _conv, _raw, checked = run(
        [
            ("assistant", "You could ask them for a discount on the annual plan."),
            ("user", "I took your advice and asked for a discount. 15% off the annual plan."),
            ("user", "I love hiking. 3 trails every weekend near Boulder."),
        ]
    )
    texts = _texts(checked)
    assert (
        "Dana took the assistant's advice and asked for a discount; 15% off the annual plan"
    ) in texts, texts
    rejected = {r.text: r.detail for r in checked.rejections}
    assert "detail to a statement that was not kept" in rejected.get(
        "3 trails every weekend near Boulder", ""
    ), rejected


def test_a_verbless_answer_and_its_detail_are_one_fact_quoting_the_question(run):
    """ "What's the stack?" - "Rails 7 monolith. Postgres 14, Redis, Sidekiq.": the detail
    joins the answer, and the merged fact keeps the question quoted (a fact quoting another
    turn could not be merged, so the detail was dropped)."""
    _conv, _raw, checked = run(
        [
            ("assistant", "What's the stack?"),
            ("user", "Rails 7 monolith. Postgres 14, Redis, Sidekiq."),
        ]
    )
    [fact] = [f for f in checked.facts if "stack" in f.text]
    assert fact.text.lower() == "the stack is rails 7 monolith; postgres 14, redis, sidekiq"
    assert [(e.turn_id, e.quote) for e in fact.evidence] == [
        ("c1:1", "Rails 7 monolith. Postgres 14, Redis, Sidekiq"),
        ("c1:0", "the stack"),
    ]


def test_a_joined_statement_keeps_the_lower_case_the_speaker_wrote(run):
    _conv, _raw, checked = run(
        [("user", "we're migrating our billing service to Postgres, target is end of next month.")]
    )
    [fact] = checked.facts
    assert fact.text.endswith("; target is Friday, June 30, 2023")
