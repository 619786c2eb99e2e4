from contextos.context.packing import pack, render
from contextos.context.sections import section_for_fact
from contextos.embeddings.tokens import count_tokens
from contextos.models import ContextItem, ContextSource, Fact


def _item(section, text, rel=0.5):
    return ContextItem(
        section=section, text=text, source=ContextSource(type="fact", id=text, relevance=rel)
    )


def test_empty_sections_are_omitted_and_order_is_fixed():
    text = render(
        {
            "user_preferences": [_item("user_preferences", "Sam loves tea")],
            "active_projects": [_item("active_projects", "Billing migration")],
        },
        "Sam",
        "q",
    )
    assert text.startswith('<context_injection user="Sam">')
    assert text.index("<active_projects>") < text.index("<user_preferences>")
    assert "<recent_decisions>" not in text and "<relevant_people>" not in text
    assert text.rstrip().endswith("</context_injection>")


def test_text_is_escaped():
    text = render({"relevant_facts": [_item("relevant_facts", "uses <script> & co")]}, "S", "q")
    assert "&lt;script&gt; &amp; co" in text


def test_pack_respects_the_budget_and_keeps_the_best_first():
    items = [
        _item("relevant_facts", f"fact number {i} " + "word " * 10, 1 - i / 100) for i in range(40)
    ]
    for budget in (40, 80, 200):
        injection, kept, tokens = pack(items, "Sam", "q", budget)
        assert tokens == count_tokens(injection) <= budget
        assert kept == items[: len(kept)]
    _, kept_small, _ = pack(items, "Sam", "q", 80)
    _, kept_big, _ = pack(items, "Sam", "q", 200)
    assert 0 < len(kept_small) < len(kept_big)


def test_pack_returns_nothing_when_even_the_frame_does_not_fit():
    assert pack([_item("relevant_facts", "x")], "Sam", "q", 3) == ("", [], 0)


def test_sections_by_category_and_subject():
    def f(category, subject="Sam"):
        return Fact(
            id="x",
            user_id="s",
            text="t",
            type="USER_FACT",
            category=category,
            confidence=0.9,
            subject=subject,
            turn_ids=[],
            evidence="t",
        )

    assert section_for_fact(f("decision"), "Sam") == "recent_decisions"
    assert section_for_fact(f("like"), "Sam") == "user_preferences"
    assert section_for_fact(f("work"), "Sam") == "active_projects"
    assert section_for_fact(f("location"), "Sam") == "relevant_facts"
    assert section_for_fact(f("like", subject="Maya"), "Sam") == "relevant_people"


def test_pack_caps_keep_a_group_to_its_share():
    items = [_item("user_preferences", f"preference {i} " + "word " * 8) for i in range(10)]
    items += [_item("relevant_facts", f"fact {i} " + "word " * 8) for i in range(10)]
    caps = [60] * 10 + [None] * 10
    _, kept, tokens = pack(items, "Sam", "q", 200, caps)
    prefs = [it for it in kept if it.section == "user_preferences"]
    assert 0 < len(prefs) < 10
    assert len(kept) > len(prefs) and tokens <= 200
