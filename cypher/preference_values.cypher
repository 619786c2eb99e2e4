// The active preferences of one type set for a user, with their values (the smart merge
// embeds the values alone: "Dana prefers ..." would make every pair look alike).
MATCH (f:Fact {user_id: $user_id})
WHERE f.kind = 'preference' AND f.pref_type = $pref_type
  AND f.valid_to IS NULL AND f.superseded_by IS NULL
RETURN f.id, f.value
ORDER BY f.id
