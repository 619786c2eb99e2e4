"""Rendering clauses as compact third-person facts: discourse and filler words, clitics,
chat shorthand and perfect participles."""

from __future__ import annotations

from contextos.extract.local.text.lexicon.words import words

# --- rendering ---------------------------------------------------------------------------------

#: Pictographs, dingbats and their joiners / variation selectors, as a regex character-class
#: body: a reaction in chat ("shipped it 🎉"), never part of a fact.
EMOJI_CHARS = "\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d"
#: Arrows, geometric shapes and other symbols around the emoji blocks: symbols, not words.
SYMBOL_CHARS = "\u2190-\u25ff\u27c0-\u2bff"

#: Words that open a chat sentence without adding to its content ("honestly", "oh and", "ok").
DISCOURSE_WORDS: frozenset[str] = words(
    """also honestly so ok okay oh and but well anyway anyways actually yeah yes yep plus then um
    uh hmm btw fyi now basically seriously frankly ah ugh great right good nah no sure
    meanwhile other thing random update updates quick note first second finally lastly besides
    small big news win idk dunno imo imho ngl tbh"""
)
#: Words of a lead-in label announcing a problem ("Blocker:", "the catch:", "Risk:"): what
#: follows is the problem, its "not" ("the approval still hasn't come back") what it is.
PROBLEM_LABEL_WORDS: frozenset[str] = words(
    """blocker blockers blocked blocking problem problems issue issues risk risks bug bugs
    snag snags catch concern concerns challenge challenges obstacle trouble"""
)
#: Words of a lead-in label that name no topic ("Small correction:", "Weekly roundup:"); the
#: rest of a label is the topic the statement after it is about ("Autopay:", "HPC update:").
LABEL_WORDS: frozenset[str] = DISCOURSE_WORDS | words(
    """correction correct context background status edit ps reminder question agenda action
    items item todo to-do summary tl;dr bad heads up two three four five one latest decision
    decisions some before my personal request requests general quick small unrelated separately
    aside side sidenote otherwise different notes elsewhere totally completely topic"""
)
#: Discourse markers and intensifiers dropped from fact text when they modify something
#: (adverb, interjection) and have no dependents of their own: "I literally just moved" ->
#: "Dana moved". Hedges ("probably") stay: they change what the fact claims.
FILLER_WORDS: frozenset[str] = words(
    """actually literally officially honestly basically really just totally seriously
    definitely tbh btw fyi imo imho ngl lowkey also too anyway anyways kinda sorta super
    finally truly absolutely obviously simply already pretty way so well even"""
)
FILLER_DEPS: frozenset[str] = frozenset({"advmod", "intj", "npadvmod", "dep", "discourse", "cc"})
#: Chat abbreviations that are fillers whatever the parser made of them ("I'm vegetarian btw":
#: parsed as the complement, with "vegetarian" modifying it).
CHAT_FILLERS: frozenset[str] = words("btw tbh fyi ngl lol lmao haha")
#: Sounds and exclamations, which the parser may take for a name when one stands alone
#: ("Ugh.", "Oof."): no one a later "he" or "she" stands for.
INTERJECTIONS: frozenset[str] = words(
    """ugh argh sigh oof lol lmao rofl meh ooh oh aah ahh phew yikes oops welp hmm hm eek gah
    blah ew eww whoa wow ha haha hah heh jeez gosh damn dammit crap ouch yay woohoo hooray
    bleh omg wtf smh huh yawn sheesh aw aww"""
)
#: Multi-word fillers, as lower-case token sequences.
FILLER_PHRASES: tuple[tuple[str, ...], ...] = (
    ("by", "the", "way"),
    ("for", "the", "record"),
    ("pretty", "much"),
    ("to", "be", "honest"),
    ("of", "course"),
    ("at", "the", "end", "of", "the", "day"),
    ("for", "what", "it", "'s", "worth"),
    ("if", "i", "'m", "honest"),
    ("thank", "god"),
    ("thank", "goodness"),
    ("thank", "heavens"),
    ("oh", "my", "god"),
)

#: Words that end a chat clause without adding to it ("the thesis is due in June, so").
TRAILING_WORDS: frozenset[str] = words(
    """so too though anyway anyways lol haha btw tbh then either also yet ok okay hopefully idk
    dunno imo imho ngl"""
)

#: How fact text names "we" in a meeting, and how many human speakers make one (two people
#: chatting are a dialogue, where "we" stays the speaker and company).
MEETING_GROUP = "the team"
MEETING_MIN_SPEAKERS = 3

#: Contracted auxiliaries and what they stand for once the subject is a third person.
CLITICS: dict[str, str] = {
    "'m": "is",
    "’m": "is",
    "'re": "is",
    "’re": "is",
    "'s": "is",
    "’s": "is",
    "'ve": "has",
    "’ve": "has",
    "'ll": "will",
    "’ll": "will",
    "'d": "would",
    "’d": "would",
}
#: Chat shorthand the parser is told to read as the word it stands for (the token keeps its
#: text, so evidence offsets do not move): "leaning Grenoble bc my cousin lives there" parses
#: as a reason, not as a noun "bc". Spelled out in fact text as well.
PARSE_NORMS: dict[str, str] = {
    "bc": "because",
    "b/c": "because",
    "bcuz": "because",
    "cuz": "because",
    "coz": "because",
    "tho": "though",
    "thru": "through",
    "abt": "about",
    "w/": "with",
    "w/o": "without",
    "pls": "please",
    "plz": "please",
    "rly": "really",
    "prolly": "probably",
    "ppl": "people",
    "yrs": "years",
    "yr": "year",
    "hrs": "hours",
    "mins": "minutes",
    "wks": "weeks",
    "mgr": "manager",
    "appt": "appointment",
    "bday": "birthday",
    "wk": "week",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "yday": "yesterday",
    "til": "until",
    "b4": "before",
    "bout": "about",
    "thx": "thanks",
    "ur": "your",
    "convo": "conversation",
    "rn": "now",
    "ngl": "honestly",
    "tbh": "honestly",
    "teh": "the",
    "defs": "definitely",
    # single letters: lower case only ("N" may be a variable, "W" a letter)
    "r": "are",
    "u": "you",
    "n": "and",
    "w": "with",
}
#: Chat shorthand spelled out in fact text ("dev" -> "developer"), PARSE_NORMS included (lower
#: case; not applied to proper nouns).
SHORTHAND: dict[str, str] = {
    **PARSE_NORMS,
    "dev": "developer",
    "devs": "developers",
    "eng": "engineering",
    "hr": "hour",
    "min": "minutes",
    "approx": "approximately",
    "govt": "government",
    "uni": "university",
    "info": "information",
    "pics": "pictures",
    "bf": "boyfriend",
    "gf": "girlfriend",
}
#: Weekdays as chat shortens them: spelled out in a run of days ("sat + sun", "tue-sun").
DAY_SHORTHAND: dict[str, str] = {
    "mon": "Monday",
    "tue": "Tuesday",
    "tues": "Tuesday",
    "wed": "Wednesday",
    "thu": "Thursday",
    "thur": "Thursday",
    "thurs": "Thursday",
    "fri": "Friday",
    "sat": "Saturday",
    "sun": "Sunday",
}
#: The weekdays' full names, in lower case.
DAY_NAMES: frozenset[str] = frozenset(day.lower() for day in DAY_SHORTHAND.values())
#: Technology shorthand spelled out whatever its tag or case ("TS" -> "TypeScript"); the
#: abbreviations are the usual ones in chat about software, never special to one user.
TECH_SHORTHAND: dict[str, str] = {
    "ts": "TypeScript",
    "js": "JavaScript",
    "k8s": "Kubernetes",
}
#: Participles after which a contracted "'s" is "has" ("she's been", "he's got").
PERFECT_PARTICIPLES: frozenset[str] = words("been got gotten had done gone seen")
#: Participles of verbs that have no passive, or none a chat would say: a "'s" before them is
#: always "has" ("Ulrike's gone onto night shifts", "it's come back", "he's lived on his own since
#: Mum died", "she's worked nights for years"), never "is".
NO_PASSIVE_PARTICIPLES: frozenset[str] = words(
    """been gone come become arrived happened fallen died lived worked stayed slept travelled
    traveled lasted grown"""
)
#: Irregular third-person-singular present forms.
IRREGULAR_3SG: dict[str, str] = {"be": "is", "have": "has", "do": "does", "go": "goes"}

#: Verbs that as a bare participle say nothing lasting ("I'm done", "I was kidding", "I'm
#: working"); other bare participles do ("I am homeschooled", "I do bodybuilding").
GENERIC_PREDICATES: frozenset[str] = words(
    """do go try think wonder kid joke leave come wait work finish confuse tire bore excite
    interest worry get say tell ask mean guess suppose hope feel look see know agree understand
    remember forget start stop continue move stay live run plan need want use make take keep call
    chat talk play read write watch eat cook sleep rest relax travel drive walk shop clean
    study learn listen hang sit stand confused tired bored excited interested worried stressed
    stuck lost busy"""
)
#: Adjectives of a conversational reaction ("I'm sorry to hear that", "I'm glad we met"): with
#: no complement, an infinitive or a clause, "I am <adj>" says nothing lasting about the speaker.
REACTION_ADJECTIVES: frozenset[str] = words(
    """sorry glad sure happy excited thrilled pleased delighted curious interested surprised
    impressed jealous envious grateful thankful honored honoured relieved afraid certain
    positive confident fine okay ok good great"""
)
#: Adjectives that only say whether something said was so ("35 tables is right"): a
#: verdict on the conversation, not a fact.
VERDICT_ADJECTIVES: frozenset[str] = words("right correct accurate true wrong incorrect")
#: Verbs of taking part in the conversation after a reaction adjective ("glad to hear about
#: the new job", "glad to help"): the infinitive is still a reaction.
REACTION_VERBS: frozenset[str] = words(
    "hear see help meet know learn read say tell talk chat share answer be"
)
