"""The BM25 index: incremental adds, persistence across reopen, merges, kinds."""

from contextos.context.lexical import LexicalIndex
from contextos.context.tokens import content_words, stem


def test_stemming_meets_inflections_and_drops_stop_words():
    assert stem("climbing") == stem("climb") == "climb"
    assert stem("sisters") == "sister"
    assert stem("planned") == "plan"
    assert content_words("What did I do with my sisters?") == ["sister"]


def test_incremental_adds_are_searchable_at_once(tmp_path):
    ix = LexicalIndex(tmp_path / "ix", merge_min=100)
    assert ix.add([("t:1", "I went climbing with my sister"), ("f:2", "Dana works at Acme")]) == 2
    assert ix.search("who climbs with Dana's sister?")[0][0] == "t:1"
    assert ix.add([("t:3", "The vendor audit is blocked by Corvid's export")]) == 1
    assert [d for d, _ in ix.search("blocked audit")] == ["t:3"]
    # a known id is not added twice (facts and turns do not change text)
    assert ix.add([("t:3", "The vendor audit is blocked by Corvid's export")]) == 0
    assert len(ix) == 3


def test_index_survives_reopen_with_main_and_delta(tmp_path):
    d = tmp_path / "ix"
    ix = LexicalIndex(d, merge_min=100)
    ix.add([(f"t:{i}", f"turn {i} about pottery class number {i}") for i in range(5)])
    ix.add([("f:x", "Sam adopted a rescue dog named Biscuit")])  # goes to the delta segment
    again = LexicalIndex(d, merge_min=100)
    assert len(again) == 6
    assert again.search("Biscuit the dog")[0][0] == "f:x"
    assert {doc for doc, _ in again.search("pottery", k=10)} == {f"t:{i}" for i in range(5)}


def test_delta_merges_into_main_past_the_threshold(tmp_path):
    d = tmp_path / "ix"
    ix = LexicalIndex(d, merge_ratio=0.5, merge_min=3)
    ix.add([("t:a", "alpha one"), ("t:b", "beta two")])  # first write: main
    ix.add([("t:c", "gamma three")])  # delta of 1
    assert (d / "delta.ids.json").read_text() == '["t:c"]'
    ix.add([("t:d", "delta four"), ("t:e", "epsilon five")])  # delta 3 >= 3: merged
    assert (d / "delta.ids.json").read_text() == "[]"
    assert len(LexicalIndex(d)) == 5
    assert LexicalIndex(d).search("epsilon")[0][0] == "t:e"


def test_kinds_filter_and_rebuild(tmp_path):
    ix = LexicalIndex(tmp_path / "ix")
    ix.add([("t:1", "Maya plays cello"), ("e:m", "Maya Lind Maya"), ("f:1", "Maya plays cello")])
    assert {d[0] for d, _ in ix.search("Maya", kinds="e")} == {"e"}
    assert len(ix.search("Maya")) == 3
    ix.rebuild([("t:9", "new text")])
    assert ix.search("Maya") == [] and len(ix) == 1


def _half_replaced(d):
    """The index as a reader may find it while another process rewrites a segment: the model
    renamed into place, the ids not yet (one id short)."""
    import json

    ids_file = d / "main.ids.json"
    full = ids_file.read_text()
    ids_file.write_text(json.dumps(json.loads(full)[:-1]))
    return ids_file, full


def test_a_reader_waits_out_a_segment_being_replaced(tmp_path):
    import threading

    d = tmp_path / "ix"
    LexicalIndex(d, merge_min=1).add([(f"t:{i}", f"turn {i} about pottery") for i in range(4)])
    ids_file, full = _half_replaced(d)
    writer = threading.Timer(0.2, ids_file.write_text, args=(full,))  # the writer finishes
    writer.start()
    reader = LexicalIndex(d, merge_min=1)
    assert len(reader) == 4
    assert {doc for doc, _ in reader.search("pottery")} == {"t:0", "t:1", "t:2", "t:3"}
    writer.join()


def test_a_segment_that_stays_inconsistent_is_an_error(tmp_path):
    import pytest

    from contextos.errors import StoreError

    d = tmp_path / "ix"
    LexicalIndex(d, merge_min=1).add([(f"t:{i}", f"turn {i} about pottery") for i in range(4)])
    _half_replaced(d)
    with pytest.raises(StoreError, match="3 ids for 4 documents"):
        len(LexicalIndex(d, merge_min=1))
