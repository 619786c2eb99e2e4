MATCH (n) WHERE n.user_id = $user_id OR $user_id IS NULL
RETURN labels(n)[0] AS label, count(n) AS n
