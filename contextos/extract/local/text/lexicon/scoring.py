"""Importance per category and confidence per subject kind, with the hedge, negation and
repetition adjustments."""

from __future__ import annotations

# --- importance --------------------------------------------------------------------------------

CATEGORY_IMPORTANCE: dict[str, float] = {
    "work": 0.7,
    "relationship": 0.7,
    "decision": 0.75,
    "goal": 0.7,
    "plan": 0.6,
    "challenge": 0.65,
    "expertise": 0.65,
    "location": 0.7,
    "trait": 0.55,
    "like": 0.5,
    "dislike": 0.5,
    "tool": 0.55,
    "learning_interest": 0.55,
    "experience": 0.5,
    "other": 0.4,
}

# --- confidence --------------------------------------------------------------------------------

#: Base confidence by what the clause's subject is.
SUBJECT_CONFIDENCE: dict[str, float] = {
    "self": 0.88,  # "I ..."
    "self_copula": 0.92,  # "I am a nurse", "my manager is Tom"
    "self_possessive": 0.88,  # "my sister lives in Oslo"
    "group": 0.86,  # "we ...", "our team ..."
    "implied": 0.82,  # subject dropped in chat: "finished the migration yesterday"
    "person": 0.85,  # a named person the speaker tells about
    "thing": 0.82,  # a definite thing in the speaker's life: "the demo is due Friday"
    "shared": 0.72,  # something the speaker and the assistant did together
}
#: A standing request to the assistant, said once but in so many words ("from now on ...").
STANDING_CONFIDENCE = 0.88
#: A place the speaker puts themselves in passing ("here in Winnipeg"): said, not stated.
PLACE_CONFIDENCE = 0.85
HEDGE_PENALTY = 0.12
NEGATION_PENALTY = 0.03
#: Each further turn that states (or agrees with) a fact adds this much, up to the maximum:
#: "I enjoy X" (0.65) said in three turns reaches 0.81.
REPETITION_BONUS = 0.08
REPETITION_BONUS_MAX = 0.16
