// The facts retrieval's per-user state keeps (context/user_state.py): those of the
// categories templates show, every blocker statement, and the facts named in $ids (the
// corrections), current now or at $as_of. The other facts are read per query, by id.
MATCH (f:Fact {user_id: $user_id})
WHERE (f.category IN $categories OR f.status = 'blocked' OR f.id IN $ids)
  AND (($as_of IS NULL AND f.superseded_by IS NULL AND f.valid_to IS NULL)
   OR ($as_of IS NOT NULL AND (f.valid_from IS NULL OR f.valid_from <= $as_of)
       AND (f.valid_to IS NULL OR f.valid_to > $as_of)))
RETURN f.id, f.text, f.type, f.category, f.confidence, f.importance, f.subject, f.turn_ids,
       f.evidence, f.spans, f.conversation_ids, f.valid_from, f.valid_to, f.superseded_by,
       f.recorded_at, f.entities, f.extractor, f.project, f.status
ORDER BY f.valid_from, f.id
