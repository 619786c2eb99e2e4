// One ingest run's record, written once when the run ends (contextos/models/stats.py RunRecord).
// Maps and lists of records are JSON strings: facts_rejected (reason -> count) and extractors
// (the ExtractorMetrics of each metered extractor).
MERGE (n:Run {id: $id})
SET n.user_id = $user_id, n.extractor = $extractor, n.started_at = $started_at,
    n.finished_at = $finished_at, n.outcome = $outcome, n.files = $files,
    n.conversations = $conversations,
    n.conversations_skipped_unchanged = $conversations_skipped_unchanged,
    n.conversations_unfinished = $conversations_unfinished, n.turns = $turns,
    n.facts_stored = $facts_stored, n.facts_merged = $facts_merged,
    n.facts_superseded = $facts_superseded, n.facts_ended = $facts_ended,
    n.facts_rejected = $facts_rejected, n.entities_stored = $entities_stored,
    n.duration_s = $duration_s, n.extractors = $extractors
