"""The local extractor's bottom layer: the words and their parse (rule tables, the spaCy
pipeline, segmentation before parsing, casing, language, names). Imports no other layer."""
