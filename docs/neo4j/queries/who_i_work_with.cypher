// Who I work with: the people linked to the user by a person relation (manager, colleague,
// ...) or working on one of the user's projects, with the relation and how often facts
// mention them.
// :param user => 'jordan'
MATCH (u:User {user_id: $user})
MATCH (p:Person {user_id: $user}) WHERE p.is_user IS NULL
OPTIONAL MATCH (u)-[r]-(p)
OPTIONAL MATCH (p)-[:WORKS_ON]->(proj:Project)<-[:WORKS_ON]-(u)
OPTIONAL MATCH (f:Fact {user_id: $user})-[:MENTIONS|ABOUT]->(p)
  WHERE f.valid_to IS NULL AND f.superseded_by IS NULL
WITH p, collect(DISTINCT type(r)) AS relations, collect(DISTINCT proj.name) AS shared_projects,
     count(DISTINCT f) AS current_facts
WHERE size(relations) > 0 OR size(shared_projects) > 0 OR current_facts > 0
RETURN p.name AS person, relations, shared_projects, current_facts
ORDER BY current_facts DESC, person
