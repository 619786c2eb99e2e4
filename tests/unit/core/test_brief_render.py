"""The brief's summary sentence and its four formats (brief/render.py, brief/html.py)."""

import json
from datetime import UTC, datetime
from html.parser import HTMLParser

import pytest

from contextos.brief import FORMATS, render, summarise
from contextos.models import Brief, Change


def d(day):
    return datetime(2026, 3, day, 9, tzinfo=UTC)


CHANGES = [
    Change(
        kind="status_changed",
        entity_type="Project",
        entity_name="Atlas launch",
        field="status",
        **{"from": "blocked"},
        to="live",
        changed_at=d(12),
        fact_id="f1",
        text="The Atlas launch is live",
        quote="Atlas is finally live!",
        turn_ids=["s2:1"],
    ),  # fmt: skip
    Change(
        kind="value_changed",
        entity_type="Person",
        entity_name="Priya",
        field="manager",
        **{"from": "Greg"},
        to="Sandra <Okafor>",
        changed_at=d(11),
        fact_id="f2",
        text="Sandra is Priya's manager",
        quote="I report to Sandra now",
        turn_ids=["s2:3"],
    ),  # fmt: skip
    Change(
        kind="decision",
        entity_name="Priya",
        text="Priya accepted the offer (starts 3 November)",
        changed_at=d(13),
        fact_id="f3",
        quote="I said yes!",
        turn_ids=["s2:5"],
    ),  # fmt: skip
]


def _brief(changes=CHANGES, more=9):
    b = Brief(user_id="priya", since=d(10), until=d(14), changes=changes, more=more)
    b.summary = summarise(b, "Priya")
    return b


def test_summary_is_sentences_from_the_templates():
    s = _brief().summary
    assert s.startswith("Since Tuesday 10 March, for Priya: ")
    assert "Atlas launch moved from blocked to live; " in s
    assert "Priya's manager changed from Greg to Sandra <Okafor>; " in s
    assert "Priya accepted the offer (starts 3 November); and 9 more facts." in s


def test_summary_of_an_empty_window_says_nothing_changed():
    assert _brief([], 0).summary.startswith("Nothing changed for Priya between 2026-03-10")


def test_a_correction_reads_as_the_value_not_the_other():
    c = Change(kind="corrected", entity_name="p95 latency", field="value",
               **{"from": "900ms"}, to="350ms", text="p95 is 350ms")  # fmt: skip
    assert "p95 latency's value is 350ms, not 900ms" in _brief([c], 0).summary


def test_text_lists_each_change_with_its_kind_and_quote():
    out = render(_brief(), "text")
    assert "[status_changed] Atlas launch moved from blocked to live (2026-03-12)" in out
    assert '"I report to Sandra now"' in out and "and 9 more facts" in out


def test_markdown_is_a_table_of_changes_and_the_quotes():
    out = render(_brief(), "markdown")
    assert out.startswith("# Brief: 2026-03-10 → 2026-03-14")
    assert "| 2026-03-12 | status_changed | Atlas launch | status | blocked | live |" in out
    assert "> I said yes!  \n> — s2:5" in out


def test_json_is_the_diff_shape_with_from_spelled_out():
    data = json.loads(render(_brief(), "json"))
    assert set(data) >= {"changes", "summary", "more"}
    first = data["changes"][0]
    assert first["from"] == "blocked" and first["to"] == "live" and "from_" not in first
    assert first["entity_type"] == "Project" and first["turn_ids"] == ["s2:1"]
    assert data["more"] == 9


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links, self.chips, self.external = set(), [], [], []
        self._in_chip = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a":
            self.links.append(a.get("href", ""))
        if tag in ("script", "link", "img") or (a.get("src") or "").startswith("http"):
            self.external.append(tag)
        self._in_chip = "chip" in (a.get("class") or "").split()

    def handle_data(self, data):
        if self._in_chip:
            self.chips.append(data)
            self._in_chip = False


def test_html_is_one_page_with_a_timeline_chips_and_links_to_quotes():
    out = render(_brief(), "html")
    page = _Page()
    page.feed(out)
    assert page.external == []  # no script, stylesheet link or image: self-contained
    quote_links = [h for h in page.links if h.startswith("#quote-")]
    assert len(quote_links) == 3 and all(h[1:] in page.ids for h in quote_links)
    assert "status changed" in page.chips and "live" in page.chips and "decision" in page.chips
    assert "Sandra &lt;Okafor&gt;" in out and "Sandra <Okafor>" not in out
    # the timeline is in time order: the manager change (11th) before the launch (12th)
    assert out.index('id="change-1"') < out.index('id="change-0"') < out.index('id="change-2"')


def test_every_format_renders_and_an_unknown_one_is_refused():
    b = _brief()
    assert all(render(b, f).strip() for f in FORMATS)
    with pytest.raises(ValueError, match="unknown brief format"):
        render(b, "pdf")


def test_an_attribute_that_ended_reads_as_no_longer_its_value():
    from contextos.brief.render import change_sentence

    gone = Change(kind="ended", entity_name="Sam", field="manager", **{"from": "Ben Ortiz"},
                  text="Ben Ortiz is Sam's manager")  # fmt: skip
    assert change_sentence(gone) == "Sam's manager is no longer Ben Ortiz"
    other = Change(kind="ended", text="Sam is moving to Denver in May")
    assert change_sentence(other) == "no longer so: Sam is moving to Denver in May"
