// The user is a Person entity too, so relations can start or end at them (create_user made the
// node with its labels; a node from before gets them here, in one label item).
MERGE (u:Entity {key: $key})
ON CREATE SET u.first_seen = $ts
SET u:Person:User, u.user_id = $user_id, u.name = $name, u.type = 'Person', u.is_user = 1
