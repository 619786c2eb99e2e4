// The user's facts past their retention: $rules holds {key: a fact type or category,
// before: epoch seconds}; a fact's age runs from when it was said (else when it was stored).
UNWIND $rules AS r
MATCH (f:Fact {user_id: $user_id})
WHERE (f.category = r.key OR f.type = r.key) AND coalesce(f.valid_from, f.recorded_at) < r.before
RETURN DISTINCT f.id
