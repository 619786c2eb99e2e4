"""The local extractor's rule tables, as data, in one place.

Everything here is general English usage (pronouns, modal verbs, preference verbs, kinship
nouns, ...), never words taken from a particular transcript. The modules that use these tables
read them through dependency-parse structure (lemma of the clause head, the subject's person,
the ``neg`` dependency), so one entry covers every inflection and word order.
"""

from __future__ import annotations


def words(text: str) -> frozenset[str]:
    """A word set written as one whitespace-separated string."""
    return frozenset(text.split())


# --- fast skip -------------------------------------------------------------------------------

#: Words that make up greetings, thanks and confirmations. A turn made only of these (plus
#: punctuation and emoji) carries no fact and is skipped before parsing.
PHATIC_WORDS: frozenset[str] = words(
    """hi hello hey hiya morning evening afternoon good night gm thanks thank thx ty you so much
    very lot great ok okay k kk yes yeah yep yup sure cool nice perfect awesome fine got it bye
    cheers sounds lol haha no nope nah alright right exactly correct done sent will do that's
    thats that works for me please pls love amazing brilliant wonderful excellent appreciate
    it's its all good this helps helpful makes sense understood noted agreed"""
)

# --- run-on sentences ------------------------------------------------------------------------

#: Words that, right after a comma (or "so"/"but"), start a new main clause: a personal subject
#: or a request to the listener (regex parts, lower case). Not "my": ", my manager" is more
#: often an apposition than a new clause.
CLAUSE_OPENERS: tuple[str, ...] = (
    "i",
    "i'm",
    "i’m",
    "im",
    "i've",
    "i’ve",
    "i'll",
    "i’ll",
    "i'd",
    "i’d",
    "we",
    "we're",
    "we’re",
    "we've",
    "we’ve",
    "we'll",
    "we’ll",
    "can you",
    "could you",
    "would you",
    "please",
)
#: Third-person subjects start a new clause only after a conjunction ("she's a vet so she
#: works weekends"); after a bare comma they often follow the name they refer to ("cc Tom,
#: he's my manager").
THIRD_OPENERS: tuple[str, ...] = (
    "he",
    "he's",
    "he’s",
    "she",
    "she's",
    "she’s",
    "they",
    "they're",
    "they’re",
)
#: Subordinators: a sentence that opens with one keeps its comma-joined main clause.
SUBORDINATORS: frozenset[str] = words(
    """if when whenever unless although though because since once while before after until
    as whether even"""
)

# --- pronouns and subjects -------------------------------------------------------------------

FIRST_SINGULAR: frozenset[str] = frozenset({"i", "me", "my", "mine", "myself"})
FIRST_PLURAL: frozenset[str] = frozenset({"we", "us", "our", "ours", "ourselves"})
SECOND_PERSON: frozenset[str] = frozenset({"you", "your", "yours", "yourself"})
THIRD_PERSONAL: frozenset[str] = frozenset({"he", "she", "they", "him", "her", "them"})
#: Subjects too vague to make a self-contained fact on their own.
VAGUE_SUBJECTS: frozenset[str] = frozenset(
    {
        "it",
        "this",
        "that",
        "these",
        "those",
        "which",
        "what",
        "there",
        "something",
        "anything",
        "everything",
        "nothing",
        "thing",
        "stuff",
        "who",
        "one",
    }
)

# --- modality ----------------------------------------------------------------------------------

#: Modal auxiliaries that make a clause hypothetical (lemma; "'d" lemmatises to "would").
HYPOTHETICAL_MODALS: frozenset[str] = frozenset({"would", "could", "might", "may", "should"})
#: Adverbs that mark a clause as hypothetical or wishful.
HYPOTHETICAL_ADVERBS: frozenset[str] = frozenset(
    {"maybe", "perhaps", "someday", "possibly", "hypothetically", "ideally", "theoretically"}
)
#: Subordinators that make a clause conditional.
CONDITIONAL_MARKERS: frozenset[str] = frozenset({"if", "unless", "whether"})
#: Multi-word phrases (lower case) that mark a sentence as hypothetical.
HYPOTHETICAL_PHRASES: tuple[str, ...] = (
    "one day",
    "some day",
    "worst case",
    "best case",
    "in theory",
    "in an ideal world",
    "if only",
    "i wish",
    "dream of",
    "daydream",
    "fantasize",
    "in another life",
    "back and forth",
    "on the fence",
    "toying with",
)
#: Head verbs whose complement is not (yet) a fact.
HYPOTHETICAL_VERBS: frozenset[str] = frozenset(
    {"wish", "dream", "imagine", "fantasize", "wonder", "consider", "suppose"}
)
#: Verbs that, with a first-person subject, only hedge the clause they introduce.
HEDGE_VERBS: frozenset[str] = frozenset({"think", "guess", "believe", "feel", "suppose", "reckon"})
HEDGE_ADVERBS: frozenset[str] = frozenset(
    {"probably", "likely", "apparently", "supposedly", "roughly", "kinda", "sorta"}
)
#: Verbs that report another person's opinion or words.
OPINION_VERBS: frozenset[str] = frozenset(
    {
        "think",
        "believe",
        "feel",
        "say",
        "claim",
        "argue",
        "reckon",
        "insist",
        "suggest",
        "complain",
        "consider",
    }
)

#: Verbs that report someone's advice or urging ("she keeps telling me to ...").
ADVICE_VERBS: frozenset[str] = words(
    """tell advise urge encourage nag pester push beg recommend suggest insist warn"""
)

#: Tokens that mark a sentence as a joke or sarcasm.
JOKE_MARKERS: frozenset[str] = frozenset(
    {
        "lol",
        "lmao",
        "rofl",
        "haha",
        "hahaha",
        "hehe",
        "jk",
        "/s",
        "kidding",
        "joking",
        "\U0001f643",
        "\U0001f602",
        "\U0001f923",
        "\U0001f61c",
        "\U0001f609",
        "\U0001f605",
        "\U0001f92a",
        "\U0001f61b",
        "\U0001f644",
    }
)

#: Phrases (lower case) that only appear in text trying to instruct an AI or memory system.
INJECTION_PHRASES: tuple[str, ...] = (
    "ignore any",
    "ignore all",
    "ignore previous",
    "ignore earlier",
    "ignore the above",
    "ignore your",
    "disregard",
    "system prompt",
    "note for any",
    "note to any",
    "note to the ai",
    "note for the ai",
    "memory system",
    "when summarizing",
    "when summarising",
    "update your memory",
    "you must record",
    "as an ai",
    "language model",
)
#: Words that address an AI system; with an instruction cue (below) they make an injection.
AI_ADDRESS_WORDS: frozenset[str] = words(
    """ai assistant assistants chatbot bot bots llm llms summarizer summariser agent agents"""
)
#: Instructions to store or believe something ("remember that ...", "store permanently").
INSTRUCTION_CUES: tuple[str, ...] = (
    "remember that",
    "record that",
    "store ",
    "save this",
    "save that",
    "log that",
    "make sure to",
    "must record",
    "must remember",
    "note that",
    "treat this",
)

# --- requests aimed at the assistant ---------------------------------------------------------

#: Politeness markers that make a verbless clause a request wherever they stand
#: ("bullet points please", "plain English pls").
REQUEST_MARKERS: frozenset[str] = words("please pls plz")

#: Demonstrative subjects of a clause that only comments on the one before it
#: ("... so this is purely a hobby", "..., that was a relief").
COMMENT_SUBJECTS: frozenset[str] = words("this that")

#: Sentence openings (lower case) that make a request rather than a statement.
REQUEST_OPENERS: tuple[str, ...] = (
    "can you",
    "could you",
    "would you",
    "will you",
    "can u",
    "could u",
    "pls",
    "please",
    "help me",
    "give me",
    "show me",
    "tell me",
    "let me know",
    "i need you",
    "i want you",
    "i'd like you",
    "make it",
    "make sure",
    "keep it",
    "write",
    "draft",
    "add",
    "put",
    "send me",
    "any tips",
    "any ideas",
    "what",
    "how",
    "why",
    "where",
    "who",
    "which",
    "when",
    "is there",
    "are there",
    "do you",
    "does",
    "should i",
)

#: Nouns that name the shape of an answer; repeated requests for them are a USER_PATTERN.
RESPONSE_FORMAT_NOUNS: frozenset[str] = frozenset(
    {
        "bullet",
        "bullets",
        "list",
        "table",
        "outline",
        "summary",
        "tl;dr",
        "tldr",
        "paragraph",
        "checklist",
        "steps",
        "word",
        "words",
        "sentence",
        "sentences",
        "tone",
        "format",
        "example",
        "examples",
        "code",
        "diagram",
        "chart",
        "markdown",
        "emoji",
        "detail",
        "draft",
    }
)
#: Adjectives that name the style of an answer.
RESPONSE_STYLE_ADJECTIVES: frozenset[str] = frozenset(
    {
        "short",
        "brief",
        "concise",
        "detailed",
        "formal",
        "casual",
        "friendly",
        "firm",
        "simple",
        "plain",
        "terse",
    }
)

# --- categories --------------------------------------------------------------------------------

#: Preference verbs with graded confidence (seed: 0.95 "I love X" ... 0.65 "I enjoy X").
PREFERENCE_VERBS: dict[str, tuple[str, float]] = {
    "love": ("like", 0.95),
    "adore": ("like", 0.95),
    "prefer": ("like", 0.88),
    "like": ("like", 0.85),
    "appreciate": ("like", 0.78),
    "enjoy": ("like", 0.65),
    "hate": ("dislike", 0.95),
    "loathe": ("dislike", 0.95),
    "detest": ("dislike", 0.95),
    "despise": ("dislike", 0.92),
    "dislike": ("dislike", 0.88),
    "dread": ("dislike", 0.85),
    "mind": ("dislike", 0.70),
}

#: Head verbs whose listed objects become one fact each ("I love hiking, chess and jazz").
LIST_SPLIT_VERBS: frozenset[str] = frozenset(PREFERENCE_VERBS) | words(
    "have own play speak collect"
)

#: Clause-head lemmas that point at a category.
CATEGORY_VERBS: dict[str, str] = {
    # work
    "work": "work",
    "employ": "work",
    "hire": "work",
    "manage": "work",
    "lead": "work",
    "run": "work",
    "own": "work",
    "ship": "work",
    "launch": "work",
    "submit": "work",
    "present": "work",
    "deliver": "work",
    "finish": "work",
    "complete": "work",
    "close": "work",
    "report": "work",
    "join": "work",
    "promote": "work",
    "quit": "work",
    "resign": "work",
    "retire": "work",
    "issue": "work",
    "publish": "work",
    "build": "work",
    "track": "tool",
    "cover": "work",
    "fix": "work",
    "find": "work",
    "send": "work",
    "reconcile": "work",
    "teach": "work",
    "sign": "decision",
    # decisions
    "decide": "decision",
    "choose": "decision",
    "pick": "decision",
    "opt": "decision",
    "settle": "decision",
    "agree": "decision",
    "switch": "decision",
    "commit": "decision",
    "go": "decision",
    "rate": "decision",
    "cancel": "decision",
    "drop": "decision",
    "park": "decision",
    "postpone": "decision",
    "push": "plan",
    "move": "plan",
    # plans and goals
    "plan": "plan",
    "schedule": "plan",
    "book": "plan",
    "intend": "plan",
    "take": "plan",
    "want": "goal",
    "aim": "goal",
    "hope": "goal",
    "aspire": "goal",
    "train": "goal",
    "save": "goal",
    "try": "goal",
    # learning
    "learn": "learning_interest",
    "study": "learning_interest",
    "practice": "learning_interest",
    "read": "learning_interest",
    "research": "learning_interest",
    # tools
    "use": "tool",
    "install": "tool",
    "code": "tool",
    "program": "tool",
    "migrate": "tool",
    # location
    "live": "location",
    "relocate": "location",
    "grow": "location",
    "stay": "location",
    "reside": "location",
    "commute": "location",
    "drive": "location",
    "fly": "location",
    # challenges
    "struggle": "challenge",
    "fail": "challenge",
    "break": "challenge",
    "stick": "challenge",
    "block": "challenge",
    "wait": "challenge",
    "worry": "challenge",
    "suffer": "challenge",
    "lose": "challenge",
    "miss": "challenge",
    "slip": "challenge",
    "delay": "challenge",
    "corrupt": "challenge",
    "drown": "challenge",
    "fight": "challenge",
    "crash": "challenge",
    # traits
    "tend": "trait",
    # relationships
    "marry": "relationship",
    "date": "relationship",
    "divorce": "relationship",
}

#: Head nouns / adjectives of the predicate ("I'm a nurse", "my knee is injured").
CATEGORY_NOUNS: dict[str, str] = {
    # work roles
    "analyst": "work",
    "engineer": "work",
    "developer": "work",
    "designer": "work",
    "manager": "work",
    "director": "work",
    "producer": "work",
    "programmer": "work",
    "nurse": "work",
    "doctor": "work",
    "teacher": "work",
    "student": "work",
    "researcher": "work",
    "scientist": "work",
    "consultant": "work",
    "founder": "work",
    "lead": "work",
    "intern": "work",
    "job": "work",
    "career": "work",
    "company": "work",
    "team": "work",
    "client": "work",
    "customer": "work",
    "vendor": "work",
    "project": "work",
    "writer": "work",
    "artist": "work",
    "lawyer": "work",
    "accountant": "work",
    "candidate": "work",
    "officer": "work",
    "owner": "work",
    "chef": "work",
    "pm": "work",
    "vp": "work",
    "ceo": "work",
    "cto": "work",
    "head": "work",
    "rep": "relationship",
    # expertise
    "experience": "expertise",
    "expert": "expertise",
    "years": "expertise",
    "fluent": "expertise",
    "certified": "expertise",
    "background": "expertise",
    # challenges
    "problem": "challenge",
    "issue": "challenge",
    "bug": "challenge",
    "blocker": "challenge",
    "deadline": "plan",
    "injury": "challenge",
    "pain": "challenge",
    "anxiety": "challenge",
    "stuck": "challenge",
    "blocked": "challenge",
    "broken": "challenge",
    "behind": "challenge",
    "late": "challenge",
    "overwhelmed": "challenge",
    "stressed": "challenge",
    "allergic": "trait",
    "vegetarian": "trait",
    "vegan": "trait",
    # preferences
    "favorite": "like",
    "favourite": "like",
    "fan": "like",
    # tools
    "tool": "tool",
    "app": "tool",
    "software": "tool",
    "platform": "tool",
    "laptop": "tool",
    "spreadsheet": "tool",
    "workbook": "tool",
    "editor": "tool",
    "license": "tool",
    "licence": "tool",
    "stack": "tool",
    "framework": "tool",
    "language": "tool",
    # goals and plans
    "goal": "goal",
    "dream": "goal",
    "plan": "plan",
    "exam": "goal",
    "certification": "goal",
    "marathon": "goal",
    "due": "plan",
    "launch": "plan",
    # location
    "based": "location",
    "home": "location",
    "apartment": "location",
    "house": "location",
    "city": "location",
    "office": "location",
    # relationships
    "wife": "relationship",
    "husband": "relationship",
    "partner": "relationship",
    "boss": "relationship",
    "colleague": "relationship",
    "coworker": "relationship",
    "friend": "relationship",
    "sister": "relationship",
    "brother": "relationship",
    "mother": "relationship",
    "father": "relationship",
    "mom": "relationship",
    "dad": "relationship",
    "son": "relationship",
    "daughter": "relationship",
    "kid": "relationship",
    "child": "relationship",
    "parent": "relationship",
    "advisor": "relationship",
    "supervisor": "relationship",
    "mentor": "relationship",
    "roommate": "relationship",
    "girlfriend": "relationship",
    "boyfriend": "relationship",
    "fiance": "relationship",
    "fiancee": "relationship",
    "cousin": "relationship",
    "aunt": "relationship",
    "uncle": "relationship",
    "grandmother": "relationship",
    "grandfather": "relationship",
    "dog": "relationship",
    "cat": "relationship",
    "pet": "relationship",
    # traits
    "person": "trait",
    "introvert": "trait",
    "extrovert": "trait",
    "morning": "trait",
}

#: Habit markers: with a first-person subject they point at a trait.
HABIT_ADVERBS: frozenset[str] = frozenset(
    {"always", "usually", "often", "never", "rarely", "generally", "typically", "normally"}
)

#: Prototype sentences per category for MiniLM similarity (used when the cues above are silent).
CATEGORY_PROTOTYPES: dict[str, tuple[str, ...]] = {
    "like": (
        "She loves hiking in the mountains.",
        "He prefers short answers.",
        "They enjoy cooking Italian food.",
    ),
    "dislike": ("She hates writing reports from scratch.", "He can't stand loud music."),
    "expertise": (
        "She has ten years of experience in accounting.",
        "He is an expert in distributed databases.",
    ),
    "experience": (
        "She visited Japan last year.",
        "He used to be in the army.",
        "They grew up on a farm.",
    ),
    "goal": (
        "She wants to run a marathon.",
        "He is preparing for a certification exam.",
        "Her goal is to get promoted.",
    ),
    "challenge": (
        "She is struggling with back pain.",
        "His project is blocked by a bug.",
        "The release is delayed because the vendor is late.",
    ),
    "tool": (
        "She uses a spreadsheet to track her budget.",
        "He writes code in Python.",
        "The team moved their tracking to a new software platform.",
    ),
    "learning_interest": ("She is learning Spanish.", "He is taking an online course."),
    "trait": ("She tends to overthink decisions.", "He is an early riser.", "She is a vegetarian."),
    "work": (
        "She works as a nurse at the city hospital.",
        "He is the lead programmer.",
        "She finished the quarterly report.",
        "The team shipped the new release.",
    ),
    "relationship": (
        "Her manager is Tom.",
        "His sister lives in Boston.",
        "She has a dog named Max.",
    ),
    "location": ("She lives in Chicago.", "He is moving to Berlin next month."),
    "plan": (
        "She is taking Friday off.",
        "The launch is scheduled for October.",
        "He will present the results next week.",
    ),
    "decision": (
        "She decided to use PostgreSQL instead of MongoDB.",
        "They agreed to postpone the launch.",
    ),
    "other": ("The weather was nice.",),
}

# --- people and entities -----------------------------------------------------------------------

#: Relationship nouns -> (person relation from the speaker's side, relationship label).
RELATION_NOUNS: dict[str, str] = {
    "manager": "HAS_MANAGER",
    "boss": "HAS_MANAGER",
    "supervisor": "HAS_MANAGER",
    "advisor": "HAS_MANAGER",
    "lead": "HAS_MANAGER",
    "report": "MANAGES",
    "intern": "MANAGES",
    "colleague": "COLLEAGUE_OF",
    "coworker": "COLLEAGUE_OF",
    "teammate": "COLLEAGUE_OF",
    "co-founder": "COLLEAGUE_OF",
    "cofounder": "COLLEAGUE_OF",
    "wife": "PARTNER_OF",
    "husband": "PARTNER_OF",
    "partner": "PARTNER_OF",
    "girlfriend": "PARTNER_OF",
    "boyfriend": "PARTNER_OF",
    "fiance": "PARTNER_OF",
    "fiancee": "PARTNER_OF",
    "spouse": "PARTNER_OF",
    "sister": "SIBLING_OF",
    "brother": "SIBLING_OF",
    "sibling": "SIBLING_OF",
    "son": "PARENT_OF",
    "daughter": "PARENT_OF",
    "kid": "PARENT_OF",
    "child": "PARENT_OF",
    "mother": "CHILD_OF",
    "father": "CHILD_OF",
    "mom": "CHILD_OF",
    "dad": "CHILD_OF",
    "mum": "CHILD_OF",
    "parent": "CHILD_OF",
    "friend": "FRIEND_OF",
    "roommate": "FRIEND_OF",
    "neighbor": "FRIEND_OF",
    "neighbour": "FRIEND_OF",
    "cousin": "FAMILY_OF",
    "aunt": "FAMILY_OF",
    "uncle": "FAMILY_OF",
    "grandmother": "FAMILY_OF",
    "grandfather": "FAMILY_OF",
    "grandma": "FAMILY_OF",
    "grandpa": "FAMILY_OF",
    "niece": "FAMILY_OF",
    "nephew": "FAMILY_OF",
}

#: Nouns naming what someone is to others at work or in life ("our head chef Marta"),
#: besides the relation nouns above.
ROLE_NOUNS: frozenset[str] = words(
    """analyst engineer developer designer manager director producer programmer nurse doctor
    teacher researcher scientist consultant founder intern writer artist lawyer accountant
    officer owner chef rep representative supervisor advisor mentor coach
    therapist dentist landlord landlady agent recruiter editor contractor
    tutor professor lecturer coordinator architect pm vp ceo cto cfo head chair
    president assistant secretary admin administrator vet pediatrician surgeon physician
    pharmacist plumber electrician mechanic trainer counselor counsellor"""
)

#: Head nouns of things a user works on (become Project entities).
PROJECT_NOUNS: frozenset[str] = frozenset(
    {
        "project",
        "audit",
        "migration",
        "app",
        "thesis",
        "dissertation",
        "launch",
        "release",
        "product",
        "feature",
        "campaign",
        "study",
        "paper",
        "book",
        "game",
        "demo",
        "rollout",
        "redesign",
        "refactor",
        "website",
        "site",
        "prototype",
        "pilot",
        "startup",
        "renovation",
        "move",
        "build",
        "integration",
        "experiment",
        "course",
    }
)
#: Head nouns of work objects a user creates (become Document entities).
DOCUMENT_NOUNS: frozenset[str] = frozenset(
    {
        "report",
        "email",
        "memo",
        "doc",
        "document",
        "deck",
        "slides",
        "slide",
        "spec",
        "proposal",
        "chapter",
        "draft",
        "post",
        "article",
        "letter",
        "outline",
        "summary",
        "presentation",
        "storyboard",
        "notes",
        "plan",
        "schedule",
        "tracker",
        "ticket",
        "pr",
        "manuscript",
        "abstract",
        "poster",
        "resume",
        "cv",
    }
)
#: Head nouns of dated happenings (become Event entities).
EVENT_NOUNS: frozenset[str] = frozenset(
    {
        "meeting",
        "deadline",
        "exam",
        "launch",
        "interview",
        "appointment",
        "presentation",
        "review",
        "conference",
        "wedding",
        "defense",
        "defence",
        "sync",
        "standup",
        "call",
        "workshop",
        "trip",
        "vacation",
        "holiday",
        "surgery",
        "shift",
        "party",
        "milestone",
        "release",
        "submission",
        "committee",
        "festival",
        "demo",
    }
)

#: Verbs -> document relation (with a first-person subject and a document object).
DOCUMENT_VERBS: dict[str, str] = {
    "write": "AUTHORED",
    "draft": "AUTHORED",
    "create": "AUTHORED",
    "make": "AUTHORED",
    "prepare": "AUTHORED",
    "publish": "AUTHORED",
    "cut": "AUTHORED",
    "design": "AUTHORED",
    "edit": "MODIFIED",
    "update": "MODIFIED",
    "revise": "MODIFIED",
    "rewrite": "MODIFIED",
    "fix": "MODIFIED",
    "change": "MODIFIED",
    "report": "REPORTED",
    "file": "REPORTED",
    "raise": "REPORTED",
    "log": "REPORTED",
    "open": "REPORTED",
}

#: Status cues (lemmas) -> project status.
STATUS_CUES: dict[str, str] = {
    "block": "blocked",
    "blocked": "blocked",
    "stuck": "blocked",
    "wait": "blocked",
    "stall": "blocked",
    "hold": "blocked",
    "finish": "completed",
    "complete": "completed",
    "done": "completed",
    "close": "completed",
    "ship": "completed",
    "wrap": "completed",
    "submit": "completed",
    "closed": "completed",
    "retire": "completed",
    "pass": "completed",
    "defend": "completed",
    "start": "active",
    "kick": "active",
    "begin": "active",
    "resume": "active",
    "unblock": "active",
    "work": "active",
    "run": "active",
    "build": "active",
    "plan": "planning",
    "prepare": "planning",
    "scope": "planning",
    "cancel": "abandoned",
    "abandon": "abandoned",
    "drop": "abandoned",
    "shelve": "abandoned",
    "kill": "abandoned",
    "scrap": "abandoned",
    "park": "abandoned",
}
#: Verbs / prepositions that introduce what a thing is blocked by.
BLOCKER_PREPOSITIONS: frozenset[str] = frozenset({"on", "by", "until"})

#: Decision verbs whose object is the thing decided on.
DECISION_VERBS: frozenset[str] = frozenset(
    {"decide", "choose", "pick", "opt", "settle", "go", "switch", "agree", "commit", "select"}
)

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
HEDGE_PENALTY = 0.12
NEGATION_PENALTY = 0.03
#: Each further turn that states (or agrees with) a fact adds this much, up to the maximum:
#: "I enjoy X" (0.65) said in three turns reaches 0.81.
REPETITION_BONUS = 0.08
REPETITION_BONUS_MAX = 0.16

# --- rendering ---------------------------------------------------------------------------------

#: Words that open a chat sentence without adding to its content ("honestly", "oh and", "ok").
DISCOURSE_WORDS: frozenset[str] = words(
    """also honestly so ok okay oh and but well anyway anyways actually yeah yes yep plus then um
    uh hmm btw fyi now basically seriously frankly ah ugh great right good nah no sure
    meanwhile other thing random update updates quick note first second finally lastly besides
    small big news win"""
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
)

#: Words that end a chat clause without adding to it ("the thesis is due in June, so").
TRAILING_WORDS: frozenset[str] = words(
    """so too though anyway anyways lol haha btw tbh then either also yet ok okay"""
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
#: Chat shorthand spelled out in fact text (lower case; not applied to proper nouns).
SHORTHAND: dict[str, str] = {
    "dev": "developer",
    "devs": "developers",
    "eng": "engineering",
    "yrs": "years",
    "yr": "year",
    "hrs": "hours",
    "hr": "hour",
    "mins": "minutes",
    "min": "minutes",
    "mgr": "manager",
    "appt": "appointment",
    "bday": "birthday",
    "ppl": "people",
    "w/": "with",
    "w/o": "without",
    "approx": "approximately",
    "govt": "government",
    "uni": "university",
    "info": "information",
    "pics": "pictures",
    "bf": "boyfriend",
    "gf": "girlfriend",
}
#: Participles after which a contracted "'s" is "has" ("she's been", "he's got").
PERFECT_PARTICIPLES: frozenset[str] = words("been got gotten had done gone seen")
#: Irregular third-person-singular present forms.
IRREGULAR_3SG: dict[str, str] = {"be": "is", "have": "has", "do": "does", "go": "goes"}

#: Adjectives of a conversational reaction ("I'm sorry to hear that", "I'm glad we met"): with
#: no complement, an infinitive or a clause, "I am <adj>" says nothing lasting about the speaker.
REACTION_ADJECTIVES: frozenset[str] = words(
    """sorry glad sure happy excited thrilled pleased delighted curious interested surprised
    impressed jealous envious grateful thankful honored honoured relieved afraid certain
    positive confident fine okay ok good great"""
)

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
    nervous grumpy cranky sad cold hot busy"""
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
#: Nouns for the conversation itself: a statement about it is not about the user's life.
CONVERSATION_NOUNS: frozenset[str] = words("chat conversation convo thread message")
