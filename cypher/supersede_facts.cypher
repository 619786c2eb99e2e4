// Nothing is deleted: the old fact gets valid_to and superseded_by, and a SUPERSEDES edge
// with the reason (updated | corrected | negated); a corrected fact loses s.penalty confidence.
UNWIND $items AS s
MATCH (o:Fact {id: s.old_id, user_id: $user_id}), (n:Fact {id: s.new_id, user_id: $user_id})
WHERE o.superseded_by IS NULL
SET o.valid_to = s.at, o.superseded_by = s.new_id,
    o.confidence = CASE WHEN o.confidence - s.penalty < 0.0 THEN 0.0
                        ELSE o.confidence - s.penalty END
MERGE (n)-[r:SUPERSEDES]->(o)
SET r.reason = s.reason
