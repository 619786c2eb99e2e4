// A similar preference added again: the higher confidence, the contexts of both, used now.
MATCH (f:Fact {id: $id, user_id: $user_id})
SET f.confidence = CASE WHEN $confidence > f.confidence THEN $confidence ELSE f.confidence END,
    f.context = coalesce(f.context, []) + [c IN $context WHERE NOT c IN coalesce(f.context, [])],
    f.last_used = $now, f.explicit = true
RETURN f.id
