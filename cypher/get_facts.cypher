// Scoped to the user when one is given ($user_id = '' reads by id alone).
MATCH (f:Fact) WHERE f.id IN $ids AND ($user_id = '' OR f.user_id = $user_id)
RETURN f.id, f.text, f.type, f.category, f.confidence, f.importance, f.subject, f.turn_ids,
       f.evidence, f.spans, f.conversation_ids, f.valid_from, f.valid_to, f.superseded_by,
       f.recorded_at, f.entities, f.extractor, f.project, f.status
