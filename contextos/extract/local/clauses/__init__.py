"""Clause analysis of one sentence: where it splits into clauses, each clause's subject,
modality, requests, opinions, jokes, whether it is a statement, and its third-person fact text.
Imports only ``text`` and ``dates``."""
