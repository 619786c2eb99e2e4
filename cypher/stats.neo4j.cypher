// Counts by base label. Neo4j does not order labels(n) by when they were added, so the base
// label of a multi-label node (Entity:Person:User) is picked by name, not by position.
MATCH (n) WHERE n.user_id = $user_id OR $user_id IS NULL
WITH n, [l IN ['Entity', 'Conversation', 'Turn', 'Fact', 'Rejection', 'Run'] WHERE l IN labels(n)] AS base
RETURN coalesce(head(base), head(labels(n))) AS label, count(n) AS n
