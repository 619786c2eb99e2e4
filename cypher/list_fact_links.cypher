// Which entity each of a user's facts is ABOUT and which it MENTIONS (the user's node
// included), for the LlamaIndex property-graph view (contextos/llamaindex/).
MATCH (f:Fact {user_id: $user_id})-[r:ABOUT|MENTIONS]->(e:Entity)
RETURN f.id, type(r), e.key, e.name, e.type, e.is_user
ORDER BY f.id, type(r), e.key
