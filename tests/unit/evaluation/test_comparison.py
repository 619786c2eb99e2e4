"""Several extractors' eval figures side by side."""

from contextos.evaluation.report import DatasetReport, EvalReport, format_comparison


def test_the_comparison_has_a_row_per_set_and_extractor_with_their_figures():
    local = EvalReport(
        datasets=[
            DatasetReport(
                "scenarios",
                gold=10,
                found=8,
                extracted=20,
                matched=12,
                traps=4,
                turns=100,
                seconds=2.0,
            )
        ]
    )
    llm = EvalReport(
        datasets=[
            DatasetReport(
                "scenarios",
                gold=10,
                found=9,
                extracted=10,
                matched=9,
                traps=4,
                turns=100,
                seconds=50.0,
                trap_violations=["x"],
            )
        ]
    )
    rows = format_comparison({"local": local, "cheap-first": llm}).splitlines()[3:]
    assert [r.split()[:6] for r in rows] == [
        ["scenarios", "local", "0.800", "0.600", "0/4", "50"],
        ["scenarios", "cheap-first", "0.900", "0.900", "1/4", "2"],
    ]
