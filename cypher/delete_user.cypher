MATCH (n) WHERE n.user_id = $user_id
DETACH DELETE n
