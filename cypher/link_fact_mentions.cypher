UNWIND $links AS l
MATCH (f:Fact {id: l.fact_id, user_id: $user_id}), (e:Entity {key: l.entity_key, user_id: $user_id})
MERGE (f)-[:MENTIONS]->(e)
