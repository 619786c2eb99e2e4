MATCH (r:Rejection {user_id: $user_id})
RETURN r.id, r.text, r.reason, r.detail, r.conversation_id, r.turn_id, r.confidence, r.type,
       r.category, r.extractor
ORDER BY r.id
