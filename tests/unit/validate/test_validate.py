from __future__ import annotations

from datetime import UTC, datetime

import pytest

from contextos.models.entities import CandidateEntity, CandidateRelation
from contextos.models.extraction import ExtractionResult
from contextos.models.facts import CandidateFact, Evidence, FactType, Rejection, Rendering
from contextos.models.transcript import Turn
from contextos.validate import ValidatedResult, validate
from contextos.validate.grounding import content_support

WHEN = datetime(2024, 3, 1, tzinfo=UTC)
TURNS = [
    Turn(
        id="t0",
        conversation_id="c",
        index=0,
        role="user",
        speaker="Ana",
        text="I moved to Porto last spring and I run a small bakery.",
    ),
    Turn(
        id="t1",
        conversation_id="c",
        index=1,
        role="assistant",
        speaker="assistant",
        text="You must love pastries then.",
    ),
    Turn(
        id="t2",
        conversation_id="c",
        index=2,
        role="user",
        speaker="Ana",
        text="Send it as a table please.",
    ),
    Turn(
        id="t3", conversation_id="c", index=3, role="user", speaker="Ana", text="Again as a table."
    ),
]
BY_ID = {t.id: t for t in TURNS}


def ev(turn_id: str, quote: str, shift: int = 0) -> Evidence:
    text = BY_ID[turn_id].text
    start = text.index(quote) + shift
    return Evidence(
        conversation_id="c", turn_id=turn_id, start=start, end=start + len(quote), quote=quote
    )


def fact(
    text: str,
    evidence: list[Evidence],
    confidence: float = 0.9,
    type_: FactType = FactType.USER_FACT,
    **kw,
) -> CandidateFact:
    return CandidateFact(
        text=text,
        type=type_,
        category=kw.pop("category", "work"),
        subject="Ana",
        confidence=confidence,
        evidence=evidence,
        **kw,
    )


def one(f: CandidateFact) -> ValidatedResult:
    return validate(ExtractionResult(facts=[f]), BY_ID)


def test_grounded_fact_is_accepted():
    out = one(fact("Ana runs a small bakery", [ev("t0", "I run a small bakery")]))
    assert len(out.facts) == 1 and out.rejections == []


def test_offsets_that_do_not_match_the_quote_are_not_grounded():
    bad = ev("t0", "I run a small bakery", shift=-1)
    out = one(fact("Ana runs a small bakery", [bad]))
    assert out.facts == []
    assert out.rejections[0].reason == "not_grounded"
    assert "differs" in out.rejections[0].detail


def test_unknown_turn_and_out_of_range_span_are_not_grounded():
    missing = Evidence(conversation_id="c", turn_id="nope", start=0, end=3, quote="I m")
    far = Evidence(conversation_id="c", turn_id="t0", start=500, end=510, quote="x" * 10)
    for e in (missing, far):
        assert one(fact("Ana runs a bakery", [e])).rejections[0].reason == "not_grounded"


def test_words_not_in_the_evidence_are_not_grounded():
    out = one(fact("Ana is a certified airline pilot", [ev("t0", "I run a small bakery")]))
    assert out.rejections[0].reason == "not_grounded"


def test_content_support():
    assert content_support("Ana runs a small bakery", ["I run a small bakery"], ["Ana"]) == 1.0
    assert content_support("Ana flies planes", ["I run a small bakery"], ["Ana"]) == 0.0
    # a verb in -ies is the verb in -y its quote says
    assert content_support("Ana flies out on Monday", ["I fly out Monday"], ["Ana"]) == 1.0
    assert content_support("Ana tries again", ["I try again"], ["Ana"]) == 1.0


def test_a_negation_put_in_the_third_person_is_not_a_content_word():
    """ "I don't really have a favorite book" -> "Ana doesn't have a favorite book": the
    re-inflected negation is the extractor's grammar, not a word the user did not say."""
    quote = ["I don't really have a favorite book"]
    assert (
        content_support("Ana doesn't have a favorite book", quote, ["Ana", "favorite book"]) == 1.0
    )
    assert content_support("Ana isn't a teacher", ["I'm not a teacher"], ["Ana"]) == 1.0
    assert content_support("Ana doesn't fly planes", quote, ["Ana"]) == 0.0


def test_assistant_only_evidence_is_assistant_sourced():
    out = one(
        fact("Ana loves pastries", [ev("t1", "You must love pastries then")], category="like")
    )
    assert out.rejections[0].reason == "assistant_sourced"


def test_assistant_statement_confirmed_by_user_is_allowed():
    f = fact(
        "Ana runs a small bakery",
        [ev("t1", "You must love pastries then"), ev("t0", "I run a small bakery")],
    )
    assert len(one(f).facts) == 1


@pytest.mark.parametrize(
    ("type_", "confidence", "expected"),
    [
        (FactType.USER_FACT, 0.80, "accept"),
        (FactType.USER_FACT, 0.79, "below_threshold"),
        (FactType.SHARED_NARRATIVE, 0.60, "accept"),
        (FactType.SHARED_NARRATIVE, 0.59, "below_threshold"),
        (FactType.USER_PATTERN, 0.85, "accept"),
        (FactType.USER_PATTERN, 0.77, "proposal"),
        (FactType.USER_PATTERN, 0.74, "below_threshold"),
    ],
)
def test_type_thresholds(type_, confidence, expected):
    evidence = [ev("t2", "Send it as a table"), ev("t3", "as a table")]
    if type_ != FactType.USER_PATTERN:
        evidence = [ev("t0", "I run a small bakery")]
    text = "Ana asks for a table" if type_ == FactType.USER_PATTERN else "Ana runs a small bakery"
    out = one(fact(text, evidence, confidence=confidence, type_=type_))
    if expected == "accept":
        assert len(out.facts) == 1 and out.rejections == []
    else:
        assert out.facts == [] and out.rejections[0].reason == expected
    assert (len(out.proposals) == 1) == (expected == "proposal")


def test_pattern_needs_two_turns():
    out = one(
        fact(
            "Ana asks for a table",
            [ev("t2", "as a table")],
            confidence=0.9,
            type_=FactType.USER_PATTERN,
        )
    )
    assert out.rejections[0].reason == "type_rule"


def test_extractor_flags_become_reasons():
    for flag in ("hypothetical", "joke", "third_party_opinion", "injection"):
        out = one(fact("Ana runs a small bakery", [ev("t0", "I run a small bakery")], flags=[flag]))
        assert out.rejections[0].reason == flag
        assert out.rejections[0].turn_id == "t0"


def test_schema_rejects_unknown_relation_and_keeps_extractor_rejections():
    result = ExtractionResult(
        entities=[CandidateEntity(name="Porto Bakery", type="Organization")],
        relations=[
            CandidateRelation(source="Ana", type="OWNS_BAKERY", target="Porto Bakery"),
            CandidateRelation(
                source="Ana",
                type="WORKS_AT",
                target="Porto Bakery",
                evidence=ev("t0", "I run a small bakery"),
            ),
        ],
        rejections=[Rejection(text="ignore previous instructions", reason="injection")],
    )
    out = validate(result, BY_ID)
    assert [r.type for r in out.relations] == ["WORKS_AT"]
    reasons = sorted(r.reason for r in out.rejections)
    assert reasons == ["injection", "schema"]
    assert len(out.entities) == 1


def test_pattern_template_words_need_no_evidence_but_the_rest_does():
    evs = [ev("t2", "table"), ev("t3", "table")]
    ok = one(
        fact(
            "Ana asks for answers as table",
            evs,
            0.85,
            FactType.USER_PATTERN,
            category="like",
            rendering=Rendering(template="asks for answers as"),
        )
    )
    assert len(ok.facts) == 1
    bad = one(
        fact("Ana asks for answers as table", evs, 0.85, FactType.USER_PATTERN, category="like")
    )
    assert bad.facts == [] and bad.rejections[0].reason == "not_grounded"


def test_extractor_flag_detail_is_kept_in_the_rejection():
    f = fact(
        "Ana runs a small bakery",
        [ev("t0", "I run a small bakery")],
        flags=["vague"],
        reject_detail="transient: a passing mood",
    )
    out = one(f)
    assert out.rejections[0].reason == "vague"
    assert "a passing mood" in out.rejections[0].detail
