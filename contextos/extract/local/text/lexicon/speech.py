"""Speech acts: the fast skip, run-on sentences, pronouns and subjects, modality
(hypotheticals, hedges, opinions, jokes), and text aimed at the assistant (requests,
instructions, injected prompts)."""

from __future__ import annotations

from contextos.extract.local.text.lexicon.words import words

# --- fast skip -------------------------------------------------------------------------------

#: Words that make up greetings, thanks and confirmations. A turn made only of these (plus
#: punctuation and emoji) carries no fact and is skipped before parsing.
PHATIC_WORDS: frozenset[str] = words(
    """hi hello hey hiya morning evening afternoon good night gm thanks thank thx ty you so much
    very lot great ok okay k kk yes yeah yep yup sure cool nice perfect awesome fine got it bye
    cheers sounds lol haha no nope nah alright right exactly correct done sent will do that's
    thats that works for me please pls love amazing brilliant wonderful excellent appreciate
    it's its all good this helps helpful makes sense understood noted agreed problem worries
    course"""
)

#: A reply that opens with one of these takes up what the other speaker just said of
#: themselves ("I love bluegrass." / "Me too!"); the negatives take up a negative statement.
ECHO_AGREEMENTS: frozenset[str] = frozenset(
    {
        "me too",
        "me too then",
        "same",
        "same here",
        "same for me",
        "same with me",
        "so do i",
        "so am i",
        "so have i",
        "i do too",
        "i am too",
        "i'm the same",
        "me as well",
        "i do as well",
        "ditto",
    }
)
ECHO_NEGATIVES: frozenset[str] = frozenset(
    {"me neither", "me either", "neither do i", "nor do i", "neither am i", "i don't either"}
)
#: Words that may come before an echo: "Oh, me too!", "Haha same here".
ECHO_LEAD_INS: frozenset[str] = words("oh ooh wow haha lol omg yes yeah yay hey really")

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
#: Possessives of a third person ("his nephew"): whose, only once someone is named before.
THIRD_POSSESSIVES: frozenset[str] = frozenset({"his", "her", "their"})
#: The third-person possessives only a person can have ("their" may be a company's).
PERSON_POSSESSIVES: frozenset[str] = frozenset({"his", "her"})
#: Possessive pronouns that stand for a thing ("mine is fine"): as a subject, they name it only
#: through a noun said before ("Sam's car broke down, mine is fine").
INDEPENDENT_POSSESSIVES: frozenset[str] = frozenset({"mine", "yours", "hers", "ours", "theirs"})
#: Pronouns that, as the only thing a clause is about, leave it without a self-contained fact
#: ("Oswin didn't sign that", "Delphine wants it done by Monday").
VAGUE_OBJECTS: frozenset[str] = frozenset(
    {"it", "that", "this", "them", "those", "these", "thing", "things", "stuff"}
)
#: Verbs that say nothing of the things they take ("do those things", "have stuff to sort"):
#: "building things" says what kind, "doing things" does not.
LIGHT_VERBS: frozenset[str] = frozenset(
    """do have get like love enjoy hate want need try see know say think find take put keep
    sort handle buy""".split()
)
#: Words whose "so" stands for what the other person said ("I hope so", "I'm afraid so"),
#: lemmas and forms (the small model lemmatises "hoping" as "hop").
SO_VERBS: frozenset[str] = frozenset(
    "hope hoping think guess suppose believe expect imagine say tell fear afraid".split()
)
#: Adjectives that do not say what kind of things: "new things", "other stuff".
EMPTY_ADJECTIVES: frozenset[str] = frozenset(
    {
        "new",
        "other",
        "different",
        "many",
        "several",
        "few",
        "same",
        "random",
        "various",
        "more",
        "fun",
        "cool",
        "great",
        "good",
        "nice",
        "interesting",
        "little",
        "big",
        "such",
    }
)
#: What "there is ..." says nothing with: "there's heaps", "there's a chance", "there's time".
EMPTY_EXISTENTIALS: frozenset[str] = frozenset(
    {
        "lot",
        "way",
        "chance",
        "point",
        "time",
        "reason",
        "thing",
        "need",
        "hope",
        "question",
        "issue",
        "one",
        "bit",
        "difference",
        "nothing",
        "something",
        "anything",
        "everything",
    }
)
#: Nouns that only say when ("that night", "last week"), not what.
TIME_NOUNS: frozenset[str] = frozenset(
    """morning afternoon evening night day week weekend month year today tonight tomorrow
    yesterday monday tuesday wednesday thursday friday saturday sunday january february march
    april may june july august september october november december time""".split()
)
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

#: Words for people in general: "people want a free quote", "most folks never read it" is a
#: generalisation, not a fact about anyone the user knows.
GENERIC_PEOPLE: frozenset[str] = frozenset(
    {"people", "folks", "everyone", "everybody", "nobody", "someone", "somebody", "anyone"}
)
#: Determiners that leave "people" in general ("most people", "some folks").
GENERIC_QUANTIFIERS: frozenset[str] = frozenset({"most", "some", "many", "all", "few", "no"})

# --- modality ----------------------------------------------------------------------------------

#: Modal auxiliaries that make a clause hypothetical (lemma; "'d" lemmatises to "would").
HYPOTHETICAL_MODALS: frozenset[str] = frozenset({"would", "could", "might", "may", "should"})
#: Adverbs that mark a clause as hypothetical or wishful.
HYPOTHETICAL_ADVERBS: frozenset[str] = frozenset(
    {"maybe", "perhaps", "someday", "possibly", "hypothetically", "ideally", "theoretically"}
)
#: Subordinators that make a clause conditional.
CONDITIONAL_MARKERS: frozenset[str] = frozenset({"if", "unless", "whether"})
#: What an "if" clause says when it only says why the listener is told ("if that matters",
#: "if it helps", "if you're curious", "if that's relevant"): no condition on the statement.
RELEVANCE_VERBS: frozenset[str] = words("matter help count")
RELEVANCE_ADJECTIVES: frozenset[str] = words(
    "curious relevant useful helpful important interested wondering"
)
#: Words opening a reason or a time said before the statement ("since I'm stuck on R at work,
#: I need ..."): the word is left out of the fact, so the render puts a ";" where the two
#: clauses meet ("Dana is stuck on R at work; Dana needs ...").
FRONTED_CLAUSE_MARKERS: frozenset[str] = words(
    "since because although though while when after before until once"
)
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
    # a projection of how things are going, not what has happened
    "at this rate",
    "the way things are going",
)
#: Head verbs whose complement is not (yet) a fact. ("I'm considering going back to college"
#: is, like "I'm thinking about it", where the speaker stands now.)
HYPOTHETICAL_VERBS: frozenset[str] = frozenset(
    {"wish", "dream", "imagine", "fantasize", "wonder", "suppose"}
)
#: Verbs that, with a first-person subject, only hedge the clause they introduce.
HEDGE_VERBS: frozenset[str] = frozenset({"think", "guess", "believe", "feel", "suppose", "reckon"})
HEDGE_ADVERBS: frozenset[str] = frozenset(
    {"probably", "likely", "apparently", "supposedly", "roughly", "kinda", "sorta"}
)
#: Hedges that only soften a degree: on an adjective ("kinda worn out", "sorta pricey")
#: they say how much, not whether it is so; on a verb ("I kinda like jazz") they hedge.
DEGREE_SOFTENERS: frozenset[str] = frozenset({"kinda", "sorta"})
#: Predicates of a state of mind about a clause ("convinced that", "worried that"): said of
#: someone else, what follows is their view.
BELIEF_PREDICATES: frozenset[str] = frozenset(
    "convinced sure certain confident positive adamant worried afraid concerned scared "
    "persuaded hopeful doubtful".split()
)
#: Verbs that report another person's opinion or words.
OPINION_VERBS: frozenset[str] = (
    frozenset(
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
    | HEDGE_VERBS
)

#: Verbs that also report plain information ("legal says the terms don't meet the rules",
#: "Dr. Fenwick told me it has been signed off"): what they report is a fact unless it is itself
#: a judgement.
REPORT_VERBS: frozenset[str] = frozenset({"say", "tell"})
#: Modals that make reported words advice or a guess ("Ulrike says I should relax").
JUDGEMENT_MODALS: frozenset[str] = words("should ought must might could would may shall")

#: Verbs of talking to someone, agreeing or deciding: with nothing said or decided, no fact
#: ("Florian told Maelis", "Cosmo hasn't said", "okay, I've decided").
EXCHANGE_VERBS: frozenset[str] = words(
    """tell told ask email call text message ping agree disagree reply respond answer talk
    speak chat say mention decide"""
)
#: Words that put a participle fragment in the past ("pricing test, started last Monday").
PAST_MARKERS: frozenset[str] = words("last ago yesterday earlier previously already")
#: Verbs of work done: a bare participle of one with a time said happened then ("the
#: dashboard shipped Tuesday" is last Tuesday, and "was shipped").
DONE_VERBS: frozenset[str] = words(
    "ship finish complete launch release deploy merge approve sign submit deliver close publish fix"
)

#: Verbs that report someone's advice or urging ("she keeps telling me to ...").
ADVICE_VERBS: frozenset[str] = words(
    """tell advise urge encourage nag pester push beg recommend suggest insist warn"""
)

# --- talk about the talk itself ---------------------------------------------------------------

#: Verbs of the talking itself: "I need to rant", "let me vent": what the speaker is doing in
#: the conversation, not in their life. (Not "paste": what is pasted is often the matter.)
TALK_VERBS: frozenset[str] = words("vent rant ramble moan whinge recap")
#: How a speaker means to talk: "I want to be blunt", "I'm going to be honest".
CANDOUR_ADJECTIVES: frozenset[str] = words("clear honest frank blunt brief quick straight upfront")
#: What a speaker has for the listener: "I have a quick question", "I have a confession".
TALK_NOUNS: frozenset[str] = words("question questions query confession favour favor")
#: Courtesies a speaker "wanted to say": "I just wanted to say thanks".
COURTESIES: frozenset[str] = words("thanks hi hello hey sorry bye goodbye cheers congrats")

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

#: Set phrases of exaggeration (lower case, matched on word boundaries): "I'll guard it with
#: my life", "over my dead body". What they are said with is not meant as a fact.
HYPERBOLE_PHRASES: tuple[str, ...] = (
    "with my life",
    "with his life",
    "with her life",
    "with their life",
    "with our lives",
    "over my dead body",
    "rather die",
    "to the moon and back",
    "in a million years",
    "for a million years",
    "a hundred years",
    "a thousand years",
)
#: Time units too long for what someone does in one go ("sleep for three days").
LONG_SPANS: frozenset[str] = words("day days week weeks month months year years")
#: Verbs of a bodily need, exaggerated with a long span: "I'm going to sleep for a week".
BODILY_VERBS: frozenset[str] = words("sleep nap eat")

#: What a speaker calls a statement they deny: "..., which is rubbish", "which is a lie".
FALSEHOOD_WORDS: frozenset[str] = words(
    "false untrue lie lies rubbish nonsense bs bullshit bollocks myth rumour rumor garbage"
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
    "note to ai",
    "note for ai",
    "ai memory",
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

#: What makes a request to the assistant a standing one, in the request itself ("from now on
#: please format ...", "never use emojis") or, for the first group, anywhere in the sentence
#: before it ("whenever you give me X, please tell me Y", "One request that applies to
#: everything: ..."): a preference to remember, not a task.
STANDING_SCOPE_MARKERS: tuple[str, ...] = (
    "from now on",
    "from here on",
    "going forward",
    "moving forward",
    "in future",
    "in the future",
    "whenever",
    "as a rule",
    "apply to everything",
    "applies to everything",
)
STANDING_REQUEST_MARKERS: tuple[str, ...] = (
    *STANDING_SCOPE_MARKERS,
    "every time",
    "each time",
    "always",
    "never",
)
#: "A standing request: ...", "ground rule: ...": a sentence that calls itself a standing request.
STANDING_REQUEST_NOUNS: frozenset[str] = words("request rule")
STANDING_REQUEST_SCOPES: frozenset[str] = words("general standing ground")
#: Verbs of a statement that asks for something ("I must ask that you ...").
ASKING_VERBS: frozenset[str] = words("ask request")

#: Words for a part of something, as a subject with "of" ("the last of the crates was shipped",
#: "most of my team is remote"): the clause is about the whole.
PARTITIVE_WORDS: frozenset[str] = words(
    "last first rest most all some half none majority bulk remainder each both many few"
)

#: Demonstrative subjects of a clause that only comments on the one before it
#: ("... so this is purely a hobby", "..., that was a relief").
COMMENT_SUBJECTS: frozenset[str] = words("this that")

#: Sentence openings (lower case) that make a request rather than a statement.
#: Auxiliaries that open a question when they stand before the subject ("do i stay on ...").
QUESTION_AUXILIARIES: frozenset[str] = words("do does did can could should shall will would")

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
