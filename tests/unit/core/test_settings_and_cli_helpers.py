from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from contextos.cli import parse_when
from contextos.errors import ConfigError
from contextos.settings import Settings, default_data_dir


def test_settings_read_the_contextos_prefix(monkeypatch, tmp_path):
    monkeypatch.setenv("CONTEXTOS_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("CONTEXTOS_STORE", "falkor://localhost:6390")
    s = Settings()
    assert s.data_dir == tmp_path and s.store == "falkor://localhost:6390"


def test_default_data_dir_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == Path(tmp_path) / "contextos"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_data_dir() == Path.home() / ".local" / "share" / "contextos"


def test_parse_when_accepts_dates_datetimes_and_relative_spans():
    assert parse_when("2026-03-01") == datetime(2026, 3, 1, tzinfo=UTC)
    assert parse_when("2026-03-01T10:00:00Z") == datetime(2026, 3, 1, 10, tzinfo=UTC)
    ago = datetime.now(UTC) - parse_when("2d")
    assert timedelta(days=2) - timedelta(seconds=5) < ago < timedelta(days=2, seconds=5)
    with pytest.raises(ConfigError, match="cannot read the time"):
        parse_when("last tuesday-ish")


def test_a_bad_setting_is_one_config_error_naming_the_variable(monkeypatch):
    import pytest

    from contextos.errors import ConfigError
    from contextos.settings import load_settings

    monkeypatch.setenv("CONTEXTOS_MAX_TOKENS", "10")
    monkeypatch.setenv("CONTEXTOS_LLM_TIMEOUT", "soon")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert "CONTEXTOS_MAX_TOKENS='10'" in message and "greater than or equal to 50" in message
    assert "CONTEXTOS_LLM_TIMEOUT='soon'" in message and "\n" not in message
    monkeypatch.delenv("CONTEXTOS_MAX_TOKENS")
    monkeypatch.delenv("CONTEXTOS_LLM_TIMEOUT")
    assert load_settings(max_tokens=800).max_tokens == 800
