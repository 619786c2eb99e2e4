// What the extractor remembered of the user's conversations once the last one stored was read.
MATCH (u:User {user_id: $user_id})
RETURN u.carryover
