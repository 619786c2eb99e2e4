"""Cheap segmentation before parsing: pasted blocks, sentences, and the fast skip.

Nothing here needs a model. A turn is cut into sentence-sized pieces with their exact
character offsets; pieces that cannot carry a fact (greetings, thanks, confirmations,
questions) are dropped before the parser ever sees them, which is most of the extractor's speed.
Text the user pasted (an email between ``---`` lines, a fenced block, ``>`` quotes, or a
paragraph in quotation marks introduced by a line ending in a colon or naming a message —
"here's a note my landlord sent:") is marked ``quoted``: it is someone else's words, so it is
only checked for instructions aimed at an AI. A quoted paragraph the user introduces as their
own writing ("my reply to the landlord:") stays theirs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from contextos.extract.local.text.lexicon import (
    AI_ADDRESS_WORDS,
    CLAUSE_OPENERS,
    DISCOURSE_WORDS,
    INJECTION_PHRASES,
    INSTRUCTION_CUES,
    LABEL_WORDS,
    PHATIC_WORDS,
    RESPONSE_FORMAT_NOUNS,
    SUBORDINATORS,
    THIRD_OPENERS,
)

__all__ = [
    "Segment",
    "injection_cue",
    "is_phatic",
    "is_question",
    "names_someone",
    "segment_turn",
    "speaker_label_read",
]

#: A fence line: a rule, or a code fence with its language ("```python", "~~~").
_FENCE = re.compile(r"^\s*(?:-{3,}|={3,}|\*{3,}|_{3,}|(?:`{3,}|~{3,})[\w+#.-]*)\s*$")
#: Abbreviations whose full stop ends no sentence ("Dr. Fenwick", "St. Ambrose's", "e.g. Go").
#: Only those that rarely end one: titles before a name, "vs." and "e.g." before an example.
_ABBREVIATIONS = "dr mr mrs ms mx prof st mt ft jr sr vs e.g i.e".split()
_NOT_AN_END = "".join(
    rf"(?<!\b{re.escape(v)}\.)"
    for a in _ABBREVIATIONS
    for v in dict.fromkeys((a, a.capitalize(), a.upper()))
)
_SENTENCE_END = re.compile(
    rf"(?:(?<=[!?;])|(?<=\.){_NOT_AN_END}(?<!^\d\.)(?<!^\d\d\.))\s+|\n+"
    r"|(?<=[\u2600-\U0001faff])\s+",
    re.M,  # "1. finish the report": a list number at the start of a line ends no sentence
)
_WORD = re.compile(r"[\w'’]+")
#: A comma (or "so"/"but") followed by a first-person subject, or a spaced dash: the start of a
#: new main clause in run-on chat ("I like mornings, I'm an early riser"; "it's done - we ship").
#: A dash between two numbers is a range ("June 8 - 12", "9 - 5"), not a splice.
_SPLICE = re.compile(
    r"(?:,\s+|\s+(?=(?:but|so)\s))(?:(?:and|but|so|plus|also)\s+)?"
    r"(?=(?:" + "|".join(CLAUSE_OPENERS) + r")\b)"
    r"|(?:,\s+|\s+)(?:and|but|so)\s+(?=(?:" + "|".join(THIRD_OPENERS) + r")\b)"
    r"|(?<!\d)\s+[-–—]\s+(?=\w)|(?<=\d)\s+[-–—]\s+(?!\d)",
    re.I,
)
#: The colon after a proposal that points at what follows it ("let's make that the rule:
#: accessible beds go first ..."): what follows is what is proposed, a statement of its own.
_PROPOSAL_COLON = re.compile(
    r"^\W*(?:(?:yes|yeah|ok|okay|right|so|and|then)\W+)*let(?:['’]s|\s+us)\b[^:.!?]{0,60}?"
    r"\b(?:this|that|it|rule|plan|deal|decision)(\s*:\s+)(?=\w)",
    re.I,
)
#: A comma followed by a named subject and its verb: "still in planning, Tavish Orr is the tech
#: lead". Case matters here: the name is what marks the new clause.
_NAMED_SPLICE = re.compile(
    r",\s+(?=[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?\s+"
    r"(?:is|was|has|had|will|owns|leads|runs|took|joined|left)\b)"
)
_MIN_WORDS = 2
#: A comma before a question put after a statement ("I'm a first-time dad, what advice would
#: you give me?", "we use Postgres, how do I add an index?").
_QUESTION_SPLICE = re.compile(
    r",\s+(?=(?:what|how|why|which|when|where|who|any|anything|can|could|would|should|do|does|is|are)\b)",
    re.I,
)
#: words a statement needs before a question is split off it (not "so, what now?")
_MIN_STATEMENT_WORDS = 3
#: A label of up to six words before a colon ("Update: ...", "Verdict, then: ..."); the parser
#: tends to make the label the root and the statement after it a modifier of it.
_LABEL = re.compile(r"[\w'’-]+(?:,?\s+[\w'’-]+){0,5}\s*:\s+")
#: Labels longer than this many words are labels only when the words before the last two are
#: discourse words ("But good news:", not "The thing I want to say is:").
_PLAIN_LABEL_WORDS = 2
_MIN_AFTER_LABEL = 3
_HEADING_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "this", "these", "some"})
_PRONOUN_LEADS = frozenset({"i", "we", "you", "it", "they", "he", "she", "that", "there"})
#: Up to three words and a comma opening a piece ("and ugh, ...").
_LEAD_IN = re.compile(r"\s*((?:[\w'’]+\s+){0,2}[\w'’]+)\s*,\s+")
#: Up to three words ending in a hesitation, with no comma: dictation's lead-in ("cheers um ").
_SPOKEN_LEAD_IN = re.compile(r"\s*((?:[\w'’]+\s+){0,2}(?:u+m+|u+h+|e+r+m+|e+r+))\s+", re.I)
#: A list marker opening a piece: "(1) ", "2. ", "b) ", "- ", "* ", "• ".
_LIST_MARKER = re.compile(r"(?:\(?\d{1,2}[.)]|\(?[a-h]\)|[-*•·–])\s+")
_OPENING_QUOTES = ('"', "“")
#: An introduction that presents a message ("here's the landlord's email, anything odd?").
_MESSAGE_WORD = re.compile(
    r"\b(?:e-?mails?|messages?|texts?|letters?|notes?|dms?|posts?|comments?|reviews?|replies|"
    r"reply|responses?|memo|invite|invitation|quotes?|quotations?|excerpts?|snippets?)\b",
    re.I,
)
#: An introduction that claims the pasted text as the speaker's own writing.
_OWN_WRITING = re.compile(
    r"\b(?:my|our)\s+(?:[\w'-]+\s+){0,2}(?:draft|response|reply|answer|email|message|paragraph|letter|"
    r"post|text|note|abstract|bio|summary|cover letter|intro|version)s?\b"
    r"|\bI\s+(?:wrote|drafted|have written|'ve written)\b",
    re.I,
)


@dataclass(frozen=True)
class Segment:
    """A sentence-sized piece of a turn: ``turn.text[start:end] == text``. ``sentence`` is
    where the sentence it was cut from starts (pieces of one run-on sentence share it)."""

    start: int
    end: int
    text: str
    quoted: bool = False
    sentence: int = 0
    #: what a lead-in label names, the statement being about it ("Autopay: customers pay by
    #: card" -> "Autopay"); None for labels such as "Quick update:"
    topic: str | None = None
    #: where that label starts in the turn (the label may instead be the subject of a verbless
    #: statement, "Deadline: Friday the 13th", which only the parse can tell)
    label_start: int | None = None
    #: any lead-in label cut from the piece, as (start in the turn, text without the colon):
    #: "Loose threads" — topic or not
    label: tuple[int, str] | None = None
    #: the speaker's own heading a list item is under ("My goals this quarter"), or None
    heading: str | None = None
    #: the cut label says what follows describes the speaker ("About me: nurse, 34"), which
    #: a verbless description is read as saying of them (see :func:`speaker_label_read`)
    about_speaker: bool = False
    #: a piece that states nothing (a question, a lone name) kept only for whom it names: a
    #: "he" or "she" after it may stand for them ("Greg. Ugh. He called Sunday ...")
    context_only: bool = False


#: A letter's salutation on its own ("Dear assistant,", "My dear Sam,").
_SALUTATION = re.compile(r"^(?:my\s+)?dear\s+[^\n.!?,:;]{1,40},?$", re.I)


def is_phatic(text: str) -> bool:
    """Greeting, thanks or confirmation only, or a letter's salutation: no fact can be in it."""
    words = [w.lower() for w in _WORD.findall(text)]
    return (
        not words or all(w in PHATIC_WORDS for w in words) or bool(_SALUTATION.match(text.strip()))
    )


def injection_cue(text: str) -> str | None:
    """What marks ``text`` as an instruction to an AI, or None: a phrase only such text
    uses ("ignore previous", "system prompt"), or words addressing an AI together with an
    instruction to store something ("Note for the AI assistant: remember that ...")."""
    low = text.lower()
    hit = next((p for p in INJECTION_PHRASES if p in low), None)
    if hit:
        return hit
    address = next((w for w in _WORD.findall(low) if w in AI_ADDRESS_WORDS), None)
    if address is None:
        return None
    cue = next((c for c in INSTRUCTION_CUES if c in low), None)
    return f"{address} ... {cue.strip()}" if cue else None


#: A word written with a capital that may be a name: not "I" or a word of "I".
_CAPITALISED = re.compile(r"\b(?!I\b|I['’])[A-Z][\w'’-]*")


def names_someone(text: str) -> bool:
    """Whether a piece that states nothing may still name someone a later "he" or "she"
    stands for: a word past its first written with a capital ("Could Theo stay home?"), or
    a lone capitalised word ("Greg.")."""
    stripped = text.lstrip()
    capitals = [m.start() for m in _CAPITALISED.finditer(stripped)]
    if len(_WORD.findall(stripped)) == 1:
        return bool(capitals)
    return any(start > 0 for start in capitals)


def is_question(text: str) -> bool:
    return text.rstrip().rstrip("\"')]").endswith("?")


#: A reason the speaker states before asking, opened by a subordinator ("Since I'm vegetarian,
#: ...", "As a nurse working nights, ..."): unlike "if", it says how things are.
_STATED_REASON = re.compile(r"\W*(?:since|because|as\s+(?:a|an|someone|somebody)\b)", re.I)


def _asked_after(sentence: str) -> re.Match[str] | None:
    """The comma joining a statement to a question after it ("I'm a nurse in Ohio, what
    should I ask in the interview?"), or None when the sentence is not one. Not after a
    condition or time clause ("If I move, what should I pack?"): that part states nothing;
    a stated reason ("Since I'm vegetarian, can you ...?") does."""
    if not is_question(sentence):
        return None
    first = _WORD.search(sentence)
    if first is None or (
        first.group(0).lower() in SUBORDINATORS and not _STATED_REASON.match(sentence)
    ):
        return None
    cut = None
    for m in _QUESTION_SPLICE.finditer(sentence):
        cut = m
    if cut is None or len(_WORD.findall(sentence[: cut.start()])) < _MIN_STATEMENT_WORDS:
        return None
    return cut


def _splices(text: str) -> list[tuple[int, int, int]]:
    """(start, end, sentence start) of the main clauses of a run-on sentence; one piece when
    there is none. A piece that opens with a subordinator ("When I got home, I ...") keeps its
    main clause. A piece cut before a named subject ("..., Tavish Orr is the tech lead") starts a
    sentence of its own: what it says of that person is not part of what came before."""
    out: list[tuple[int, int, int]] = []
    cursor = 0
    sentence = 0
    cuts = sorted(
        [
            *((m.start(), m.end(), False) for m in _SPLICE.finditer(text)),
            *((m.start(), m.end(), True) for m in _NAMED_SPLICE.finditer(text)),
            *((m.start(1), m.end(), False) for m in _PROPOSAL_COLON.finditer(text)),
        ]
    )
    for start, end, by_name in cuts:
        if start < cursor:
            continue
        first = _WORD.search(text, cursor)
        if first is not None and first.group(0).lower() in SUBORDINATORS:
            continue
        if len(_WORD.findall(text[cursor:start])) < _MIN_WORDS:
            continue
        out.append((cursor, start, sentence))
        cursor = end
        if by_name:
            sentence = cursor
    out.append((cursor, len(text), sentence))
    return out


#: Words a lead-in before a comma may be made of ("honestly, ...", "no problem, ..."). Not
#: a greeting: the parser reads "hey, on my break so typing fast" as less than a statement,
#: which is right, and what is left without the "hey" as one.
_LEAD_WORDS = DISCOURSE_WORDS | (
    PHATIC_WORDS - {"hi", "hello", "hey", "hiya", "morning", "evening", "afternoon", "gm"}
)


def _lead_in_length(piece: str) -> int:
    """Characters of a lead-in of discourse words before a comma ("and ugh, ", "honestly, ")
    or, in dictation that has no commas, before a hesitation ("cheers um ") opening ``piece``:
    the parser tends to make such a word the root of the sentence."""
    m = _LEAD_IN.match(piece) or _SPOKEN_LEAD_IN.match(piece)
    if m is None or len(_WORD.findall(piece[m.end() :])) < _MIN_AFTER_LABEL:
        return 0
    words = _WORD.findall(m.group(1))
    return m.end() if all(w.lower() in _LEAD_WORDS for w in words) else 0


def _marker_length(piece: str) -> int:
    """Characters of a list marker ("(1) ", "- ") opening ``piece`` (0 when there is none)."""
    lead = len(piece) - len(piece.lstrip())
    m = _LIST_MARKER.match(piece, lead)
    return m.end() if m is not None else 0


def _label_text(label: str) -> str:
    """A lead-in label without its colon and spacing: "Verdict, then: " -> "Verdict, then"."""
    return label.rstrip().rstrip(":").strip()


def _label_words(label: str) -> list[str]:
    """The words of a lead-in label, commas dropped."""
    return _label_text(label).replace(",", " ").split()


def _label_topic(label: str) -> str | None:
    """The topic a lead-in label names: its words other than LABEL_WORDS ("HPC update" ->
    "HPC"), written with a capital as a name is ("Autopay:", not "life update:"), or None."""
    words = _label_words(label)
    kept = [w for w in words if w.lower() not in LABEL_WORDS]
    if not kept or kept[0] != words[0]:  # "Update on X" names no topic up front
        return None
    if kept[0].lower() in _HEADING_DETERMINERS:  # "the family:" heads a list, names no topic
        return None
    if re.split(r"['’]", kept[0].lower())[0] in _PRONOUN_LEADS:
        return None  # "We're through: ...": a clause of its own, not a name
    if not kept[0][:1].isupper():  # "life update:", "headline:": a heading, not a name
        return None
    return " ".join(kept)


def _own_label(label: str) -> bool:
    """A label naming something of the speaker's ("My new address: 9 Quillfeather Row"): no
    topic, but maybe the subject of what follows it, as a topic label may be."""
    return label.split(" ", 1)[0].lower() in _OWN_LABEL_LEADS


def _label_length(piece: str) -> int:
    """Characters of a short "Label: " lead-in to drop from ``piece`` (0 when there is none,
    or when too little follows it to be a statement of its own)."""
    lead = len(piece) - len(piece.lstrip())
    m = _LABEL.match(piece, lead)
    if m is None or len(_WORD.findall(piece[m.end() :])) < _MIN_AFTER_LABEL:
        return 0
    words = _label_words(m.group(0))
    extra = words[: max(0, len(words) - _PLAIN_LABEL_WORDS)]
    if not all(w.lower() in LABEL_WORDS for w in extra):
        return 0
    return m.end()


#: Where one sentence of a line ends and the next begins.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")
#: How many sentences at the end of a line can introduce what follows it.
_INTRO_SENTENCES = 2


def _introduction(line: str) -> str:
    """The end of ``line`` that can introduce the paragraph after it: its last two sentences
    ("Here's the job description. Can you tailor my resume to it?"). A letter's long paragraph
    that once said "thrilled to announce" introduces nothing."""
    return " ".join(_SENTENCE_BREAK.split(line.strip())[-_INTRO_SENTENCES:])


def _pasted_quote(intro: str, line: str) -> bool:
    """Whether ``line`` opens a paragraph in quotation marks that ``intro`` (the last non-blank
    line before it) presents as someone else's text: with a closing colon, by naming a
    message ("here's the landlord's email about the deposit, does anything seem off?") or
    a sending ("here's what he sent me later, is he being rude??")."""
    if not line.lstrip().startswith(_OPENING_QUOTES):
        return False
    intro = _introduction(intro)
    if _OWN_WRITING.search(intro) is not None:
        return False  # "can you look over this part of my reply?"
    return (
        intro.endswith(":")
        or _MESSAGE_WORD.search(intro) is not None
        or _SENT_VERB.search(intro) is not None
    )


#: The words that open a label of the speaker's own ("My new address:").
_OWN_LABEL_LEADS = frozenset({"my", "our"})

#: A lead-in saying that what follows describes the speaker ("About me:", "A bit about
#: myself:", "Brief context:", "Background:"); a "Context:" may introduce a situation instead,
#: but then what follows it is a statement and is read as one. Not "Me:", which labels a line
#: of a pasted chat.
_SPEAKER_LABEL = re.compile(
    r"(?:(?:a\s+(?:bit|little)\s+)?about\s+(?:me|myself)"
    r"|(?:some\s+|quick\s+|brief\s+)?(?:context|background)(?:\s+(?:on|about)\s+(?:me|myself))?"
    r"|bio|who\s+i\s+am)\s*:\s+",
    re.I,
)


def speaker_label_read(text: str) -> str:
    """``text`` (from a cut label describing the speaker on, see :data:`_SPEAKER_LABEL`)
    with the label read as "I'm", padded to its length so that offsets hold: "About me:
    nurse, 34" is parsed as "I'm       nurse, 34"."""
    m = _SPEAKER_LABEL.match(text)
    if m is None:
        return text
    label = text[: m.end()].rstrip()
    return "I'm" + " " * (len(label) - 3) + text[len(label) :]


#: A line that heads a list of the speaker's own ("My goals this quarter:", "Our plan:").
_OWN_HEADING = re.compile(r"^((?:my|our)\b[^:\n.!?]{1,60}):$", re.I)


#: Words an introduction uses for a text someone else wrote ("here's the job description").
_DOCUMENT_WORD = re.compile(
    r"\b(?:description|jd|posting|listing|article|document|doc|contract|policy|notice|"
    r"announcement|offer|proposal|report|feedback|terms|agreement|transcript)s?\b",
    re.I,
)
#: Verbs of sending or writing a text, in both introductions below.
_SENDING = r"sent|wrote|forwarded|posted|replied"
#: A verb of sending or writing a text ("what he sent me", "he texted back").
_SENT_VERB = re.compile(rf"\b(?:{_SENDING}|texted|messaged|emailed|dm'?d)\b", re.I)
#: An introduction that says someone sent or wrote what follows ("my landlord sent this:").
_SENT_THIS = re.compile(
    rf"\b(?:{_SENDING}|written|typed|said|says|paste|pasting)\b[^.!?]*:\s*$",
    re.I,
)
#: How the speaker opens a line in their own voice.
_FIRST_PERSON = r"i|i'm|i've|i'd|i'll|my"
#: A line the speaker opens in their own voice: no pasted text starts so.
_OWN_VOICE = re.compile(rf"^\s*(?:{_FIRST_PERSON})\b", re.I)
#: A line in which the speaker talks again after a pasted text ("what should I reply?").
_SPEAKER_AGAIN = re.compile(
    rf"^\s*(?:{_FIRST_PERSON}|can you|could you|what|how|should|thoughts|any)\b|\?\s*$",
    re.I,
)


def _pasted_plain(intro: str, line: str) -> bool:
    """Whether ``line`` opens an unquoted paragraph that ``intro`` presents as someone else's
    text ("Here's the job description, can you tailor my resume to it?" then "We are looking
    for ..."). The paragraph must not open with the speaker's own "I" or "my"."""
    intro = _introduction(intro)
    if not intro or intro[-1] not in ":?." or _OWN_WRITING.search(intro):
        return False
    message = _MESSAGE_WORD.search(intro)
    presented = (
        _SENT_THIS.search(intro) is not None
        or _DOCUMENT_WORD.search(intro) is not None
        # "Notes from today's meeting:" are as often the speaker's own
        or (message is not None and not message.group(0).lower().startswith("note"))
    )
    return presented and _OWN_VOICE.match(line) is None and not line.rstrip().endswith("?")


def _blocks(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, quoted) line blocks: fenced, ``>``-quoted and pasted paragraphs are quoted.
    An unquoted pasted paragraph ends at a blank line or where the speaker talks again."""
    out: list[tuple[int, int, bool]] = []
    pos = 0
    in_fence = False
    in_pasted = False
    plain = False  # the pasted paragraph has no quotation marks
    intro = ""
    for line in text.splitlines(keepends=True):
        start, end = pos, pos + len(line)
        pos = end
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if not line.strip():
            in_pasted = plain = False
        else:
            if in_pasted and plain and _SPEAKER_AGAIN.search(line):
                in_pasted = plain = False
            elif not in_pasted and _pasted_quote(intro, line):
                in_pasted = True
            elif not in_pasted and not in_fence and _pasted_plain(intro, line):
                in_pasted = plain = True
            intro = line
        quoted = in_fence or in_pasted or line.lstrip().startswith(">")
        if out and out[-1][2] == quoted and out[-1][1] == start:
            out[-1] = (out[-1][0], end, quoted)
        else:
            out.append((start, end, quoted))
    return out


def segment_turn(
    text: str, keep_questions: bool = False, keep_context: bool = False
) -> list[Segment]:
    """Sentence pieces of ``text`` with exact offsets, fast-skipped pieces removed;
    ``keep_context``: those of them that may name someone (:func:`names_someone`) are kept,
    marked ``context_only``."""
    segments: list[Segment] = []
    for b_start, b_end, quoted in _blocks(text):
        block = text[b_start:b_end]
        cursor = 0
        pieces: list[tuple[int, int, int]] = []
        bounds: list[tuple[int, int]] = []
        for m in _SENTENCE_END.finditer(block):
            bounds.append((cursor, m.start()))
            cursor = m.end()
        bounds.append((cursor, len(block)))
        for s_start, s_end in bounds:
            if quoted:
                pieces.append((s_start, s_end, s_start))
                continue
            # the statement before a question comma-joined to it is read on its own
            asked = _asked_after(block[s_start:s_end])
            stated_end = s_start + asked.start() if asked else s_end
            pieces.extend(
                (s_start + a, s_start + b, s_start + c)
                for a, b, c in _splices(block[s_start:stated_end])
            )
            if asked:
                pieces.append((s_start + asked.end(), s_end, s_start))
        item_topic: str | None = None  # the topic of the list item being read
        heading: str | None = None  # "My goals this quarter:", heading the list after it
        for p_start, p_end, sentence in pieces:
            topic = None
            label_start = None
            cut_label: tuple[int, str] | None = None
            under: str | None = None
            about: re.Match[str] | None = None
            if not quoted:
                new_line = "\n" in block[max(0, p_start - 2) : p_start]
                if new_line:
                    item_topic = None  # a new line ends a list item
                own = _OWN_HEADING.match(block[p_start:p_end].strip())
                if own is not None:
                    heading = own.group(1)
                    continue
                p_start += _lead_in_length(block[p_start:p_end])
                marker = _marker_length(block[p_start:p_end])
                if marker:
                    item_topic = None
                    under = heading
                elif new_line:
                    heading = None  # a line that is no list item ends the list
                p_start += marker
                about = _SPEAKER_LABEL.match(block, p_start, p_end)
                label = about.end() - p_start if about else _label_length(block[p_start:p_end])
                if about:
                    label_start = b_start + p_start  # "welder, 41, based in Bergen" alone
                    cut_label = (label_start, _label_text(about.group(0)))  # says nothing
                elif label:
                    cut_label = (b_start + p_start, _label_text(block[p_start : p_start + label]))
                    topic = _label_topic(block[p_start : p_start + label])
                    if topic is not None or _own_label(cut_label[1]):
                        label_start = b_start + p_start
                        if marker:  # "(1) Standing order: ..." heads the rest of the item too
                            item_topic = topic
                elif item_topic is not None and sentence == p_start:
                    topic = item_topic
                p_start += label
            raw = block[p_start:p_end]
            stripped = raw.strip()
            if not stripped:
                continue
            lead = len(raw) - len(raw.lstrip())
            start = b_start + p_start + lead
            end = start + len(stripped)
            seg = Segment(
                start,
                end,
                text[start:end],
                quoted,
                b_start + sentence,
                topic,
                label_start,
                cut_label,
                under,
                about_speaker=about is not None,
            )
            if not quoted:
                words = _WORD.findall(seg.text)
                shape = len(words) == 1 and words[0].lower() in RESPONSE_FORMAT_NOUNS
                if (
                    is_phatic(seg.text)
                    or (len(words) < _MIN_WORDS and not shape)  # (a lone "bullets" asks
                    or (is_question(seg.text) and not keep_questions)  # for a shape of answer)
                ):
                    if keep_context and not is_phatic(seg.text) and names_someone(seg.text):
                        segments.append(replace(seg, context_only=True))
                    continue
            segments.append(seg)
    return segments
