// Written last, in the same transaction as the conversation's data: a conversation whose
// checkpoint matches its content hash is complete and is skipped on the next run.
MATCH (c:Conversation {key: $key})
SET c.content_hash = $content_hash, c.ingested_at = $now
