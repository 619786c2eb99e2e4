MATCH (f:Fact {user_id: $user_id})
WHERE ($as_of IS NULL AND ($include_superseded OR (f.superseded_by IS NULL AND f.valid_to IS NULL)))
   OR ($as_of IS NOT NULL AND (f.valid_from IS NULL OR f.valid_from <= $as_of)
       AND ($include_superseded OR f.valid_to IS NULL OR f.valid_to > $as_of))
RETURN f.id, f.text, f.type, f.category, f.confidence, f.importance, f.subject, f.turn_ids,
       f.evidence, f.spans, f.conversation_ids, f.valid_from, f.valid_to, f.superseded_by,
       f.recorded_at, f.entities, f.extractor, f.project, f.status
ORDER BY f.valid_from, f.id
