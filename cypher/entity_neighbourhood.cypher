// The entities within $hops relations of the named ones (a project's blockers, a person's
// projects and manager), with the hop count; the named ones themselves at 0.
MATCH (e:Entity)
WHERE e.key IN $keys AND e.user_id = $user_id
OPTIONAL MATCH p = (e)-[*1..2]-(n:Entity)
WHERE n.is_user IS NULL AND length(p) <= $hops
RETURN e.key, n.key, n.name, n.type, n.props, min(length(p))
