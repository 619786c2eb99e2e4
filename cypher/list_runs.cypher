MATCH (n:Run {user_id: $user_id})
RETURN n.id, n.user_id, n.extractor, n.started_at, n.finished_at, n.outcome, n.files,
       n.conversations, n.conversations_skipped_unchanged, n.conversations_unfinished, n.turns,
       n.facts_stored, n.facts_merged, n.facts_superseded, n.facts_ended, n.facts_rejected,
       n.entities_stored, n.duration_s, n.extractors
ORDER BY n.started_at, n.id
