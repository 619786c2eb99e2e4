MATCH (u:User {user_id: $user_id})
SET u.carryover = $carryover
