// The vector index of fact embeddings (Neo4j 5.11+). A Bolt server that refuses this DDL
// (ArcadeDB) is used without it: the backend then finds nearest facts by a scan of the user's
// facts (vector_search_facts_scan), which is exact.
CREATE VECTOR INDEX contextos_fact_embedding IF NOT EXISTS FOR (n:Fact) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: {dimension}, `vector.similarity_function`: 'cosine'}}
