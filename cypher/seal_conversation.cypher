// The seal of one conversation's write, run only once every statement of its data succeeded
// (CypherGraphStore.run_sealed): the extractor's carry-over of the user and the checkpoint in
// one statement, so neither lands without the other. A conversation whose checkpoint matches its
// content hash is complete and is skipped on the next run; one whose data failed part-way keeps
// no checkpoint and is written again. A null $carryover keeps the stored one.
MATCH (c:Conversation {key: $key})
MATCH (u:User {user_id: $user_id})
SET u.carryover = coalesce($carryover, u.carryover),
    c.content_hash = $content_hash, c.ingested_at = $now
