// Facts the speaker took back later in the conversation ("scrap that"): they end at the
// retraction; nothing is deleted and nothing replaces them.
UNWIND $items AS e
MATCH (f:Fact {id: e.id, user_id: $user_id})
WHERE f.valid_to IS NULL AND f.superseded_by IS NULL
SET f.valid_to = e.at
