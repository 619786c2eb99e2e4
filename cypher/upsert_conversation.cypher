MATCH (u:User {key: $user_key})
MERGE (c:Conversation {key: $key})
SET c.id = $id, c.user_id = $user_id, c.source = $source, c.title = $title,
    c.source_file = $source_file, c.started_at = $started_at, c.turn_count = $turn_count
MERGE (u)-[:HAD]->(c)
