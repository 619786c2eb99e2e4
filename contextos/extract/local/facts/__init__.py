"""A turn's parsed pieces made candidate facts: the pieces and their clauses, fact texts read in
context, categories, durability, entities, lists, fragments, phrase facts, one fact per
sentence, and the candidates with evidence. Imports the layers below, never ``extractor``."""
