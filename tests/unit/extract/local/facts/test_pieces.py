from __future__ import annotations

from datetime import UTC, datetime

from contextos.extract.local.clauses.render import inflect_3sg
from contextos.extract.local.dates import is_resolvable, render_date, resolve_date
from contextos.extract.local.text.sentences import is_phatic, segment_turn


def test_segments_have_exact_offsets_and_skip_phatic_and_questions():
    text = "Thanks!! I adopted a greyhound. Is that weird?\nWe named him Biscuit."
    segs = segment_turn(text)
    assert [s.text for s in segs] == ["I adopted a greyhound.", "We named him Biscuit."]
    for s in segs:
        assert text[s.start : s.end] == s.text


def test_a_statement_comma_joined_to_a_question_after_it_is_read_on_its_own():
    text = (
        "I'm a nurse in Ohio, what should I ask in the interview? "
        "If I move to Denver, what should I pack? So, what now? "
        "We use Postgres at work, how do I add an index?"
    )
    segs = segment_turn(text)
    assert [s.text for s in segs] == ["I'm a nurse in Ohio", "We use Postgres at work"]
    for s in segs:
        assert text[s.start : s.end] == s.text
    asked = segment_turn(text, keep_questions=True)
    assert "what should I ask in the interview?" in [s.text for s in asked]


def test_what_a_lets_proposal_points_at_after_a_colon_is_a_statement_of_its_own(run):
    text = "Yes, let's make that the rule: accessible beds go first to people who need them."
    segs = segment_turn(text)
    assert [s.text for s in segs] == [
        "let's make that the rule",
        "accessible beds go first to people who need them.",
    ]
    _conv, _raw, checked = run([("user", text), ("user", "Let's go with that: Friday it is.")])
    assert [f.text for f in checked.facts] == [
        "Accessible beds go first to people who need them"
    ], checked.facts


def test_pasted_blocks_are_quoted():
    text = "my landlord wrote:\n---\nRent goes up in May.\n---\nI am furious."
    segs = segment_turn(text)
    quoted = [s.text for s in segs if s.quoted]
    own = [s.text for s in segs if not s.quoted]
    assert quoted == ["Rent goes up in May."]
    assert "I am furious." in own


def test_phatic():
    assert is_phatic("ok thanks, sounds good!")
    assert is_phatic("hey 👋")
    assert not is_phatic("thanks, I start at Acme on Monday")


def test_relative_dates():
    base = datetime(2023, 5, 8, 14, 0, tzinfo=UTC)
    assert resolve_date("yesterday", base, "past").text == "Sunday, May 7, 2023"
    assert resolve_date("tomorrow", base).value.date().isoformat() == "2023-05-09"
    assert resolve_date("Tuesday of next week", base).text == "Tuesday, May 16, 2023"
    assert resolve_date("in June", base).text == "June 2023"
    assert resolve_date("Friday", base, "past").value.date().isoformat() == "2023-05-05"
    assert resolve_date("Friday", base, "future").value.date().isoformat() == "2023-05-12"


def test_durations_are_not_dates():
    assert not is_resolvable("six years")
    assert not is_resolvable("two sprints")
    assert is_resolvable("two weeks ago")
    assert resolve_date("about six years", datetime(2023, 5, 8)) is None


def test_render_date_periods():
    d = datetime(2024, 2, 14)
    assert render_date(d, "day") == "Wednesday, February 14, 2024"
    assert render_date(d, "month") == "February 2024"
    assert render_date(d, "year") == "2024"
    assert render_date(d, "week") == "the week of February 12, 2024"


def test_inflect_3sg():
    assert [inflect_3sg(v) for v in ("go", "try", "watch", "play", "have", "love")] == [
        "goes",
        "tries",
        "watches",
        "plays",
        "has",
        "loves",
    ]


def test_a_quoted_paragraph_introduced_as_someone_elses_text_is_quoted():
    text = (
        "here's an email a client forwarded, can you summarise it:\n\n"
        '"Hi team, we love the tool but we need exports ASAP. Thanks, Mo"'
    )
    segs = segment_turn(text)
    assert [s.text for s in segs if not s.quoted][0] == "here's an email a client forwarded"
    assert not any("love" in s.text for s in segs if not s.quoted)
    assert [s.text for s in segs if s.quoted][0].startswith('"Hi team, we love the tool')
    for s in segs:
        assert text[s.start : s.end] == s.text


def test_a_quoted_paragraph_after_an_intro_naming_a_message_is_quoted():
    text = (
        "here's the recruiter email about the interview, does anything look weird?\n\n"
        '"Hi Gabriel! Your panel: Nurse Manager Joy Castillo and two charge nurses."'
    )
    segs = segment_turn(text)
    assert all(s.quoted for s in segs if "panel" in s.text or "Gabriel" in s.text)
    assert any("panel" in s.text for s in segs)


def test_a_quoted_paragraph_after_an_intro_saying_someone_sent_it_is_quoted():
    text = (
        "heres what she sent me after, is she being fake??\n\n"
        '"ur being so dramatic, i literally just said what everyone was thinking."\n\n'
        "like??? who says that"
    )
    segs = segment_turn(text)
    assert all(s.quoted for s in segs if "dramatic" in s.text or "everyone" in s.text)
    assert any("dramatic" in s.text for s in segs)
    assert not any(s.quoted for s in segs if "who says" in s.text)


def test_a_quoted_paragraph_the_user_wrote_stays_theirs():
    text = 'Here is my reply to the landlord:\n\n"We will move out on the 30th."'
    assert [(s.text, s.quoted) for s in segment_turn(text)][-1] == (
        '"We will move out on the 30th."',
        False,
    )
    # no introducing colon: quotation marks alone do not make a paragraph someone else's
    plain = 'I told him this.\n\n"I am leaving the band."'
    assert not any(s.quoted for s in segment_turn(plain))


def test_a_lead_in_of_discourse_words_before_a_comma_is_not_parsed():
    text = "and ugh, the beta slipped to May. Tom, my manager, is great."
    segs = segment_turn(text)
    assert [s.text for s in segs] == ["the beta slipped to May.", "Tom, my manager, is great."]
    for s in segs:
        assert text[s.start : s.end] == s.text


def test_a_label_of_discourse_words_before_two_words_is_a_label():
    assert [s.text for s in segment_turn("But big news: Helen has accepted a chair.")] == [
        "Helen has accepted a chair."
    ]
    kept = "The thing I want is: a new job in Lisbon soon."
    assert [s.text for s in segment_turn(kept)] == [kept]


def test_a_label_may_have_a_comma_between_its_words():
    text = "Decision, then: the PC launch moves to February 2027."
    [seg] = segment_turn(text)
    assert seg.text == "the PC launch moves to February 2027."
    assert seg.topic is None  # "decision" and "then" name no topic


def test_a_label_that_is_a_clause_of_its_own_names_no_topic():
    [seg] = segment_turn("We're unstuck: Givestream reactivated the account yesterday.")
    assert seg.topic is None  # was "We're unstuck", written before the fact as its topic
    [seg] = segment_turn("Autopay: customers pay by card.")
    assert seg.topic == "Autopay"


def test_a_title_abbreviation_ends_no_sentence():
    from contextos.extract.local.text.sentences import segment_turn

    pieces = [s.text for s in segment_turn("my principal is Dr. Okafor. she works at St. Mary's")]
    assert pieces == ["my principal is Dr. Okafor.", "she works at St. Mary's"]


def test_items_under_the_speakers_own_heading_say_what_the_heading_names(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "My goals this quarter:\n- ship the onboarding revamp\n- cut crash rate below "
                "0.5%\nAlso I moved to Seattle.",
            ),
            ("user", "My plan for next week:\n1. finish the report\n2. call the landlord"),
        ]
    )
    by_text = {f.text: f for f in checked.facts}
    goal = by_text["Dana's goals this quarter: ship the onboarding revamp"]
    assert goal.category == "goal"
    assert "Dana's goals this quarter: cut crash rate below 0.5%" in by_text
    assert "Dana's plan for next week: finish the report" in by_text
    assert "Dana's plan for next week: call the landlord" in by_text
    assert "Dana moved to Seattle" in by_text  # a line that is no item ends the list


def test_a_number_opening_a_line_ends_no_sentence():
    from contextos.extract.local.text.sentences import segment_turn

    pieces = segment_turn("Plan:\n1. finish the report\n2. call the landlord. Then rest.")
    assert [p.text for p in pieces][:2] == ["finish the report", "call the landlord."]


def test_a_code_fence_with_a_language_quotes_the_code_not_what_follows(run):
    from contextos.extract.local.text.sentences import segment_turn

    code = "```python\ndef get_db():\n    yield db\n```\n"
    text = code + "I use SQLAlchemy 2.0 with async everywhere"
    pieces = segment_turn(text)
    assert [(p.text, p.quoted) for p in pieces if not p.quoted] == [
        ("I use SQLAlchemy 2.0 with async everywhere", False)
    ]
    _conv, _raw, checked = run([("user", text)])
    assert "Dana uses SQLAlchemy 2.0 with async everywhere" in [f.text for f in checked.facts]


def test_a_clitic_after_a_modal_is_have():
    from contextos.extract.local.clauses.render import _clitic
    from contextos.extract.local.text.nlp import DEFAULT_MODEL, load_pipeline

    [doc] = load_pipeline(DEFAULT_MODEL).parse(["I should've checked it first."], 1)
    assert _clitic(doc[2]) == "have"


def test_an_unquoted_text_presented_as_someone_elses_is_pasted(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "Here's the job description, can you tailor my resume to it?\n\nWe are looking "
                "for a Senior Engineer. You will lead the payments team.\n\nI have 6 years of Go.",
            ),
            (
                "user",
                "my landlord sent this:\nDear tenant, your rent will increase to 2,400 from March "
                "1.\nwhat should I reply? I work from home so I can't move",
            ),
            ("user", "here's my email to the team:\nI am moving the launch to Friday."),
        ]
    )
    texts = [f.text for f in checked.facts]
    assert not any("Senior Engineer" in t or "payments team" in t or "rent" in t for t in texts)
    assert "Dana has 6 years of Go" in texts
    assert any(t.startswith("Dana works from home") for t in texts), texts
    assert any(t.startswith("Dana is moving the launch") for t in texts)  # their own email


def test_a_long_paragraph_that_mentions_a_report_introduces_nothing():
    # only the last sentences of a line can present the paragraph after it as pasted text
    text = (
        "Good news first. I am pleased to report that the knee surgery went well. "
        "The physio says six weeks. The next check is in June.\n\n"
        "We have decided to sell the flat and move to Leeds."
    )
    segs = segment_turn(text)
    assert ("We have decided to sell the flat and move to Leeds.", False) in [
        (s.text, s.quoted) for s in segs
    ]
    pasted = "I am pleased. Here's the report the surveyor sent.\n\nThe roof needs new tiles."
    assert [s.quoted for s in segment_turn(pasted) if "roof" in s.text] == [True]


def test_notes_introduced_by_the_speaker_stay_theirs(run):
    text = "Notes from today's meeting:\nI decided to ship the beta on Friday."
    _conv, _raw, checked = run([("user", text)])
    assert any(f.text.startswith("Dana decided to ship the beta") for f in checked.facts)


def test_a_docs_text_read_once_stays_its_text_after_the_tokenizer_components():
    """``doc_text`` keeps the text of the first join; the components that merge an inline code
    span, split an "its" typed for "it's" and rejoin "wed" retokenize the doc after that join,
    so the kept text must still be the doc's text (and a span's text is its own)."""
    from contextos.extract.local.text.nlp import DEFAULT_MODEL, doc_text, load_pipeline

    texts = [
        "The deploy fails with `could not connect to db` since monday.",
        "his mum reckons its cos he's out gaming",
        "I'm in mon wed fri 10am",
    ]
    docs = load_pipeline(DEFAULT_MODEL).parse(texts, 3)
    for text, doc in zip(texts, docs, strict=True):
        assert doc_text(doc) == doc.text == text
    code = [t.text for t in docs[0] if "`" in t.text]
    assert code == ["`could not connect to db`"]  # merged after its text was read
    assert [t.text for t in docs[1]][3:5] == ["it", "s"]  # split after its text was read
    span = docs[0][2:5]
    assert doc_text(span) == span.text == "fails with `could not connect to db`"
