// A live session (ContextOS.process_turn) after its new turns are written, in the same
// transaction: the conversation is marked live, with how many turns it holds and when the last
// one was said (the idle debrief reads it after a restart).
MATCH (c:Conversation {key: $key})
SET c.live = 1, c.live_turns = $turn_count, c.turn_count = $turn_count, c.live_last_at = $last_at,
    c.live_extracted = coalesce(c.live_extracted, 0), c.live_debriefed = coalesce(c.live_debriefed, 0)
