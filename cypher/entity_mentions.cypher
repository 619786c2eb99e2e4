// When each Person entity was last mentioned: relationship_strength fades from it.
MATCH (e:Entity {user_id: $user_id})
WHERE e.key IN $keys
RETURN e.key, e.last_seen
