// When each of a user's turns was said: the time of a rejection is its turn's.
MATCH (t:Turn {user_id: $user_id})
RETURN t.conversation_id, t.id, t.ts
