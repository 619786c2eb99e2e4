// New entities are created with their type label ({label}, from the allow-list) before
// upsert_entities fills them in: see create_user for why a new node is not relabelled.
UNWIND $entities AS e
OPTIONAL MATCH (x:Entity {key: e.key})
WITH e, count(x) AS found WHERE found = 0
CREATE (n:Entity:{label} {key: e.key})
SET n.first_seen = e.ts, n.aliases = []
