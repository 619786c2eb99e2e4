// Changes whenever anything is written for the user: every conversation write ends with its
// checkpoint (set_checkpoint.cypher sets ingested_at), and forgetting removes the conversations.
MATCH (c:Conversation {user_id: $user_id})
RETURN count(c), max(c.ingested_at)
