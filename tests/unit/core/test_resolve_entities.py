from contextos.models import Entity, UserRef
from contextos.resolve.entities import EntityIndex, normalize_name, user_key


def _index(*entities):
    return EntityIndex(UserRef(id="sam", name="Sam Ortiz"), list(entities))


def test_normalize_name_drops_case_articles_and_punctuation():
    assert normalize_name("The  Billing-Migration!") == "billing migration"
    assert normalize_name("my Sister") == "sister"
    assert normalize_name("the Billing Migration project") == "billing migration"
    assert normalize_name("Project") == "project"


def test_user_mentions_resolve_to_the_user_node():
    idx = _index()
    for name in ("Sam Ortiz", "sam", "user", "Sam"):
        r = idx.resolve(name, "Person")
        assert r.is_user and r.key == user_key("sam")


def test_same_name_same_key_and_new_names_are_deterministic():
    a = _index().resolve("Lena Park", "Person")
    b = _index().resolve("lena park", "Person")
    assert a.key == b.key and not a.is_user
    assert _index().resolve("Lena Park", "Project").key != a.key  # type is part of identity


def test_first_name_resolves_to_the_one_known_full_name():
    existing = Entity(id="k1", user_id="sam", name="Lena Park", type="Person")
    idx = _index(existing)
    assert idx.resolve("Lena", "Person").key == "k1"


def test_first_name_is_ambiguous_with_two_people():
    idx = _index(
        Entity(id="k1", user_id="sam", name="Lena Park", type="Person"),
        Entity(id="k2", user_id="sam", name="Lena Ruiz", type="Person"),
    )
    assert idx.resolve("Lena", "Person").key not in ("k1", "k2")


def test_full_name_upgrades_a_known_bare_first_name_and_keeps_the_key():
    idx = _index(Entity(id="k1", user_id="sam", name="Lena", type="Person"))
    r = idx.resolve("Lena Park", "Person")
    assert r.key == "k1" and r.name == "Lena Park" and "Lena" in r.aliases
    assert idx.resolve("lena park", "Person").key == "k1"


def test_aliases_match():
    idx = _index(
        Entity(
            id="p1",
            user_id="sam",
            name="Billing Migration",
            type="Project",
            aliases=["the migration"],
        )
    )
    assert idx.resolve("Migration", "Project").key == "p1"
