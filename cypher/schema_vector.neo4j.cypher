// The vector indexes of fact and turn embeddings (Neo4j 5.11+). A Bolt server that refuses
// this DDL (ArcadeDB) is used without them: the backend then finds nearest facts and turns by
// a scan of the user's (vector_search_*_scan), which is exact.
CREATE VECTOR INDEX contextos_fact_embedding IF NOT EXISTS FOR (n:Fact) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: {dimension}, `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX contextos_turn_embedding IF NOT EXISTS FOR (n:Turn) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: {dimension}, `vector.similarity_function`: 'cosine'}}
