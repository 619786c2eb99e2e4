// A user's stored rejections by extractor and reason.
MATCH (r:Rejection {user_id: $user_id})
RETURN r.extractor AS extractor, r.reason AS reason, count(r) AS n
