// {rel_type} comes from the allow-list of relation types (graph/cypher.py render()).
UNWIND $relations AS r
MATCH (a:Entity {key: r.source_key, user_id: $user_id}), (b:Entity {key: r.target_key, user_id: $user_id})
MERGE (a)-[x:{rel_type}]->(b)
ON CREATE SET x.valid_from = r.valid_from, x.turn_ids = [], x.props = r.props_json
SET x.turn_ids = x.turn_ids + [t IN r.turn_ids WHERE NOT t IN x.turn_ids]
