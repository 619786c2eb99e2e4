"""What a user id may be (``check_user_id``, used by the facade, the CLI and batch files)."""

from __future__ import annotations

import pytest

from contextos.errors import InputError
from contextos.models.user_id import MAX_USER_ID_LENGTH, check_user_id


@pytest.mark.parametrize(
    "uid", ["dana", "dana_w", "Dana W", "dana.w@example.com", "用户-7", "x" * MAX_USER_ID_LENGTH]
)
def test_ordinary_ids_pass_unchanged(uid):
    assert check_user_id(uid) == uid


@pytest.mark.parametrize(
    ("uid", "shown", "problem"),
    [
        ("a\nb", r"'a\nb'", "control character"),
        ("dana\t", r"'dana\t'", "control character"),
        ("\x1b[31mred", r"'\x1b[31mred'", "control character"),
        ("da\u200bna", r"'da\u200bna'", "control character"),  # zero-width space
        ("ab\u2028cd", r"'ab\u2028cd'", "control character"),  # line separator
        (" dana", "' dana'", "whitespace"),
        ("dana ", "'dana '", "whitespace"),
        ("   ", "'   '", "whitespace"),
        ("", "''", "empty"),
        ("x" * (MAX_USER_ID_LENGTH + 1), "'xxxx", f"more than {MAX_USER_ID_LENGTH}"),
    ],
)
def test_a_bad_id_is_an_input_error_naming_it(uid, shown, problem):
    with pytest.raises(InputError) as caught:
        check_user_id(uid)
    message = str(caught.value)
    assert f"user id {shown}" in message and problem in message
    assert "\n" not in message and len(message) < 200


def test_an_id_that_is_no_string_is_an_input_error():
    with pytest.raises(InputError, match="user id 42: must be a string"):
        check_user_id(42)
