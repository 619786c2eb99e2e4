// The graph remembers which embedding model (and dimension) its fact vectors come from.
MERGE (m:ContextOSMeta {key: 'embedding'})
ON CREATE SET m.model = $model, m.dimension = $dimension
RETURN m.model, m.dimension
