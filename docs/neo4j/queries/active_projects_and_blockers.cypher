// My active projects and their blockers: the user's projects that are planned, active or
// blocked (their current status fact, else the status property of the project), or that the
// user works on; for a blocked one what blocks it (BLOCKED_BY edges) and the words that said so.
// Set the user first: :param user => 'jordan'
MATCH (p:Project {user_id: $user})
OPTIONAL MATCH (s:Fact {user_id: $user})-[:MENTIONS|ABOUT]->(p)
  WHERE s.status IS NOT NULL AND s.valid_to IS NULL AND s.superseded_by IS NULL
OPTIONAL MATCH (p)-[:BLOCKED_BY]->(b:Entity)
WITH p, s, collect(DISTINCT b.name) AS blocked_by,
     CASE WHEN p.props CONTAINS '"status": "'
          THEN split(split(p.props, '"status": "')[1], '"')[0] END AS stated
WITH p, s, blocked_by, coalesce(s.status, stated) AS status
WHERE status IN ['planning', 'active', 'blocked']
   OR (status IS NULL AND EXISTS { MATCH (:User {user_id: $user})-[:WORKS_ON]->(p) })
RETURN p.name AS project, status,
       CASE WHEN status = 'blocked' THEN blocked_by ELSE [] END AS blockers,
       s.text AS said, s.valid_from AS since
ORDER BY status = 'blocked' DESC, project
