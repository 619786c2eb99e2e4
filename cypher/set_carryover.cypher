// What the extractor remembers of the user once a conversation is read: written in that
// conversation's transaction, before its checkpoint, so a resumed run reads on from there.
MATCH (u:User {user_id: $user_id})
SET u.carryover = $carryover
