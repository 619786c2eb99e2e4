// The user is a Person entity too, so relations can start or end at them.
MERGE (u:Entity {key: $key})
ON CREATE SET u.first_seen = $ts
SET u:Person, u:User, u.user_id = $user_id, u.name = $name, u.type = 'Person', u.is_user = 1
