// Every fact of a user with its embedding: loaded once per ingestion run so that merge and
// supersession decisions are exact (not approximate nearest neighbours) and reproducible.
MATCH (f:Fact {user_id: $user_id})
RETURN f.id, f.text, f.type, f.category, f.confidence, f.importance, f.subject, f.turn_ids,
       f.evidence, f.spans, f.conversation_ids, f.valid_from, f.valid_to, f.superseded_by,
       f.recorded_at, f.entities, f.extractor, f.project, f.status, f.embedding
ORDER BY f.id
