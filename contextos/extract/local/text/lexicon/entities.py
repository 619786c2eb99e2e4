"""People, projects, documents and events: relation and role nouns, project/document/event
nouns, document verbs, status cues and decision verbs."""

from __future__ import annotations

from contextos.extract.local.text.lexicon.words import words

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
    "fiancé": "PARTNER_OF",
    "fiancée": "PARTNER_OF",
    "spouse": "PARTNER_OF",
    "sister": "SIBLING_OF",
    "brother": "SIBLING_OF",
    "sibling": "SIBLING_OF",
    "twin": "SIBLING_OF",
    "son": "PARENT_OF",
    "daughter": "PARENT_OF",
    "kid": "PARENT_OF",
    "child": "PARENT_OF",
    "stepson": "PARENT_OF",
    "stepdaughter": "PARENT_OF",
    "mother": "CHILD_OF",
    "father": "CHILD_OF",
    "mom": "CHILD_OF",
    "dad": "CHILD_OF",
    "mum": "CHILD_OF",
    "parent": "CHILD_OF",
    "stepmom": "CHILD_OF",
    "stepmum": "CHILD_OF",
    "stepdad": "CHILD_OF",
    "stepmother": "CHILD_OF",
    "stepfather": "CHILD_OF",
    "friend": "FRIEND_OF",
    "roommate": "FRIEND_OF",
    "neighbor": "FRIEND_OF",
    "neighbour": "FRIEND_OF",
    "housemate": "FRIEND_OF",
    "flatmate": "FRIEND_OF",
    "classmate": "FRIEND_OF",
    "cousin": "FAMILY_OF",
    "aunt": "FAMILY_OF",
    "uncle": "FAMILY_OF",
    "grandmother": "FAMILY_OF",
    "grandfather": "FAMILY_OF",
    "grandma": "FAMILY_OF",
    "grandpa": "FAMILY_OF",
    "niece": "FAMILY_OF",
    "nephew": "FAMILY_OF",
    "grandson": "FAMILY_OF",
    "granddaughter": "FAMILY_OF",
    "grandchild": "FAMILY_OF",
    "grandkid": "FAMILY_OF",
    "granny": "FAMILY_OF",
    "gran": "FAMILY_OF",
    "nan": "FAMILY_OF",
    "nana": "FAMILY_OF",
    "godson": "FAMILY_OF",
    "goddaughter": "FAMILY_OF",
    "godmother": "FAMILY_OF",
    "godfather": "FAMILY_OF",
}

#: Nouns for a group people belong to: "we're a team of 5" makes the speaker part of one; so
#: does a kind of business ("we're a mostly nut-free bakery" is not the speaker being one).
COLLECTIVE_NOUNS: frozenset[str] = words(
    """team family startup company nonprofit agency studio band couple household group shop
    business firm lab crew club collective partnership organisation organization bakery cafe
    café restaurant bar pub store salon clinic practice charity brewery farm school hospital
    consultancy co-op cooperative franchise chain"""
)

#: Chat abbreviations the NER takes for organisations ("by EOD Thursday", "FYI"): never names.
CHAT_ABBREVIATIONS: frozenset[str] = frozenset(
    "EOD EOW EOM EOY COB ASAP ETA TBD TBA FYI OOO WFH PTO IIRC AFAIK IMO IMHO TLDR TL;DR".split()
)

#: Family words children call their parents and grandparents by, as a name: "Dad wants to
#: stay in his house", "I rang Mum" are the speaker's own dad and mum.
KIN_NAMES: frozenset[str] = words(
    """mum mom mam mummy mommy mama momma dad daddy papa grandma grandpa granny gran nan nana
    nanna grandad granddad"""
)

#: Relation nouns that only a "she" or only a "he" can stand for (the rest can be either).
FEMALE_RELATIONS: frozenset[str] = words(
    """wife girlfriend fiancee fiancée sister daughter mother mom mum aunt grandmother grandma
    niece granddaughter stepdaughter stepmom stepmum stepmother granny gran nan nana
    goddaughter godmother"""
)
MALE_RELATIONS: frozenset[str] = words(
    """husband boyfriend fiance fiancé brother son father dad uncle grandfather grandpa nephew
    grandson stepson stepdad stepfather godson godfather"""
)

#: Titles before a person's name ("Mrs. Patel", "Dr Fenwick"), without their full stop; some
#: say whether a "he" or a "she" stands for the person.
FEMALE_TITLES: frozenset[str] = words("mrs ms miss")
MALE_TITLES: frozenset[str] = words("mr")
PERSON_TITLES: frozenset[str] = FEMALE_TITLES | MALE_TITLES | words("dr prof mx")

#: Nouns naming what someone is to others at work or in life ("our head chef Marta"),
#: besides the relation nouns above.
ROLE_NOUNS: frozenset[str] = words(
    """analyst engineer developer designer manager director producer programmer nurse doctor
    teacher researcher scientist consultant founder intern writer artist lawyer accountant
    officer owner chef rep representative supervisor advisor mentor coach
    therapist dentist landlord landlady agent recruiter editor contractor
    tutor professor lecturer coordinator architect pm vp ceo cto cfo head chair
    president assistant secretary admin administrator vet pediatrician surgeon physician
    pharmacist plumber electrician mechanic trainer counselor counsellor em sre lead"""
)

#: Nouns for a person that say nothing of their role ("the parcel lad", "some guy").
PEOPLE_NOUNS: frozenset[str] = words(
    """man woman guy lad bloke boy girl kid person fellow chap gal lady gentleman aide carer
    caregiver neighbour neighbor customer client patient student pupil tenant"""
)
#: Endings of nouns for someone by what they practise ("neurologist", "physician").
PEOPLE_NOUN_ENDINGS: tuple[str, ...] = ("ologist", "ician", "iatrist")

#: Nouns of a group or post someone is on ("Jo on the night desk", "Ines on the billing team").
POST_NOUNS: frozenset[str] = words(
    "team desk reception board committee crew squad staff rota panel council"
)

#: Common first names that are also English words ("carol", "tyler", "hope"), which a lower-case
#: name typed after a relation noun ("my aunt ottoline") is read as all the same: the given names
#: covering the first 75% (female) and 80% (male) of the US Census 1990 first-name frequency
#: lists (public domain; as shipped in the MIT-licensed ``names`` package) that the model's
#: English lexicon also knows, stop words left out.
NAMES_ALSO_WORDS: frozenset[str] = words(
    """
    aaron ada adam adrian albert alberta alexander alfred allen amber amelia ana andrew angel
    angelica anna anne anthony april arnold arthur austin beatrice ben benjamin bernard beth
    bill billy bob bobby bonnie brad bradley brandy brent bridget brittany brooke bruce bryan
    byron calvin carlos carol caroline cassandra catherine chad charles charlotte chester
    christian christie christopher clarence clinton clyde cody colleen constance cora crystal
    curtis cynthia daisy dale dana daniel david dawn dean derrick diana dixie dolores don donna
    doris douglas earl ebony edgar edward edwin elisa elizabeth elmer erica erin ernest esther
    eugene faith felicia flora florence frances frank franklin frederick gabriel gary gene
    geneva george georgia gilbert ginger glen glenn grace gregory guy harry harvey hazel
    heather hector helen henry herbert herman holly homer hope howard ida iris isaac jack jacob
    james jan jared jasmine jason jay jean jenny jeremiah jerome jerry jesus jewel jimmy joel
    john johnny jonathan jordan joseph joshua joy joyce judith julian june karen kelly ken kent
    kirk lance lawrence lee leigh lena leo leon leonard lewis lillie lindsay lloyd lorraine
    louis lucy luke luther lydia marc margarita marguerite maria marian marina mark marshall
    martin mary matt matthew max melba melissa melody meredith michael mike milton misty
    mitchell molly mona morris myrtle nancy naomi nelson nicholas nick nina norma norman olive
    oliver opal ora oscar otis pat patrick patsy patty paul pauline pearl penny perry peter
    philip rachel ramona randy ray rebecca regina ricardo rick robert robin ron rosa rose
    rosemary ross ruby russell ruth sally salvador sam samuel sandy sarah scott seth shannon
    shari shawn shelley sherry sidney silvia stanley stella stephen stuart sue tammy tara ted
    teresa terry theresa thomas tiffany timothy todd tom tracy troy tyler vanessa veronica
    victor victoria viola violet virgil virginia wade wallace walter warren wayne wesley
    whitney willard
    """
)

#: Entity types a person's name may carry in the small model's NER (a given name is often ORG).
NAME_ENT_TYPES: frozenset[str] = frozenset({"", "PERSON", "ORG"})

#: Verbs of leading a group said of a person in a participle phrase ("the security team, led by
#: Gunnar"): "Gunnar leads the payroll team". Those of a one-time act keep the past.
LEADING_VERBS: frozenset[str] = words("lead run head manage chair direct coordinate own found")
FOUNDING_VERBS: frozenset[str] = words("found")

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
    "active": "active",
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
#: Verbs of taking in what others made: "I read a book", "we played the game" — their object
#: is no piece of the speaker's work (nor is what they love or hate, ``PREFERENCE_VERBS``).
CONSUMING_VERBS: frozenset[str] = frozenset(
    {"read", "watch", "play", "buy", "borrow", "recommend", "download"}
)
#: "a favourite book": a liking, not a piece of work.
LIKING_MODIFIERS: frozenset[str] = frozenset({"favorite", "favourite"})

#: Verbs / prepositions that introduce what a thing is blocked by.
BLOCKER_PREPOSITIONS: frozenset[str] = frozenset({"on", "by", "until"})

#: Decision verbs whose object is the thing decided on.
DECISION_VERBS: frozenset[str] = frozenset(
    {"decide", "choose", "pick", "opt", "settle", "go", "switch", "agree", "commit", "select"}
)

#: Verbs of a trip: "I'll drive up from Dundee" starts from home.
TRAVEL_VERBS: frozenset[str] = frozenset(
    {"drive", "fly", "commute", "travel", "head", "ride", "work"}  # "I work remotely from Bergen"
)
#: Verbs of moving house: "we're moving from Antwerp to Bruges".
MOVE_VERBS: frozenset[str] = frozenset({"move", "relocate"})
#: Verbs of changing place, tool, job or state: done by their subject, never undergone
#: ("Switched to Quillhost", "Moved to Grenoble"), whatever the tagger makes of a bare past form.
SELF_CHANGE_VERBS: frozenset[str] = frozenset(
    "switch move relocate migrate transfer upgrade downgrade pivot graduate retire quit "
    "resign return arrive settle commit drop".split()
)
#: Verbs of speaking to someone: a sentence-opening participle of one with "to" is the
#: speaker's own act ("presented to the budget board yesterday", "spoke to HR"), which
#: nobody says in the passive of themselves.
SPEAKING_TO_VERBS: frozenset[str] = frozenset(
    "present report speak talk write reply respond pitch explain apologise apologize "
    "complain".split()
)
#: Participles that say a state the speaker is in, said without the subject in chat
#: ("blocked on the security review", "stuck on the auth bug", "based in Quebec").
STATE_PARTICIPLES: frozenset[str] = frozenset(
    "blocked stuck based located swamped slammed buried snowed booked married engaged "
    "divorced retired unemployed hooked obsessed".split()
)
#: Prepositions of a state the speaker is in, said with no subject or verb in chat ("on
#: nights all next week", "in Bilbao till Friday", "off work with flu").
STATE_PREPOSITIONS: frozenset[str] = frozenset({"on", "in", "at", "off"})
#: What a move of house moves: "we're moving flats" (a move with no such word needs places
#: the NER knows as places: "moving from Quillhost to Stripewell" is a move of tools).
HOME_NOUNS: frozenset[str] = frozenset({"flat", "house", "home", "apartment", "place"})
#: "I'm flying back from Reykjavik": coming back from somewhere is not leaving home.
RETURN_WORDS: frozenset[str] = frozenset({"back", "home"})
