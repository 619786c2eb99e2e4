"""pipeline stage: one conversation through extract -> categorise -> validate -> resolve ->
a write (``conversation.py``), and extraction in a worker process beside it (``workers.py``)."""
