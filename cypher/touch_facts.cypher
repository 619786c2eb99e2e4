// The facts a context injection carried: last_used is when an agent was last given them.
UNWIND $ids AS id
MATCH (f:Fact {id: id})
SET f.last_used = $at
