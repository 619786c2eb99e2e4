"""Agent-type templates: the seed table, aliases, custom templates from a file."""

import json

import pytest

from contextos.context.agent_templates import SEED_TEMPLATES, load_templates, template_for
from contextos.errors import ConfigError, InputError


def test_seed_table():
    def shape(name):
        return [(s.source, s.limit) for s in SEED_TEMPLATES[name].sections]

    assert shape("general") == [("active_projects", 3), ("preferences", 5)]
    assert shape("code") == [("current_project", 1), ("tech_preferences", 5)]
    assert shape("meeting") == [("people", 5), ("decisions", 5)]
    assert shape("task")[0] == ("active_projects", 20)
    assert template_for("coding").name == "code"
    with pytest.raises(ConfigError, match="unknown agent_type 'sales'"):
        template_for("sales")


def test_custom_templates_from_a_file_add_and_replace(tmp_path):
    path = tmp_path / "templates.json"
    path.write_text(
        json.dumps(
            {
                "sales": {"sections": [{"source": "people", "limit": 8}]},
                "general": {"sections": [{"source": "decisions", "limit": 2}]},
            }
        )
    )
    custom = load_templates(path)
    assert [(s.source, s.limit) for s in template_for("sales", custom).sections] == [("people", 8)]
    assert template_for("general", custom).sections[0].source == "decisions"
    assert template_for("code", custom).name == "code"


@pytest.mark.parametrize(
    "content, message",
    [
        ("not json", "not a JSON template file"),
        ('["x"]', "expected"),
        ('{"x": {"sections": [{"source": "gossip"}]}}', "template 'x'"),
    ],
)
def test_bad_template_files_name_the_file(tmp_path, content, message):
    path = tmp_path / "t.json"
    path.write_text(content)
    with pytest.raises(InputError, match=message):
        load_templates(path)
