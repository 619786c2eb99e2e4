import falkordb.graph as client_graph

from contextos.graph.falkordb_store import params_header


def _client_header(params):
    return client_graph.Graph._build_params_header(object.__new__(client_graph.Graph), params)


def test_header_matches_the_client_encoder_for_every_value_kind():
    params = {
        "n": 1,
        "x": 1.5,
        "s": 'quote " backslash \\ newline \n end',
        "none": None,
        "vec": [0.1, 1e-05, -2.5, 3],
        "empty": [],
        "names": ["a", "b"],
        "rows": [{"k": "v", "emb": [0.5, 0.25], "missing": None}],
    }
    assert params_header(params) == _client_header(params)


def test_booleans_are_cypher_literals_and_no_params_means_no_header():
    assert params_header({"flag": True, "off": False}) == "CYPHER `flag`=true `off`=false "
    assert params_header({}) == "" and params_header(None) == ""
