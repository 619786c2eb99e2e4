UNWIND $rejections AS r
MERGE (n:Rejection {id: r.id})
SET n.user_id = $user_id, n.text = r.text, n.reason = r.reason, n.detail = r.detail,
    n.conversation_id = r.conversation_id, n.turn_id = r.turn_id, n.confidence = r.confidence,
    n.type = r.type, n.category = r.category, n.extractor = r.extractor
