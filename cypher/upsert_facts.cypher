UNWIND $facts AS f
MERGE (n:Fact {id: f.id})
ON CREATE SET n.user_id = $user_id, n.text = f.text, n.type = f.type, n.category = f.category,
    n.subject = f.subject, n.evidence = f.evidence, n.valid_from = f.valid_from,
    n.recorded_at = f.recorded_at, n.extractor = f.extractor, n.embedding = vecf32(f.embedding),
    n.turn_ids = [], n.conversation_ids = [], n.spans = [], n.entities = [],
    n.confidence = f.confidence, n.importance = f.importance,
    n.project = f.project, n.status = f.status
SET n.confidence = CASE WHEN f.confidence > n.confidence THEN f.confidence ELSE n.confidence END,
    n.importance = CASE WHEN f.importance > n.importance THEN f.importance ELSE n.importance END,
    n.turn_ids = n.turn_ids + [x IN f.turn_ids WHERE NOT x IN n.turn_ids],
    n.conversation_ids = n.conversation_ids + [x IN f.conversation_ids WHERE NOT x IN n.conversation_ids],
    n.spans = n.spans + [x IN f.spans WHERE NOT x IN n.spans],
    n.entities = n.entities + [x IN f.entities WHERE NOT x IN n.entities],
    n.last_said = CASE WHEN n.last_said IS NULL OR f.said_at > n.last_said THEN f.said_at
                       ELSE n.last_said END
WITH n, f
OPTIONAL MATCH (s:Entity {key: f.subject_key, user_id: $user_id})
FOREACH (_ IN CASE WHEN s IS NULL THEN [] ELSE [1] END | MERGE (n)-[:ABOUT]->(s))
WITH n, f
UNWIND f.turn_keys AS tk
MATCH (t:Turn {key: tk, user_id: $user_id})
MERGE (n)-[:GROUNDED_IN]->(t)
