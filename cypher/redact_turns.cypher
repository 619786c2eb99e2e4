// Keep only facts and their evidence spans: the user's turns lose their text (the facts keep
// the quoted span; the turn keeps its id, speaker and time for provenance).
MATCH (t:Turn {user_id: $user_id})
WHERE t.text <> ''
SET t.text = ''
RETURN count(t)
