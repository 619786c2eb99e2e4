// {label} comes from the allow-list of entity types (graph/cypher.py render()).
MATCH (n:Entity) WHERE n.key IN $keys AND n.user_id = $user_id
SET n:{label}
