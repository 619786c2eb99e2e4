// Constraints and indexes for the Neo4j backend, by name and IF NOT EXISTS: running them again
// changes nothing. Uniqueness is asserted only on the base labels (Entity, Fact, ...), never
// on a type label (Person, Project) or on User: an entity gains type labels as it is resolved,
// and a node carrying several labels can never meet two uniqueness rules on one property.
CREATE CONSTRAINT contextos_entity_key IF NOT EXISTS FOR (n:Entity) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT contextos_conversation_key IF NOT EXISTS FOR (n:Conversation) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT contextos_turn_key IF NOT EXISTS FOR (n:Turn) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT contextos_fact_id IF NOT EXISTS FOR (n:Fact) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT contextos_rejection_id IF NOT EXISTS FOR (n:Rejection) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT contextos_run_id IF NOT EXISTS FOR (n:Run) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT contextos_meta_key IF NOT EXISTS FOR (n:ContextOSMeta) REQUIRE n.key IS UNIQUE;
CREATE INDEX contextos_entity_user IF NOT EXISTS FOR (n:Entity) ON (n.user_id);
CREATE INDEX contextos_user_key IF NOT EXISTS FOR (n:User) ON (n.key);
CREATE INDEX contextos_user_user IF NOT EXISTS FOR (n:User) ON (n.user_id);
CREATE INDEX contextos_conversation_id IF NOT EXISTS FOR (n:Conversation) ON (n.id);
CREATE INDEX contextos_turn_user IF NOT EXISTS FOR (n:Turn) ON (n.user_id);
CREATE INDEX contextos_turn_position IF NOT EXISTS FOR (n:Turn) ON (n.conversation_id, n.idx);
CREATE INDEX contextos_privacy_owner IF NOT EXISTS FOR (n:Privacy) ON (n.owner);
CREATE INDEX contextos_fact_user IF NOT EXISTS FOR (n:Fact) ON (n.user_id);
CREATE INDEX contextos_rejection_user IF NOT EXISTS FOR (n:Rejection) ON (n.user_id);
CREATE INDEX contextos_run_user IF NOT EXISTS FOR (n:Run) ON (n.user_id)
