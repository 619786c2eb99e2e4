"""Clause edges: label lead-ins, tacked-on comments and requests, contracted auxiliaries."""

from __future__ import annotations

from datetime import UTC, datetime

from contextos.extract.local.text.nlp import load_pipeline
from contextos.extract.local.text.sentences import segment_turn
from contextos.extract.local.text.verb_labels import read_as_verbs


def _texts(checked):
    return [f.text for f in checked.facts]


def test_a_short_label_before_a_colon_is_not_part_of_the_statement():
    text = "Quick one: my sister and I are sharing a flat in Hull from June."
    segs = segment_turn(text)
    assert [s.text for s in segs] == ["my sister and I are sharing a flat in Hull from June."]
    assert text[segs[0].start : segs[0].end] == segs[0].text
    # too little after the colon to be a statement of its own: nothing is cut
    assert [s.text for s in segment_turn("Status: sorted now")] == ["Status: sorted now"]


def test_a_labelled_statement_becomes_a_fact(run):
    _conv, _raw, checked = run([("user", "Quick one: my sister and I are sharing a flat in Hull.")])
    assert any(t.startswith("Dana's sister and Dana are sharing a flat") for t in _texts(checked))


def test_a_clause_with_please_is_a_request_not_a_fact(run):
    _conv, _raw, checked = run(
        [("user", "Metric units please, my editor insists on it. I run a small bakery.")]
    )
    texts = _texts(checked)
    assert not any("please" in t.lower() for t in texts)
    assert "Dana runs a small bakery" in texts


def test_a_trailing_comment_with_a_demonstrative_subject_is_dropped(run):
    _conv, _raw, checked = run(
        [("user", "I repair bicycles at a shop in town during the week so this is a side project")]
    )
    assert "Dana repairs bicycles at a shop in town during the week" in _texts(checked)


def test_contracted_is_before_a_state_participle_and_has_before_been(run):
    _conv, _raw, checked = run([("user", "The garden shed's done. Priyanka's been helping me.")])
    texts = _texts(checked)
    assert "The garden shed is done" in texts
    assert "Priyanka has been helping Dana" in texts


def test_a_contracted_has_after_a_pronoun_before_a_participle_with_an_object(run):
    _conv, _raw, checked = run([("user", "I hired Maria Lopez, she's taught piano for ten years.")])
    texts = _texts(checked)
    assert any("Maria Lopez has taught piano for ten years" in t for t in texts), texts
    _conv, _raw, checked = run([("user", "Maria Lopez is lovely, she's booked for Mondays.")])
    assert any("Maria Lopez is booked for Mondays" in t for t in _texts(checked)), _texts(checked)


def test_a_plural_possessed_subject_keeps_its_plural_verb(run):
    _conv, _raw, checked = run([("user", "Our neighbours keep bees in the back garden.")])
    assert "Dana's neighbours keep bees in the back garden" in _texts(checked)


def test_we_in_a_meeting_of_several_speakers_is_the_team(run):
    _conv, _raw, checked = run(
        [
            ("user", "Dana", "We have about 300 beta testers now."),
            ("user", "Ines Carvalho", "Our budget covers two more contractors."),
            ("user", "Tomasz Nowak", "Sounds right."),
        ]
    )
    texts = _texts(checked)
    assert "The team has about 300 beta testers now" in texts
    assert "The team's budget covers two more contractors" in texts
    assert {f.subject for f in checked.facts} == {"Dana Whitfield", "Ines Carvalho"}


def test_you_in_a_meeting_is_the_person_addressed(run):
    """Named at the start of the turn, or else whoever spoke just before."""
    _conv, _raw, checked = run(
        [
            ("user", "Dana", "I finished the schema migration."),
            ("user", "Ines Carvalho", "Great, so Rui will be your manager from June."),
            ("user", "Tomasz Nowak", "Dana, Priya will review your pull requests."),
            ("user", "Rui Costa", "Happy to take over."),
        ]
    )
    texts = _texts(checked)
    assert "Rui will be Dana's manager from June 2023" in texts
    assert "Priya will review Dana's pull requests" in texts
    assert not any("your" in t.lower().split() for t in texts)


def test_we_in_a_dialogue_or_a_monologue_is_never_the_speaker_alone(run):
    """#40: "we" is the speaker and a group (a work clause: their team), or not their fact."""
    _conv, _raw, checked = run([("user", "We have about 300 beta testers now.")])
    assert "Dana's team has about 300 beta testers now" in _texts(checked)
    _conv, _raw, checked = run(
        [("user", "Dana", "We keep two goats."), ("user", "Ines Carvalho", "Nice, I keep hens.")]
    )
    assert "Dana keeps two goats" not in _texts(checked)
    assert [r.text for r in checked.rejections if r.reason == "group_as_speaker"] == [
        "Dana keeps two goats"
    ]


def test_a_reported_clause_the_parser_hung_before_a_vague_root_is_kept(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "but the license is stuck, OSBN says my fingerprints are still "
                "'pending FBI results' and it's been 3 weeks",
            )
        ]
    )
    assert [f.text for f in checked.facts] == [
        "The license is stuck; OSBN says Dana's fingerprints are still 'pending FBI results'"
    ]


def test_a_noun_and_a_participle_is_a_statement_with_its_verb_agreeing(run):
    _conv, _raw, checked = run(
        [
            ("user", "Two save files corrupted in testing yesterday."),
            ("user", "(2) Onboarding revamp, planned for Q2."),
        ]
    )
    assert [f.text for f in checked.facts] == [
        "Two save files were corrupted in testing on Sunday, May 7, 2023",
        "Onboarding revamp is planned for Q2",
    ]


def test_under_a_topic_label_it_is_the_topic(run):
    _conv, _raw, checked = run(
        [("user", "Ghost update: the save guard fixed it."), ("user", "The save guard fixed it.")]
    )
    assert [f.text for f in checked.facts] == ["Ghost: the save guard fixed it"]
    assert [r.reason for r in checked.rejections] == ["vague"]


def test_under_a_named_topic_label_a_subject_it_or_they_is_the_topic(run):
    when = datetime(2026, 5, 4, tzinfo=UTC)
    _conv, _raw, checked = run(
        [
            ("user", "Jira update: it keeps crashing on my laptop."),
            ("user", "Brightwell update: they sent a term sheet Friday."),
            ("user", "Course news: they moved the exam to June 3."),  # a heading, no name
            ("user", "HPC update: it has been over two weeks."),  # an "it" for no thing
        ],
        when,
    )
    texts = [f.text for f in checked.facts]
    assert "Jira keeps crashing on Dana's laptop" in texts, texts
    assert "Brightwell sent a term sheet on Friday, May 1, 2026" in texts, texts
    assert not any("Course" in t or "HPC has been" in t for t in texts), texts
    assert any(r.reason == "vague" and "moved the exam" in r.text for r in checked.rejections)


def test_a_not_correcting_a_detail_after_a_comma_is_no_negation(run):
    _conv, raw, checked = run(
        [("user", "quick correction: the fieldwork starts Thursday the 18th, not Tuesday.")]
    )
    [fact] = checked.facts
    assert fact.text == "The fieldwork starts on Thursday, May 18, 2023, not Tuesday, May 9, 2023"
    assert fact.polarity == "positive"
    assert fact.confidence >= 0.8


def test_when_an_event_is_said_in_a_relative_clause_is_a_fact_of_its_own(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "my supervisor wants the draft before my committee meeting, which is on the 19th.",
            ),
            ("user", "I'm seeing the dentist, which is annoying."),  # no date, no event fact
        ]
    )
    texts = [f.text for f in checked.facts]
    assert "Dana's committee meeting is on Friday, May 19, 2023" in texts
    event = next(f for f in checked.facts if f.text.startswith("Dana's committee meeting"))
    assert event.evidence[0].quote == "my committee meeting, which is on the 19th"
    assert sum("committee meeting" in t for t in texts) == 2  # the sentence's own fact stays


def test_pasted_console_output_with_a_path_is_no_statement(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "How do I use source venv/bin/activate?\n"
                "bash: venv/bin/activate: No such file or directory",
            )
        ]
    )
    assert checked.facts == []


def test_it_taking_up_the_noun_phrase_before_a_comma_is_that_phrase(run):
    _conv, _raw, checked = run(
        [
            ("user", "also correction on the move date, it's the 27th not the 20th."),
            ("user", "I love my job, it pays well."),
            ("user", "anyway, it broke again."),  # nothing before the comma to take up
        ]
    )
    texts = [f.text for f in checked.facts]
    assert "The move date is Saturday, May 27, 2023 not Saturday, May 20, 2023" in texts
    assert "Dana's job pays well" in texts  # "well" after its verb says how
    assert not any("broke" in t for t in texts)


def test_a_comma_clause_before_a_subjectless_verb_is_two_statements(run):
    _conv, raw, checked = run(
        [("user", "I'm no longer vegetarian, started eating fish again in the summer")]
    )
    by_text = {f.text: f for f in checked.facts}
    assert by_text["Dana is no longer vegetarian"].polarity == "negative"
    assert "Dana started eating fish again in the summer" in by_text


def test_an_adjective_with_a_date_after_a_statement_elaborates_it(run):
    _conv, _raw, checked = run([("user", "I got promoted to senior engineer! effective March 1")])
    [fact] = checked.facts
    assert fact.text == "Dana got promoted to senior engineer; effective Friday, March 1, 2024"


def test_persona_chat_statements_come_out_whole(run):
    _conv, _raw, checked = run(
        [
            ("user", "i'm good, just got back from walking my two labradors. you?"),
            ("user", "kids are the best though."),
            ("user", "my favorite season is fall, the leaves are amazing."),
            ("user", "i love baking, especially sourdough."),
            ("user", "i used to run but i hurt my knee skiing last winter."),
        ]
    )
    texts = [f.text for f in checked.facts]
    assert "Dana got back from walking their two labradors" in texts
    assert "Dana's favorite season is fall" in texts
    assert "Dana loves baking, especially sourdough" in texts
    assert any(t.startswith("Dana hurt their knee skiing in winter") for t in texts), texts
    assert not any(t.startswith("Kids are") or "leaves" in t for t in texts)


def test_a_verb_after_a_comma_shares_the_named_subject_before_it(run):
    _conv, _raw, checked = run(
        [
            ("user", "Carlos accepted the offer, starts Dec 1."),
            ("user", "my sister Mia got the job, starts Monday"),
        ]
    )
    texts = [f.text for f in checked.facts]
    assert "Dana's sister Mia got the job; Mia starts on Monday, May 15, 2023" in texts
    assert "Carlos accepted the offer; Carlos starts on Friday, December 1, 2023" in texts


def test_a_part_of_something_as_subject_is_about_the_whole(run):
    _conv, _raw, checked = run(
        [
            ("user", "The last of the 142 DAGs was cut over on Friday."),
            ("user", "Most of my friends live in Oslo."),
            ("user", "Some of them are great."),
        ]
    )
    texts = [f.text for f in checked.facts]
    assert any(t.startswith("The last of the 142 DAGs was cut over on") for t in texts)
    assert "Most of Dana's friends live in Oslo" in texts
    assert not any(t.startswith("Some of them") for t in texts)  # "them" names nothing


def test_a_subject_the_speaker_owns_by_a_relative_clause_is_no_unnamed_thing(run):
    _conv, _raw, checked = run(
        [("user", "The principal action item, which I own, is to add contract tests for APIs.")]
    )
    assert [f.text for f in checked.facts] == [
        "The principal action item, which Dana owns, is to add contract tests for APIs"
    ]


def test_a_fronted_phrase_that_only_points_back_is_left_out(run):
    _conv, _raw, checked = run(
        [
            ("user", "The school year ended, and with it I finished the chemistry curriculum."),
            ("user", "After that, I moved to Lisbon."),
        ]
    )
    texts = [f.text for f in checked.facts]
    assert any("Dana finished the chemistry curriculum" in t for t in texts)
    assert "Dana moved to Lisbon" in texts


def test_a_listener_called_out_before_a_question_without_its_mark_is_no_subject(run):
    _conv, _raw, checked = run(
        [
            ("user", "Dana", "Sam is doing a speech at the wedding."),
            ("assistant", "assistant", "Lovely."),
            (
                "user",
                "Sam",
                "I'M MAKING IT A THING. (ok not really.) assistant can you help him structure it "
                "without it sounding like a lesson plan",
            ),
            ("assistant", "assistant", "Sure."),
        ]
    )
    assert not any("assistant" in t.lower() for t in _texts(checked))


def test_a_clause_with_its_own_subject_after_a_colon_is_a_statement_of_its_own(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "Yesterday they announced a restructure: our clinical analytics team is being "
                "merged into a new unit.",
            )
        ]
    )
    assert "Dana's clinical analytics team is being merged into a new unit" in _texts(checked)
    assert any(r.text.endswith("they announced a restructure") for r in checked.rejections)


def test_no_as_the_determiner_of_a_noun_is_kept_as_the_negation_it_is(run):
    _conv, _raw, checked = run(
        [("user", "No AWS console spelunking. No, I moved to Denver in May.")]
    )
    texts = _texts(checked)
    assert "No AWS console spelunking" in texts  # never the opposite: "AWS console spelunking"
    assert "AWS console spelunking" not in texts
    # the answer "No, ..." opening a sentence is still left out
    assert any(t.startswith("Dana moved to Denver") for t in texts), texts


def test_a_verbless_role_says_what_the_speaker_is(run):
    _conv, _raw, checked = run(
        [
            ("user", "Context: solo founder, Quotewell. Want help with hosting."),
            ("assistant", "Sure."),
            ("user", "New job tomorrow!! junior data analyst at Lakeshore Health."),
            ("assistant", "Congrats!"),
            ("user", "Retired nurse, 68, living in Leeds."),
            ("assistant", "Nice."),
            ("user", "ICU nurse, nights."),
        ]
    )
    texts = _texts(checked)
    assert any(t.startswith("Dana is a solo founder, Quotewell") for t in texts), texts
    assert "Dana is a junior data analyst at Lakeshore Health" in texts
    assert "Dana is a retired nurse, 68, living in Leeds" in texts
    assert "Dana is an ICU nurse, nights" in texts


def test_a_role_fragment_after_someone_is_named_or_with_a_possessive_is_not_the_speaker(run):
    _conv, _raw, checked = run(
        [
            ("user", "Met Sarah yesterday. Product designer at Figma."),
            ("assistant", "Nice."),
            ("user", "My manager. Great guy."),
            ("assistant", "Good."),
            ("user", "Senior engineer? Not sure."),
        ]
    )
    assert not [t for t in _texts(checked) if t.startswith("Dana is a")], _texts(checked)


def test_a_verb_label_is_read_as_the_speakers_act(run):
    known = load_pipeline().english.known
    text = "Booked: flights to Oaxaca. Need: a laptop. Related: the bill."
    out = read_as_verbs(text, known)
    assert out == "booked  flights to Oaxaca. Need: a laptop. Related: the bill."
    assert len(out) == len(text)
    _conv, _raw, checked = run(
        [
            ("user", "Decided: Render, not Fly. Booked: flights to Oaxaca for the trip."),
            ("assistant", "Noted."),
        ]
    )
    texts = _texts(checked)
    assert "Dana decided Render, not Fly" in texts, texts
    assert "Dana booked flights to Oaxaca for the trip" in texts
    assert not any(t.startswith("Booked is") for t in texts)


def test_what_the_speaker_lastingly_is_given_as_a_reason_is_a_fact_of_its_own(run):
    _conv, _raw, checked = run(
        [
            ("user", "I'm doing the master spreadsheet because I'm a UX designer."),
            ("assistant", "Makes sense."),
            ("user", "I sleep days since I work nights. I left early because I was tired."),
            ("assistant", "Rest up."),
            (
                "user",
                "Nils is convinced that Dad should move in with me, since I have a spare room.",
            ),
        ]
    )
    texts = _texts(checked)
    assert "Dana is a UX designer" in texts, texts
    assert "Dana is doing the master spreadsheet" in texts
    assert "Dana works nights" in texts
    # a passing state stays the reason it was; a reason inside someone else's view is theirs
    assert "Dana left early because Dana was tired" in texts
    assert not any("spare room" in t for t in texts)


def test_a_which_comment_judging_the_whole_statement_is_left_out(run):
    _conv, _raw, checked = run(
        [
            (
                "user",
                "Sanne has joined the migration part-time, which is somewhat amusing given "
                "her earlier position. I bought a Vivaro, which is blue.",
            )
        ]
    )
    texts = _texts(checked)
    assert "Sanne has joined the migration part-time" in texts, texts
    assert "Dana bought a Vivaro, which is blue" in texts  # a detail of the noun stays


def test_a_verb_read_as_the_object_of_a_relative_clause_without_a_pronoun_is_the_verb(run):
    doc = load_pipeline().parse(["the SOC 2 report he attached only covers through september"])[0]
    covers = doc[7]
    assert (covers.dep_, covers.lemma_, doc[3].dep_, doc[3].head.i) == ("ROOT", "cover", "nsubj", 7)
    _conv, _raw, checked = run(
        [
            ("user", "The course she recommended costs $300."),
            ("user", "The report that he sent only covers the first quarter."),
            ("user", "The shop that sells covers is closed."),  # "that" is its subject: left alone
            ("user", "The guy my sister dates plays bass."),  # parsed right: left alone
        ]
    )
    assert _texts(checked) == [
        "The course she recommended costs $300",
        "The report that he sent only covers the first quarter",
        "The guy Dana's sister dates plays bass",
    ]
