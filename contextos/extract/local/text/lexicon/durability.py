"""Durability: status words, linking verbs, moods, mental verbs and moment markers that
tell a lasting state from a passing one."""

from __future__ import annotations

from contextos.extract.local.text.lexicon.words import words

# --- durability ----------------------------------------------------------------------------

#: Words of a status or lasting state: "the audit is closed", "the beta is live", "I'm vegan".
STATUS_WORDS: frozenset[str] = words(
    """done finished complete completed ready live due blocked stuck unblocked broken fixed
    approved rejected accepted cancelled canceled closed open over back late delayed behind
    ahead final available scheduled booked signed shipped launched pending underway retired
    active paused married engaged pregnant divorced single allergic vegan vegetarian sober
    remote enrolled certified licensed injured sick based born free full empty official
    responsible new old queued approve accept reject sign deliver release launch finish
    complete start begin end submit publish hire fire promote leave join"""
)
#: Verbs that link a subject to a predicate adjective.
LINKING_VERBS: frozenset[str] = words("be seem look sound feel appear become get stay remain")
#: Verbs of an impression: "the intern seems nice" is an impression of the moment.
APPEARANCE_VERBS: frozenset[str] = words("seem look sound feel appear")
#: Adjectives of a passing mood ("I'm exhausted"): not worth remembering about the speaker.
MOOD_ADJECTIVES: frozenset[str] = words(
    """tired exhausted sleepy hungry thirsty bored annoyed frustrated upset mad angry excited
    nervous grumpy cranky sad cold hot busy confused stressed worried overwhelmed wiped
    knackered drained shattered shaky sore fried jetlagged hungover anxious scared relieved"""
)
#: Adjectives by which a ", which is ..." after a statement judges the whole of it ("..., which
#: is somewhat amusing", "..., which was great"), rather than describing the noun before it.
COMMENT_ADJECTIVES: frozenset[str] = words(
    """amusing funny hilarious ironic great nice good lovely awesome amazing brilliant cool
    fine annoying frustrating weird strange odd crazy insane wild sad unfortunate interesting
    typical ridiculous convenient handy perfect fantastic terrible awful horrible scary
    worrying helpful useful surprising unsurprising fair understandable embarrassing
    impressive wonderful excellent frightening exciting reassuring"""
)
#: Verbs of a passing thought or a conversational act ("I know the answer", "I refuse to accept
#: that", "I thank my readers"): with the speaker as subject, not a lasting fact about them.
MENTAL_VERBS: frozenset[str] = words(
    """know realize realise forget mean notice thank refuse bet doubt understand suspect
    misread admit"""
)
#: Words that tie a statement to the moment of speaking ("on my phone rn").
MOMENT_MARKERS: tuple[str, ...] = (
    "rn",
    "atm",
    "right now",
    "at the moment",
    "gotta go",
    "got to go",
    "brb",
    "gtg",
)
#: Words for the day of speaking, which make no evaluation last ("the weather is nice today").
SAME_DAY_WORDS: frozenset[str] = frozenset({"today", "tonight", "tonite", "2day"})
#: Nouns of a stretch of life that "right now" does not make passing ("I'm in college right
#: now", "I'm going to hairdresser school right now").
LIFE_PHASE_NOUNS: frozenset[str] = words(
    """school college university uni course program programme degree semester army navy
    military internship apprenticeship residency training therapy job career"""
)
#: Situations a chat is typed from ("on my break", "on the tram"): the same one at the start
#: of several chats is a habit.
SITUATION_NOUNS: frozenset[str] = words(
    """break lunch commute train bus subway metro tube flight plane layover shift gym walk
    couch bed phone"""
)
#: Where one goes in the course of a day: "I'm off to sleep", "heading to the gym" is the
#: speaker leaving now, not a plan ("I'm going to Iceland in May").
ROUTINE_DESTINATIONS: frozenset[str] = SITUATION_NOUNS | words(
    """sleep work office shower bath dinner breakfast shop shops store supermarket pub class"""
)
#: Verbs of a reaction of the moment ("I laughed a little", "Cosmo shrieked"): how something was
#: taken, not a fact to keep; in the present tense a habit ("I cry at every wedding").
MOMENT_REACTIONS: frozenset[str] = words(
    """cry sob weep laugh giggle scream shriek squeal gasp panic"""
)
#: Nouns for the conversation itself: a statement about it is not about the user's life.
CONVERSATION_NOUNS: frozenset[str] = words("chat conversation convo thread message")
#: Verbs of handing something over in the chat ("I send you the menu", "pasting the error").
HANDOVER_VERBS: frozenset[str] = words("send paste attach share forward upload give drop")
#: What a clause announces without saying it ("I have news about the flat").
NEWS_NOUNS: frozenset[str] = words("news update updates")
