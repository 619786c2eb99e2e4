// What changed this week: facts that began and facts that ended (replaced, corrected, taken
// back) in the last 7 days of the user's own timeline (times are epoch seconds). For a fixed
// window set :param since => <epoch seconds> and drop the first two lines of the query.
// :param user => 'jordan'
MATCH (last:Fact {user_id: $user})
WITH max(last.valid_from) AS newest
WITH newest - 7 * 86400 AS since
MATCH (f:Fact {user_id: $user})
WHERE f.valid_from >= since OR f.valid_to >= since
OPTIONAL MATCH (n:Fact)-[s:SUPERSEDES]->(f)
RETURN CASE WHEN f.valid_to >= since THEN 'ended' ELSE 'new' END AS change,
       f.text AS fact, s.reason AS why, n.text AS replaced_by,
       coalesce(f.valid_to, f.valid_from) AS at
ORDER BY at DESC
