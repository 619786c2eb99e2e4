"""What a conversation establishes for later sentences: the speaker's organisation ("I'm a PM
at Acme" makes a later "our customers" Acme's customers) and the named project being talked
about ("calling it Trailmix" makes a later "the beta" Trailmix's beta)."""

from __future__ import annotations

from contextos.extract.local.text.lexicon.words import words

#: Parts and stages of a piece of work: a bare "the beta", "design", "the launch date" in a
#: conversation about a named project is that project's ("the Trailmix beta").
FACET_NOUNS: frozenset[str] = words(
    """beta alpha launch release design frontend backend scope demo build mvp prototype roadmap
    milestone milestones deadline timeline spec pilot rollout codebase repo database schema api
    trailer leaderboard v1 v2 v3 beta-test changelog landing"""
)
#: Facet nouns that a proper noun in front of makes a project name ("the Trailmix beta",
#: "Trailmix v1"); "demo", "launch" and the like are left out because events and platforms
#: take them too ("the Winter Fair demo", "the console launch").
NAMING_FACETS: frozenset[str] = words(
    """beta alpha roadmap milestone milestones frontend backend codebase repo mvp v1 v2 v3
    changelog"""
)
#: Verbs that give something its name ("I'm calling it Trailmix", "it's called Trailmix").
NAMING_VERBS: frozenset[str] = words("call name dub title")
#: Nouns of a person's private life: "our" in front of them stays the speaker's ("our dog"),
#: whatever organisation the speaker works for.
PERSONAL_NOUNS: frozenset[str] = words(
    """house home flat apartment place dog dogs cat cats pet pets car cars kid kids child
    children baby family wedding trip vacation holiday honeymoon garden yard neighborhood
    neighbourhood lease rent mortgage savings marriage anniversary relationship parents
    room bedroom kitchen church friends"""
)
#: Parts of the body: chat drops the "my" in front of one ("knee is killing me", "wrist is
#: fine now") and it is still the speaker's.
BODY_PARTS: frozenset[str] = words(
    """knee knees wrist wrists back hip hips shoulder shoulders ankle ankles neck elbow foot feet
    hand hands leg legs arm arms hamstring calf stomach throat tooth teeth eye eyes ear ears
    chest spine"""
)
#: What only two people are to each other: a "we" that is "married" is a couple, not a family.
COUPLE_WORDS: frozenset[str] = words("married marry engaged engage divorced divorce wed dating")
#: Verbs and roles by which a speaker says where they work: "I work at X", "I'm a PM at X".
EMPLOYMENT_VERBS: frozenset[str] = words("work be intern consult freelance teach join")

#: People a speaker lives with as a family: once "my wife" / "our kids" is said, a private
#: "we" ("we need to be unpacked before term begins") is the speaker's family.
HOUSEHOLD_NOUNS: frozenset[str] = words(
    """wife husband spouse kid kids child children son sons daughter daughters family baby
    toddler twins stepson stepdaughter"""
)
