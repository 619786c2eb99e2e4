// A user's preferences: facts of the preference kind, and the likes and dislikes extractors
// read from conversations ($categories).
MATCH (f:Fact {user_id: $user_id})
WHERE (f.kind = 'preference' OR f.category IN $categories)
  AND f.confidence >= $min_confidence
  AND (NOT $active_only OR (f.valid_to IS NULL AND f.superseded_by IS NULL))
RETURN f.id, f.pref_type, coalesce(f.value, f.text), f.category, f.confidence, f.explicit,
       f.valid_to, f.superseded_by, f.context, coalesce(f.recorded_at, f.valid_from),
       f.last_used, f.extractor
ORDER BY f.confidence DESC, f.id
