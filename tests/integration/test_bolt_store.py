"""The graph stores behind the facade, on every backend (backends.py): tenant isolation,
idempotent writes, nearest facts, and for the Neo4j backend on a real Bolt server its
constraints, multi-label nodes, one atomic transaction per conversation, the capabilities it
detects and its connection errors."""

from __future__ import annotations

import socket

import pytest
from backends import ALL, BOLT
from test_embedded_store import _write

from contextos import ContextOS
from contextos.errors import StoreError
from contextos.graph.neo4j_store import Neo4jStore


@pytest.fixture
def store(backend):
    with backend.open() as cx:
        yield cx.store


@pytest.fixture(params=BOLT)
def bolt(request, data_dir):
    """A backend on a real Bolt server only."""
    from backends import backend_for

    yield from backend_for(request.param, data_dir, request)


def _as(user: str, i: int):
    """``_write(i)`` of test_embedded_store, for another user (keys and ids prefixed)."""
    w = _write(i)
    w.user_id, w.user_name, w.user_key = user, user.title(), f"user:{user}"
    w.conversation_key = f"{user}-{w.conversation_key}"
    w.turn_keys = {t: f"{user}-{k}" for t, k in w.turn_keys.items()}
    for f in w.facts:
        f.fact = f.fact.model_copy(update={"id": f"{user}-{f.fact.id}", "user_id": user})
        f.turn_keys = [f"{user}-{k}" for k in f.turn_keys]
        f.subject_key = w.user_key
        f.entity_keys = [f"{user}-{k}" for k in f.entity_keys]
    for e in w.entities:
        e.key = f"{user}-{e.key}"
    for r in w.relations:
        r.source_key = w.user_key
        r.target_key = f"{user}-{r.target_key}"
    return w


@pytest.mark.parametrize("backend", ALL, indirect=True)
def test_writing_a_conversation_twice_changes_nothing(store):
    for i in range(3):
        store.write_conversation(_write(i))
        store.write_conversation(_write(i))
    assert store.stats("sam") == {"Entity": 4, "Conversation": 3, "Turn": 3, "Fact": 3}
    assert store.checkpoint("k2") == "h2"
    [user] = [e for e in store.run("MATCH (u:User) RETURN u.key, labels(u)")]
    assert user[0] == "user:sam" and {"Entity", "Person", "User"} <= set(user[1])
    projects = store.run("MATCH (p:Project) RETURN p.key ORDER BY p.key")
    assert [r[0] for r in projects] == ["p0", "p1", "p2"]
    works_on = store.run("MATCH (:User)-[r:WORKS_ON]->(p:Project) RETURN count(r)")
    assert works_on == [[3]]


@pytest.mark.parametrize("backend", ALL, indirect=True)
def test_one_users_graph_is_invisible_to_another(store):
    for i in range(2):
        store.write_conversation(_as("ann", i))
        store.write_conversation(_as("bob", i + 5))
    ann, bob = store.facts("ann"), store.facts("bob")
    assert {f.id for f in ann} == {"ann-f0", "ann-f1"}
    assert {f.id for f in bob} == {"bob-f5", "bob-f6"}
    assert sorted(e.name for e in store.entities("ann")) == ["Project 0", "Project 1"]
    vec = [0.0] * 384
    vec[5] = 1.0  # bob's f5 exactly, and nothing of ann's
    assert [h for h, _ in store.similar_facts("ann", vec, k=5)] != ["bob-f5"]
    assert all(h.startswith("ann-") for h, _ in store.similar_facts("ann", vec, k=5))
    assert store.get_facts(["bob-f5", "ann-f0"], "ann")[0].id == "ann-f0"
    assert len(store.get_facts(["bob-f5", "ann-f0"], "ann")) == 1
    assert store.fact_entities(["bob-f5"], "ann") == {}
    assert store.delete_user("ann") > 0
    assert store.facts("ann") == [] and {f.id for f in store.facts("bob")} == {"bob-f5", "bob-f6"}
    assert store.stats("bob") == {"Entity": 3, "Conversation": 2, "Turn": 2, "Fact": 2}


@pytest.mark.parametrize("backend", ALL, indirect=True)
def test_nearest_facts_score_plain_cosine_on_every_backend(store):
    for i in range(4):
        store.write_conversation(_write(i))
    vec = [0.0] * 384
    vec[2], vec[3] = 1.0, 1.0  # 45 degrees from f2 and from f3, orthogonal to f0 and f1
    hits = store.similar_facts("sam", vec, k=4)
    assert [h for h, _ in hits[:2]] == ["f2", "f3"]
    assert hits[0][1] == pytest.approx(2**-0.5, abs=1e-3)
    assert all(s == pytest.approx(0.0, abs=1e-3) for _, s in hits[2:])


def test_the_schema_asserts_uniqueness_and_a_reopen_lays_it_down_again(bolt):
    with bolt.open() as cx:
        cx.store.write_conversation(_write(1))
        with pytest.raises(StoreError, match="ConstraintValidationFailed"):
            cx.store.run("CREATE (:Fact {id: 'f1', user_id: 'sam'})")
        with pytest.raises(StoreError, match="ConstraintValidationFailed"):
            cx.store.run("CREATE (:Entity:Organization {key: 'p1', user_id: 'sam'})")
    with bolt.open() as again:  # the schema statements run again: nothing changes, no error
        assert again.store.stats("sam") == {"Entity": 2, "Conversation": 1, "Turn": 1, "Fact": 1}
        assert [f.id for f in again.facts("sam")] == ["f1"]


def test_an_entity_gains_type_labels_without_meeting_its_uniqueness_rule(bolt):
    """A node that changes or adds a type label keeps one identity: relabelling the user's
    node (Entity:Person:User) and a project, in a later transaction and in the one that
    created them, never trips the uniqueness constraint on Entity.key."""
    with bolt.open() as cx:
        first = _write(1)
        first.entities.append(
            first.entities[0].__class__(key="user:sam", name="Sam", type="Person")
        )
        cx.store.write_conversation(first)
        later = _write(1)
        later.conversation_key, later.content_hash = "k1b", "h1b"
        later.entities[0].type = "Organization"
        cx.store.write_conversation(later)
        rows = cx.store.run("MATCH (n:Entity {key: 'p1'}) RETURN labels(n)")
        assert len(rows) == 1 and {"Entity", "Project", "Organization"} <= set(rows[0][0])
        assert cx.store.run("MATCH (n:Entity {key: 'user:sam'}) RETURN count(n)") == [[1]]


def test_a_conversation_is_one_transaction_with_its_checkpoint(bolt, monkeypatch):
    """A statement that fails after the others of the conversation leaves nothing behind:
    no turn, no fact, no checkpoint (so the next run writes the conversation again)."""
    with bolt.open() as cx:
        store = cx.store
        statements = store.conversation_statements

        def failing(w):
            stmts = statements(w)
            return [*stmts[:-1], ("UNWIND [0] AS x RETURN 1 / x", {}), stmts[-1]]

        monkeypatch.setattr(store, "conversation_statements", failing)
        with pytest.raises(StoreError, match="query failed"):
            store.write_conversation(_write(3))
        assert store.checkpoint("k3") is None and store.stats("sam") == {}
        monkeypatch.undo()
        store.write_conversation(_write(3))
        assert store.checkpoint("k3") == "h3" and store.stats("sam")["Fact"] == 1


def test_the_capabilities_are_what_the_server_can_do(bolt):
    with bolt.open() as cx:
        caps = cx.store.capabilities
        assert caps.server.startswith("Neo4j/")
        if "ArcadeDB" in caps.server:  # no vector index DDL there; its cosine is plain
            assert not caps.vector_index and not caps.cosine_halved
        else:  # Neo4j 5.11+: a vector index, and cosine scores in [0, 1]
            assert caps.vector_index and caps.cosine_halved


def test_connection_problems_are_one_line_store_errors(bolt, tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here
    refused = f"bolt://neo4j:x@127.0.0.1:{port}"
    with pytest.raises(StoreError, match=rf"^cannot reach Neo4j at bolt://127.0.0.1:{port}"):
        ContextOS.open(tmp_path, refused)
    assert bolt.store is not None
    scheme, rest = bolt.store.split("://", 1)
    host_and_db = rest.split("@", 1)[1]
    with pytest.raises(StoreError, match="refused the credentials of user 'nobody'") as info:
        Neo4jStore(f"{scheme}://nobody:wrong@{host_and_db}").open()
    assert "\n" not in str(info.value) and "wrong" not in str(info.value)
    no_db = bolt.store.rsplit("/", 1)[0] + "/no_such_db"
    with pytest.raises(StoreError, match="no such database"):
        Neo4jStore(no_db).open()
