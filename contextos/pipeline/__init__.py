"""pipeline stage: an ingest run over its inputs (``ingest_run.py``); one conversation through
extract -> categorise -> validate -> resolve -> a write (``conversation.py``), and extraction in a
worker process beside it (``workers.py``)."""
