import numpy as np

from contextos.models.transcript import Turn
from contextos.pipeline.conversation import TURN_EMBED_CHARS, embed_turns, turn_embed_text


def test_fenced_code_and_logs_are_left_out_of_the_embedded_text():
    text = (
        "My deploy to Frankfurt fails since Monday.\n\n```\nERROR 2024-03-15 worker-8 SSL\n"
        "Traceback (most recent call last):\n```\nAny idea why?"
    )
    assert turn_embed_text(text) == "My deploy to Frankfurt fails since Monday. Any idea why?"


def test_a_fence_left_open_runs_to_the_end_and_a_fence_only_turn_keeps_its_text():
    assert turn_embed_text("I use Vim.\n```\nset number\nsyntax on") == "I use Vim."
    only_code = "```\nSELECT 1;\n```"
    assert turn_embed_text(only_code) == only_code


def test_prose_is_kept_as_written_and_cut_at_the_limit():
    prose = "I moved to Lisbon.\nMy sister lives there. " * 40
    assert turn_embed_text(prose) == prose[:TURN_EMBED_CHARS]
    assert turn_embed_text("short one") == "short one"


def test_embed_turns_embeds_what_turn_embed_text_keeps():
    seen: list[str] = []

    def embed(texts: list[str]) -> np.ndarray:
        seen.extend(texts)
        return np.ones((len(texts), 3), dtype=np.float32)

    turns = [
        Turn(
            id="t1",
            conversation_id="c",
            index=0,
            role="user",
            speaker="user",
            text="I run on Sundays.\n```\nlog line\n```",
        ),
        Turn(
            id="t2", conversation_id="c", index=1, role="assistant", speaker="assistant", text="Ok"
        ),
    ]
    vectors = embed_turns(embed, turns)
    assert seen == ["I run on Sundays."]
    assert set(vectors) == {"t1"}
