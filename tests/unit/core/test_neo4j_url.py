"""How a Neo4j store URL becomes the driver's URI, credentials and database (no server)."""

import pytest

from contextos.errors import ConfigError
from contextos.graph.neo4j_store import Neo4jStore, parse_bolt_url
from contextos.service import _open_store
from contextos.settings import load_settings


@pytest.mark.parametrize(
    ("url", "uri", "user", "password", "database"),
    [
        (
            "neo4j://neo4j:s3cret@db.example:7687",
            "neo4j://db.example:7687",
            "neo4j",
            "s3cret",
            None,
        ),
        ("bolt://localhost", "bolt://localhost:7687", None, None, None),
        (
            "neo4j+s://u:p%40ss@abc.databases.neo4j.io/contextos",
            "neo4j+s://abc.databases.neo4j.io:7687",
            "u",
            "p@ss",
            "contextos",
        ),
        ("bolt+s://h:7688/", "bolt+s://h:7688", None, None, None),
        ("bolt://[::1]:7687", "bolt://[::1]:7687", None, None, None),
    ],
)
def test_a_url_splits_into_uri_credentials_and_database(url, uri, user, password, database):
    target = parse_bolt_url(url)
    assert (target.uri, target.user, target.password, target.database) == (
        uri,
        user,
        password,
        database,
    )


@pytest.mark.parametrize("url", ["http://h:7687", "bolt://", "bolt://h:notaport"])
def test_a_bad_url_is_a_config_error(url):
    with pytest.raises(ConfigError):
        parse_bolt_url(url)


def test_the_url_wins_over_the_settings_and_the_settings_fill_the_rest(tmp_path):
    settings = load_settings(
        store="bolt://h:7687", neo4j_user="alice", neo4j_password="pw", neo4j_database="graphs"
    )
    store = _open_store(settings.store, tmp_path, 384, settings)
    assert isinstance(store, Neo4jStore) and store._driver is None  # nothing opened yet
    assert (store.uri, store.user, store._password, store.database) == (
        "bolt://h:7687",
        "alice",
        "pw",
        "graphs",
    )
    url_store = _open_store("neo4j://bob:x@h/other", tmp_path, 384, settings)
    assert (url_store.user, url_store._password, url_store.database) == ("bob", "x", "other")


def test_an_unknown_scheme_names_the_ones_that_work(tmp_path):
    with pytest.raises(ConfigError, match="neo4j://user:pass@host:7687"):
        _open_store("mongodb://h", tmp_path, 384)
