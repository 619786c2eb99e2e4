// A preference set by hand: a fact of the preference kind (explicit, extractor 'explicit'),
// embedded like every fact so retrieval and the smart merge can compare it.
CREATE (f:Fact {id: $id, user_id: $user_id, text: $text, type: 'USER_FACT',
    category: $category, subject: $subject, evidence: $value, valid_from: $now,
    recorded_at: $now, extractor: 'explicit', embedding: vecf32($embedding), turn_ids: [],
    conversation_ids: [], spans: [], entities: [], confidence: $confidence,
    importance: $importance, kind: 'preference', pref_type: $pref_type, value: $value,
    explicit: true, context: $context, last_used: $now})
RETURN f.id
