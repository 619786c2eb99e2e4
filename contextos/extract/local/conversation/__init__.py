"""What the conversation around a clause says: who speaks when, people and their names and
genders, what pronouns and answers refer to, the discourse so far, what the assistant said and
the user confirmed, patterns and repeats across turns, retractions, and what carries over to
the user's next conversation. Imports only ``text``, ``dates`` and ``clauses``."""
