MATCH (c:Conversation {key: $key})
RETURN c.content_hash
