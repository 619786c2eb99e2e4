"""A thing pronoun in the speaker's statement takes what it stands for, or the statement is
not stored half-said (contextos.extract.local.conversation.pronouns)."""

from __future__ import annotations


def _texts(run, *lines: str) -> tuple[list[str], list[str]]:
    _conv, _raw, checked = run([("user", line) for line in lines])
    return [f.text for f in checked.facts], [r.text for r in checked.rejections]


def test_a_pronoun_takes_the_one_thing_the_sentence_before_named(run):
    facts, _ = _texts(
        run,
        "I love reading mysteries. I've read hundreds of them.",
        "Octopuses are really cool! I love watching them play in the water.",
        "I have two dogs. I take them to the park every morning.",
        "The Eagles are a good team. I'm looking forward to seeing them play in the playoffs.",
        "so I'm building a little app to log bouldering sessions. calling it SendLog",
    )
    assert "Dana has read hundreds of mysteries" in facts
    assert "Dana loves watching octopuses play in the water" in facts
    assert "Dana takes the two dogs to the park every morning" in facts
    assert any("seeing the Eagles play in the playoffs" in t for t in facts), facts
    assert "Dana is calling the little app SendLog" in facts


def test_a_name_the_tagger_took_for_a_verb_or_split_from_its_number_stands_whole(run):
    facts, _ = _texts(
        run,
        "I've been learning Go for six months. I wrote a CLI in it that syncs our Notion docs.",
        "I bought a Pixel 8 in March, I use it mostly for photos.",
    )
    assert any(t.startswith("Dana wrote a CLI in Go") for t in facts), facts
    assert "Dana uses the Pixel 8 mostly for photos" in facts


def test_a_pronoun_in_the_same_sentence_takes_the_object_before_it(run):
    facts, _ = _texts(
        run,
        "I love my new bike, I ride it to work every day.",
        "I wrote a script to parse the nginx logs. I run it every night via cron.",
        "My mom got a new phone and I set it up on Sunday.",
        "I love my parents, I call them every Sunday.",
        "I pushed my CISA exam to September, no way I'm studying for it with all this going on.",
    )
    assert "Dana rides their new bike to work every day" in facts
    assert "Dana runs the script every night via cron" in facts
    assert any("Dana set the new phone up on" in t for t in facts), facts
    assert "Dana calls their parents every Sunday" in facts
    assert any("studying for their CISA exam" in t for t in facts), facts


def test_a_name_the_parser_split_in_two_stands_whole_for_the_pronoun(run):
    facts, _ = _texts(
        run, "the google thing was the redirect URI like you said, I fixed it that night"
    )
    assert "Dana fixed the redirect URI that night" in facts


def test_an_it_takes_the_thing_acted_on_or_named_before_it_in_the_sentence(run):
    facts, _ = _texts(
        run,
        "I bought a Kindle last month, I use it every day",
        "my favorite book is The Overstory, I reread it every summer",
        "we found a bug in the export tool, I fixed it last night",
    )
    assert "Dana uses the Kindle every day" in facts
    assert "Dana rereads The Overstory every summer" in facts
    assert any("Dana fixed the bug on" in t for t in facts), facts


def test_an_it_never_stands_for_a_person(run):
    facts, rejected = _texts(
        run,
        "I got a new bike. I've asked our mechanic friend to fix it.",
        "I've asked my manager to sign it off.",
    )
    assert "Dana has asked their mechanic friend to fix the new bike" in facts, facts
    said = facts + rejected
    assert not any("sign their manager off" in t or "sign Dana's manager" in t for t in said)


def test_an_it_after_a_preposition_takes_a_thing_of_its_number(run):
    facts, _ = _texts(
        run,
        "I'm learning Rust, I want to rewrite our CLI tooling in it this year.",
        "I started using Obsidian, I keep all my notes in it now.",
        "IT gave me AuditBoard licenses, I moved the evidence tracking into it.",
    )
    assert any("rewrite their CLI tooling in Rust" in t for t in facts), facts
    assert any("keeps all their notes in Obsidian" in t for t in facts), facts
    assert not any("into AuditBoard licenses" in t for t in facts), facts


def test_what_the_pronoun_hangs_on_or_its_verb_acts_on_is_not_what_it_stands_for(run):
    facts, _ = _texts(
        run,
        "That's a great book! I love the humor in it.",
        "I love thrillers. I've read hundreds of them.",
    )
    assert "Dana loves the humor in the great book" in facts
    assert "Dana has read hundreds of thrillers" in facts


def test_a_pronoun_nothing_the_speaker_said_names_is_rejected_as_vague(run):
    facts, rejected = _texts(
        run,
        "I'll have to give it a try.",
        "I love the way it makes my home feel cozy and warm.",
        "we track the evidence in a huge workbook. I hate it so much, I open it every day.",
    )
    assert not any(" it " in f" {t} " for t in facts), facts
    assert "Dana will have to give it a try" in rejected
    assert any("the way it makes" in t for t in rejected)
    assert any(t.startswith("Dana opens it every day") for t in rejected), rejected


def test_an_it_that_points_ahead_or_is_a_set_phrase_is_left_alone(run):
    facts, _ = _texts(
        run,
        "I write a lot of essays, and I always find it hard to cut down the length.",
        "I made it to the finals last year!",
        "I hate it when people are late.",
        "I love the feeling of accomplishment when I finally figure it out.",
        "I fixed it that night when I got home, the login bug was a typo.",
    )
    assert "Dana always finds it hard to cut down the length" in facts
    assert any(t.startswith("Dana made it to the finals") for t in facts), facts
    assert "Dana hates it when people are late" in facts
    assert "Dana loves the feeling of accomplishment when Dana figures it out" in facts


def test_a_there_takes_the_one_place_the_sentence_before_named(run):
    _conv, _raw, checked = run(
        [
            ("user", "I work at Figma as a designer. I've been there since 2021."),
            ("user", "I moved here from Chicago two years ago. I miss the food there."),
            ("user", "I went to Rome and Paris. I loved the museums there."),  # which one?
        ]
    )
    facts = {f.text: f for f in checked.facts}
    assert facts["Dana has been at Figma since 2021"].entities == ["Figma"]
    assert "Dana misses the food in Chicago" in facts
    assert not any("in Rome" in t or "in Paris" in t for t in facts)


def test_there_takes_the_place_named_earlier_in_its_own_sentence_first(run):
    _conv, _raw, checked = run(
        [("user", "I'm in Austin. Moving to Denver in April, my partner Noor got a job there.")]
    )
    texts = [f.text for f in checked.facts]
    assert (
        "Dana is moving to Denver in April 2024; Dana's partner Noor got a job in Denver" in texts
    )


def test_a_pronoun_takes_the_thing_a_fragment_before_it_in_the_same_line_named(run):
    facts, rejected = _texts(
        run, "Two weeks into the course and I'm loving it, though I'm absolutely knackered."
    )
    assert "Dana is loving the course, though Dana is knackered" in facts
    assert not any("loving it" in t for t in rejected)


def test_a_pronoun_passes_over_a_sentence_that_names_nothing_or_says_it_again(run):
    facts, rejected = _texts(
        run,
        "refunds migration is done. cut over last friday, zero incidents. wen did most of it",
        "I bought a new laptop. It was on sale. I love it.",
        "can you explain 'triangulation'? Hannah used it three times tonight.",
    )
    assert "Wen did most of the refunds migration" in facts
    assert "Dana loves the new laptop" in facts
    assert not any("sale" in t for t in facts)
    assert any(t.startswith("Hannah used it") for t in rejected)  # only the assistant's to say


def test_mine_as_a_subject_is_the_speakers_one_of_the_thing_named_before(run):
    _conv, _raw, checked = run(
        [
            ("user", "Sam's passport expired in January. mine is good til 2029 so im ok"),
            ("user", "Ours expires in June."),  # nothing said before names what
        ]
    )
    texts = [f.text for f in checked.facts]
    assert "Dana's passport is good until 2029" in texts
    assert not any(t.startswith(("Ours", "Dana's is", "Dana's family's")) for t in texts), texts


def test_his_or_her_on_a_subject_says_whose_or_the_statement_is_vague(run):
    _conv, _raw, checked = run(
        [
            ("user", "I met Ana at the conference. Her brother is a chef in Lyon."),
            ("user", "My sister is visiting. Her husband is a pilot."),
            ("user", "His agent wants Lucas to keep the soundtrack rights."),
            ("user", "ugh. her surgery got moved to oct 20."),
        ]
    )
    texts = [f.text for f in checked.facts]
    assert "Ana's brother is a chef in Lyon" in texts
    assert "Dana's sister's husband is a pilot" in texts
    assert "His agent wants Lucas to keep the soundtrack rights" in texts  # says whose itself
    [whose] = [r for r in checked.rejections if "surgery" in r.text]
    assert whose.reason == "vague" and "says whose" in whose.detail


def test_a_he_goes_on_about_the_relative_introduced_as_what_something_is(run, all_texts):
    """ "The complication is my dad. He's ..." introduces the dad (only "she's my best friend"
    says who someone already in view is); "since Mum died" names no one the "he" after it can
    be ("Mum had a fall" it said), and "'s lived" is "has lived" (was "is lived")."""
    _conv, _raw, checked = run(
        [
            (
                "user",
                "The complication is my dad. He's lived on his own since Mum died, and he had "
                "a fall last week.",
            )
        ]
    )
    texts = all_texts(checked)
    assert any(
        t.startswith("Dana's dad has lived on his own since Dana's mum died; Dana's dad had a fall")
        for t in texts
    ), texts
    assert not any("Mum had" in t for t in texts), texts


def test_a_name_said_in_an_aside_after_the_same_pronoun_is_not_who_it_goes_on_about(run, all_texts):
    _conv, _raw, checked = run(
        [
            ("user", "My brother Tom is 30. He's lived alone since Sarah left, and he had a fall."),
            ("user", "My dad is 86. He's been alone since Sarah died. He had a fall in May."),
        ]
    )
    texts = all_texts(checked)
    assert "Tom has lived alone since Sarah left; Tom had a fall" in texts, texts
    assert any(t.startswith("Dana's dad had a fall in May") for t in texts), texts
    assert not any(t.startswith("Sarah had") for t in texts), texts


def test_a_company_s_joined_up_name_is_no_one_a_her_can_be(run, all_texts):
    """ "BrightPath didn't call me" named a company, not the "her" of the next sentence."""
    _conv, _raw, checked = run(
        [
            (
                "user",
                "She's been late three times and BrightPath didn't call me until noon. "
                "Also Dad started calling her the babysitter.",
            )
        ]
    )
    texts = all_texts(checked)
    assert not any("calling BrightPath" in t for t in texts), texts


def test_a_he_standing_for_a_relative_is_grounded_by_what_it_stood_for(run):
    """ "My dad is great. He's 86.": "Dana's dad is 86" was rejected as not grounded, "dad"
    not being in "He's 86"; the words the pronoun stood for are the extractor's own."""
    _conv, _raw, checked = run([("user", "My dad is great. He's 86.")])
    texts = [f.text for f in checked.facts]
    assert texts == ["Dana's dad is great", "Dana's dad is 86"], (texts, checked.rejections)
