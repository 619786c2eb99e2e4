"""The categorising stage: every extractor's candidates that no cue placed ("other" for want
of one) get the category of the nearest MiniLM prototype sentences, from the vector embedded
for the fact anyway (so categorising costs one small product per conversation).

Prototypes: a few sentences per category (``CATEGORY_PROTOTYPES``); a fact's score for a
category is the mean of its ``top_k`` best cosines to that category's sentences. A clause's
tense rules some categories out whatever the words resemble (a past event is no plan).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from contextos.models.facts import CandidateFact, FactType

__all__ = [
    "CATEGORY_PROTOTYPES",
    "PrototypeClassifier",
    "categorise_uncued",
    "ruled_out_by_tense",
    "uncued",
]

#: Prototype sentences per category for MiniLM similarity (used when the cues above are silent).
CATEGORY_PROTOTYPES: dict[str, tuple[str, ...]] = {
    "like": (
        "She loves hiking in the mountains.",
        "He prefers short answers.",
        "They enjoy cooking Italian food.",
        "He plays the guitar in his free time.",
        "Her favourite band is Radiohead.",
        "He is a big fan of science fiction.",
    ),
    "dislike": (
        "She hates writing reports from scratch.",
        "He can't stand loud music.",
        "She finds meetings a waste of time.",
        "He does not like spicy food.",
    ),
    "expertise": (
        "She has ten years of experience in accounting.",
        "He is an expert in distributed databases.",
        "She speaks fluent French.",
        "He is a certified electrician.",
        "She knows statistics well.",
    ),
    "experience": (
        "She visited Japan last year.",
        "He used to be in the army.",
        "They grew up on a farm.",
        "She ran her first marathon in 2019.",
        "He won a prize at the county fair.",
        "He lost his job during the recession.",
        "She was rejected by her first-choice university.",
    ),
    "goal": (
        "She wants to run a marathon.",
        "He is preparing for a certification exam.",
        "Her goal is to get promoted.",
        "He is saving up to buy a house.",
        "She hopes to find a new client this year.",
        "He is training for a half marathon.",
    ),
    "challenge": (
        "She is struggling with back pain.",
        "His project is blocked by a bug.",
        "The release is delayed because the vendor is late.",
        "The build keeps crashing.",
        "She is overwhelmed at work.",
        "Money is tight this month.",
    ),
    "tool": (
        "She uses a spreadsheet to track her budget.",
        "He writes code in Python.",
        "The team moved their tracking to a new software platform.",
        "He keeps his notes in Notion.",
        "The app runs on a Postgres database.",
        "She edits the videos in Premiere.",
        "He does his drawings on an iPad app.",
        "The dashboards are in Grafana.",
    ),
    "learning_interest": (
        "She is learning Spanish.",
        "He is taking an online course.",
        "She is reading about machine learning.",
        "He wants to get better at public speaking.",
    ),
    "trait": (
        "She tends to overthink decisions.",
        "He is an early riser.",
        "She is a vegetarian.",
        "He volunteers at the food bank on weekends.",
        "She is an introvert.",
    ),
    "work": (
        "She works as a nurse at the city hospital.",
        "He is the lead programmer.",
        "She finished the quarterly report.",
        "The team shipped the new release.",
        "The client approved the proposal.",
        "Half of the migration is done.",
        "The paper was accepted by the journal.",
        "The contract was signed and paid in full.",
        "He got a job offer from a bank.",
        "She is paid a monthly retainer.",
    ),
    "relationship": (
        "Her manager is Tom.",
        "His sister lives in Boston.",
        "She has a dog named Max.",
        "Her husband is a teacher.",
        "Anna is the new designer on his team.",
        "His daughter started school.",
    ),
    "location": (
        "She lives in Chicago.",
        "He is moving to Berlin next month.",
        "The office is in the city centre.",
        "The venue is an hour away from her home.",
    ),
    "plan": (
        "She is taking Friday off.",
        "The launch is scheduled for October.",
        "He will present the results next week.",
        "The deadline for the draft is the end of the month.",
        "He is out next week for a wedding.",
        "The meeting is on Tuesday at 10.",
        "The manager wants the report by Friday.",
    ),
    "decision": (
        "She decided to use PostgreSQL instead of MongoDB.",
        "They agreed to postpone the launch.",
        "He chose the cheaper supplier.",
        "She signed up for the spring course.",
        "They settled on a date for the wedding.",
    ),
    "other": (
        "The weather was nice.",
        "He takes blood pressure medication twice a day.",
        "His passport is valid until 2029.",
        "The account has 2,000 dollars in it.",
        "The doctor increased the dose.",
    ),
}


def uncued(fact: CandidateFact) -> bool:
    """A fact whose own words named no category (it is "other" for want of a cue): the
    embedding prototypes may place it. Facts about the conversation with the assistant stay
    "other"."""
    return fact.category == "other" and not fact.cue and fact.type is not FactType.SHARED_NARRATIVE


def categorise_uncued(
    facts: list[CandidateFact], vectors: Any, classifier: PrototypeClassifier
) -> list[CandidateFact]:
    """``facts`` with the :func:`uncued` ones given the category of the prototypes nearest
    their ``vectors`` (one unit vector per fact, embedded by the classifier's embedder)."""
    todo = [k for k, f in enumerate(facts) if uncued(f)]
    if not todo:
        return facts
    found = classifier.classify_vectors(
        np.asarray([vectors[k] for k in todo], dtype=np.float32),
        [facts[k].tense for k in todo],
    )
    out = list(facts)
    for k, (category, score) in zip(todo, found, strict=True):
        cue = f"prototype similarity {score:.2f}"
        out[k] = out[k].model_copy(update={"category": category, "cue": cue})
    return out


class PrototypeClassifier:
    """Nearest category by MiniLM cosine to a few prototype sentences per category."""

    def __init__(self, embed: Any, top_k: int = 3) -> None:
        self._embed = embed
        self._top_k = top_k
        self._labels: list[str] = []
        self._matrix: np.ndarray | None = None

    def _prototypes(self) -> tuple[list[str], np.ndarray]:
        if self._matrix is None:
            labels: list[str] = []
            texts: list[str] = []
            for cat, sentences in CATEGORY_PROTOTYPES.items():
                for s in sentences:
                    labels.append(cat)
                    texts.append(s)
            self._labels = labels
            self._matrix = np.asarray(self._embed(texts), dtype=np.float32)
        return self._labels, self._matrix

    def classify(
        self, texts: list[str], tenses: list[str | None] | None = None
    ) -> list[tuple[str, float]]:
        if not texts:
            return []
        return self.classify_vectors(np.asarray(self._embed(texts), dtype=np.float32), tenses)

    def classify_vectors(
        self, vecs: np.ndarray, tenses: list[str | None] | None = None
    ) -> list[tuple[str, float]]:
        """(category, score) for texts already embedded (unit MiniLM vectors): the ingestion
        pipeline embeds every fact anyway, so categorising there costs one small product.
        ``tenses`` (one per row) rule categories out: see :func:`ruled_out_by_tense`."""
        if not len(vecs):
            return []
        labels, protos = self._prototypes()
        sims = np.asarray(vecs, dtype=np.float32) @ protos.T
        cats = list(CATEGORY_PROTOTYPES)
        # per category, the mean of its top_k prototype similarities (all rows at once)
        scores = np.stack(
            [
                np.sort(sims[:, [i for i, lab in enumerate(labels) if lab == cat]], axis=1)[
                    :, ::-1
                ][:, : self._top_k].mean(axis=1)
                for cat in cats
            ],
            axis=1,
        )
        for row, tense in enumerate(tenses or ()):
            for cat in ruled_out_by_tense(tense):
                scores[row, cats.index(cat)] = -np.inf
        best = scores.argmax(axis=1)
        return [(cats[b], float(scores[r, b])) for r, b in enumerate(best)]


def ruled_out_by_tense(tense: str | None) -> frozenset[str]:
    """Categories a clause's tense rules out whatever its words resemble: a past event is no
    plan ("the permit came through on Tuesday, May 5" reads like a schedule to MiniLM)."""
    return _NOT_IN_THE_PAST if tense == "past" else frozenset()


_NOT_IN_THE_PAST = frozenset({"plan"})
