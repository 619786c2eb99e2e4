MATCH (e:Entity {user_id: $user_id})
RETURN e.key, e.name, e.type, e.aliases, e.props, e.turn_ids, e.first_seen, e.last_seen, e.is_user,
       e.state
ORDER BY e.name
