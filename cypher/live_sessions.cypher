// Live sessions (of one user, or of everyone when $user_id is null), with their progress.
MATCH (c:Conversation)
WHERE c.live = 1 AND ($user_id IS NULL OR c.user_id = $user_id)
  AND ($session_id IS NULL OR c.id = $session_id)
RETURN c.user_id, c.id, c.live_turns, c.live_extracted, c.live_debriefed, c.live_last_at,
       c.started_at
ORDER BY c.user_id, c.live_last_at
