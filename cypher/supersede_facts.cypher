// Nothing is deleted: the old fact gets valid_to and superseded_by, and a SUPERSEDES edge.
UNWIND $items AS s
MATCH (o:Fact {id: s.old_id}), (n:Fact {id: s.new_id})
WHERE o.superseded_by IS NULL
SET o.valid_to = s.at, o.superseded_by = s.new_id
MERGE (n)-[:SUPERSEDES]->(o)
