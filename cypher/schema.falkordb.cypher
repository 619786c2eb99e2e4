// Indexes for the embedded FalkorDB backend (errors "already indexed" are ignored).
CREATE INDEX FOR (n:Entity) ON (n.key);
CREATE INDEX FOR (n:Entity) ON (n.user_id);
CREATE INDEX FOR (n:Conversation) ON (n.key);
CREATE INDEX FOR (n:Conversation) ON (n.id);
CREATE INDEX FOR (n:Turn) ON (n.key);
CREATE INDEX FOR (n:Turn) ON (n.user_id);
CREATE INDEX FOR (n:Turn) ON (n.conversation_id, n.idx);
CREATE INDEX FOR (n:Privacy) ON (n.owner);
CREATE INDEX FOR (n:Fact) ON (n.id);
CREATE INDEX FOR (n:Fact) ON (n.user_id);
CREATE INDEX FOR (n:Rejection) ON (n.id);
CREATE INDEX FOR (n:Rejection) ON (n.user_id);
CREATE INDEX FOR (n:Run) ON (n.user_id);
CREATE VECTOR INDEX FOR (n:Fact) ON (n.embedding) OPTIONS {dimension: {dimension}, similarityFunction: 'cosine', efRuntime: 200};
CREATE VECTOR INDEX FOR (n:Turn) ON (n.embedding) OPTIONS {dimension: {dimension}, similarityFunction: 'cosine', efRuntime: 200}
