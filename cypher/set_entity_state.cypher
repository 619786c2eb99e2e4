// An entity's current state (resolve/state_book.py): each single-valued field as a property of
// its own (a null removes a field the entity no longer has), the typed state as JSON, and the
// names of the state's properties.
UNWIND $items AS s
MATCH (n:Entity {key: s.key})
WHERE n.user_id = $user_id
SET n += s.props, n.state = s.state_json, n.state_fields = s.fields
