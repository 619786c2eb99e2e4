"""Development evaluation of the extractors (``contextos eval``, ``bench/eval_extraction.py``)."""

from contextos.evaluation.matching import MATCH_THRESHOLD
from contextos.evaluation.report import DatasetReport, EvalReport, format_report, print_report
from contextos.evaluation.run import run_eval

__all__ = [
    "MATCH_THRESHOLD",
    "DatasetReport",
    "EvalReport",
    "format_report",
    "print_report",
    "run_eval",
]
