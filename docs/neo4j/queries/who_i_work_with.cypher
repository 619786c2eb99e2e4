// Who I work with: the people linked to the user by a work relation (manager, report,
// colleague), working on one of the user's projects, or named in the user's current facts;
// family and friends (a family or friend relation) are left out.
// :param user => 'jordan'
MATCH (u:User {user_id: $user})
MATCH (p:Person {user_id: $user}) WHERE p.is_user IS NULL
OPTIONAL MATCH (u)-[r]-(p)
OPTIONAL MATCH (p)-[:WORKS_ON]->(proj:Project)<-[:WORKS_ON]-(u)
OPTIONAL MATCH (f:Fact {user_id: $user})-[:MENTIONS|ABOUT]->(p)
  WHERE f.valid_to IS NULL AND f.superseded_by IS NULL
WITH p, collect(DISTINCT type(r)) AS relations, collect(DISTINCT proj.name) AS shared_projects,
     count(DISTINCT f) AS current_facts
WHERE NONE(t IN relations WHERE t IN ['PARTNER_OF', 'SIBLING_OF', 'PARENT_OF', 'CHILD_OF',
                                      'FAMILY_OF', 'FRIEND_OF'])
  AND (size(relations) > 0 OR size(shared_projects) > 0 OR current_facts > 0)
RETURN p.name AS person, relations, shared_projects, current_facts
ORDER BY current_facts DESC, person
