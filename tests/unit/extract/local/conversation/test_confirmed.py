"""What the assistant said of the user becomes the user's fact only when the user says yes."""

from __future__ import annotations

from contextos.extract.local.conversation.confirmed import confirmation_span


def test_a_bare_yes_confirms_the_statements_about_the_user_just_before_it(run):
    conv, _raw, checked = run(
        [
            ("user", "can you help me plan the migration"),
            (
                "assistant",
                "Sure. So the deadline for the migration is March 3, and you're using Postgres 15?",
            ),
            ("user", "yes exactly"),
            ("assistant", "Your sister is a nurse, right?"),
            ("user", "correct!"),
        ]
    )
    facts = {f.text: f for f in checked.facts}
    assert set(facts) == {"Dana is using Postgres 15", "Dana's sister is a nurse"}
    postgres = facts["Dana is using Postgres 15"]
    assert [e.turn_id for e in postgres.evidence] == ["c1:1", "c1:2"]
    assert [e.quote for e in postgres.evidence] == ["you're using Postgres 15", "yes exactly"]
    assert postgres.subject == "Dana Whitfield" and postgres.attributes["confirmed"] is True
    # the assistant's own statement about the deadline is not about the user: not taken
    assert not any("deadline" in t for t in facts)


def test_a_statement_put_as_an_impression_is_confirmed_too(run):
    _conv, _raw, checked = run(
        [
            ("user", "I always skim"),
            ("assistant", "It sounds like you prefer short answers."),
            ("user", "yep, that's right"),
            ("assistant", "Seems like you're working nights. Sounds like you should rest."),
            ("user", "yes"),
        ]
    )
    assert [f.text for f in checked.facts] == [
        "Dana prefers short answers",
        "Dana is working nights",
    ]
    assert [e.quote for e in checked.facts[0].evidence] == [
        "you prefer short answers",
        "yep, that's right",
    ]


def test_advice_questions_denials_and_unconfirmed_statements_are_not_the_users(run):
    _conv, _raw, checked = run(
        [
            ("user", "any tools for the move?"),
            ("assistant", "You should try pgloader. I think your team will like it."),
            ("user", "yes"),  # advice, and the assistant's own opinion
            ("assistant", "So you live in Lisbon?"),
            ("user", "no, Porto"),  # a denial
            ("assistant", "Do you use Docker?"),
            ("user", "yes"),  # asked, not stated
            ("assistant", "You're a nurse, so nights are normal for you."),
            ("user", "thanks for the help"),  # no yes to it
            ("assistant", "You mentioned you work remotely."),
            ("user", "yes but only on Fridays"),  # a yes with a but is no bare yes
        ]
    )
    assert checked.facts == []


def test_what_counts_as_a_bare_confirmation():
    for text in ("yes", "Yep, that's right!", "  exactly  ", "yes correct", "yeah true"):
        assert confirmation_span(text) is not None, text
    for text in ("no", "yes but not quite", "thanks", "yes, short", "not exactly", "ok"):
        assert confirmation_span(text) is None, text
    assert confirmation_span("  yes exactly ") == (2, 13)
