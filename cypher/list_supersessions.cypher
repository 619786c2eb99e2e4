// Every SUPERSEDES edge among a user's facts: the newer fact, the one it replaced, and why
// (the edge's reason: 'updated', 'corrected', ...; null where the writer gave none).
MATCH (n:Fact {user_id: $user_id})-[r:SUPERSEDES]->(o:Fact)
RETURN n.id, o.id, r.reason
