// A new user's node is created with all its labels at once, before anything relabels it: a
// Bolt server that re-creates a node to add a label (ArcadeDB) cannot do so for a node made
// earlier in the same transaction without meeting its own uniqueness entry.
OPTIONAL MATCH (x:Entity {key: $key})
WITH count(x) AS found WHERE found = 0
CREATE (u:Entity:Person:User {key: $key})
SET u.first_seen = $ts
