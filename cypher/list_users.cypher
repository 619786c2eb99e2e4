MATCH (u:User) RETURN u.user_id, u.name ORDER BY u.user_id
