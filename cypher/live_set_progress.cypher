// How far a live session's extraction has read: written in the transaction that stores what
// that extraction found, so pending work is exactly what the next start resumes. The
// conversation's turn count is the session's (the extraction wrote the prefix it read).
MATCH (c:Conversation {key: $key})
SET c.live_extracted = CASE WHEN $extracted > c.live_extracted THEN $extracted ELSE c.live_extracted END,
    c.live_debriefed = CASE WHEN $debriefed > c.live_debriefed THEN $debriefed ELSE c.live_debriefed END,
    c.turn_count = c.live_turns
