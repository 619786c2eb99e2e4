// The turns a user's facts are grounded in (for the LlamaIndex property-graph view,
// contextos/llamaindex/): one pass over the GROUNDED_IN edges.
MATCH (f:Fact {user_id: $user_id})-[:GROUNDED_IN]->(t:Turn)
RETURN DISTINCT t.key, t.id, t.conversation_id, t.idx, t.role, t.speaker, t.kind, t.text, t.ts
