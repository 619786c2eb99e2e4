// A user's facts by the extractor that proposed them, current (valid now) or not.
MATCH (f:Fact {user_id: $user_id})
RETURN f.extractor AS extractor, (f.superseded_by IS NULL AND f.valid_to IS NULL) AS current,
       count(f) AS n
