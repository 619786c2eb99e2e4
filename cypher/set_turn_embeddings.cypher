// Each turn's vector (context/ episodes), embedded once at ingest and searched through the
// Turn vector index. Written in the conversation's transaction, after its turns.
UNWIND $items AS t
MATCH (n:Turn {key: t.key})
SET n.embedding = vecf32(t.embedding)
