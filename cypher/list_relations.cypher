// A user's typed relations between entities (the user's own node included), for the
// LlamaIndex property-graph view (contextos/llamaindex/): both ends with their name and type.
MATCH (a:Entity {user_id: $user_id})-[r]->(b:Entity)
RETURN a.key, a.name, a.type, a.is_user, type(r), b.key, b.name, b.type, b.is_user,
       r.valid_from, r.turn_ids, r.props
ORDER BY a.key, type(r), b.key
