// Every turn of a user (key, text, speaker): what the lexical index is rebuilt from.
MATCH (t:Turn {user_id: $user_id})
RETURN t.key, t.text, t.speaker, t.ts
