UNWIND $entities AS e
MERGE (n:Entity {key: e.key})
ON CREATE SET n.first_seen = e.ts, n.aliases = []
SET n.user_id = $user_id, n.name = e.name, n.type = e.type, n.props = e.props_json,
    n.last_seen = CASE WHEN n.last_seen IS NULL OR e.ts > n.last_seen THEN e.ts ELSE n.last_seen END,
    n.aliases = n.aliases + [a IN e.aliases WHERE NOT a IN n.aliases],
    n.turn_ids = coalesce(n.turn_ids, []) + [x IN e.turn_ids WHERE NOT x IN coalesce(n.turn_ids, [])]
