MERGE (p:Privacy {owner: $user_id})
SET p.opt_out = $opt_out
