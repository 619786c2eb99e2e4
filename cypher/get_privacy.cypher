// A user's stored privacy choice. Keyed by `owner`, not `user_id`: forgetting a user's data
// keeps their opt-out.
MATCH (p:Privacy {owner: $user_id}) RETURN p.opt_out
