UNWIND $links AS l
MATCH (f:Fact {id: l.fact_id}), (e:Entity {key: l.entity_key})
MERGE (f)-[:MENTIONS]->(e)
