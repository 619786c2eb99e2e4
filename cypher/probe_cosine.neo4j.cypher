// How the server scales cosine similarity: 0.0 for orthogonal vectors is the plain cosine,
// 0.5 is Neo4j's (1 + cos) / 2.
RETURN vector.similarity.cosine([1.0, 0.0], [0.0, 1.0])
