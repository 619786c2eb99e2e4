// The facts a query's retrievers found, with what query-time decay reads: when each was last
// said (renewed by a repeat). Columns: FACT_COLUMNS, then last_said.
MATCH (f:Fact) WHERE f.id IN $ids
RETURN f.id, f.text, f.type, f.category, f.confidence, f.importance, f.subject, f.turn_ids,
       f.evidence, f.spans, f.conversation_ids, f.valid_from, f.valid_to, f.superseded_by,
       f.recorded_at, f.entities, f.extractor, f.project, f.status, f.last_said
