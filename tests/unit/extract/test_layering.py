"""The extract package's import rules, read from the source (issue #39).

* The local extractor (``contextos/extract/local/``) is layered in import order: each
  sub-package imports only from the sub-packages below it in ``LAYERS`` (or from itself), so
  the layers can be read bottom-up. Nothing in it imports the rest of ``contextos.extract``
  but the protocol it implements (``contextos.extract.base``).
* Everything in the local extractor is private: the rest of ``contextos.extract`` imports only
  the package face ``contextos.extract.local``.
* Outside ``contextos/extract/``, code imports only ``contextos.extract`` (its public face),
  ``contextos.extract.base`` and ``contextos.extract.registry``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "contextos"
EXTRACT = "contextos.extract"
LOCAL = "contextos.extract.local"

#: the local extractor's sub-packages, bottom first; ``extractor`` (and the package face
#: ``__init__``) on top
LAYERS = ("text", "dates", "clauses", "conversation", "facts", "extractor")

PUBLIC = {"contextos.extract", "contextos.extract.base", "contextos.extract.registry"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    base = ROOT.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every contextos module ``path`` imports, at any depth (lazy imports
    inside functions too); ``from a import b`` counts as ``a.b`` when ``b`` is a module."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            subs = [f"{module}.{a.name}" for a in node.names if _is_module(f"{module}.{a.name}")]
            found += [(node.lineno, m) for m in subs or [module]]
    return [(line, m) for line, m in found if m == "contextos" or m.startswith("contextos.")]


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _layer(module: str) -> int:
    """The layer index of a module of the local extractor; the package face is on top."""
    rest = module.removeprefix(LOCAL).lstrip(".")
    return LAYERS.index(rest.split(".")[0]) if rest else len(LAYERS) - 1


def _sources(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def test_every_module_of_the_local_extractor_is_in_a_layer() -> None:
    local = PACKAGE / "extract" / "local"
    tops = {p.relative_to(local).parts[0].removesuffix(".py") for p in _sources(local)}
    assert tops - {"__init__"} == set(LAYERS)


def test_a_layer_imports_only_the_layers_below_it() -> None:
    wrong = []
    for path in _sources(PACKAGE / "extract" / "local"):
        own = _layer(_module_name(path))
        for line, module in _imports(path):
            rel = f"{path.relative_to(ROOT)}:{line}"
            if _under(module, LOCAL):
                if _layer(module) > own or (module == LOCAL and _module_name(path) != LOCAL):
                    wrong.append(f"{rel} imports {module} (a higher layer)")
            elif _under(module, EXTRACT) and module != f"{EXTRACT}.base":
                # the protocol it implements is the one thing of the rest it may name
                wrong.append(f"{rel} imports {module} (outside the local extractor)")
    assert wrong == []


def test_the_layers_are_read_at_all() -> None:
    """The check above would pass on a parser that finds no imports: it must see the extractor
    importing the layers below it."""
    extractor = PACKAGE / "extract" / "local" / "extractor.py"
    layers = {LAYERS[_layer(m)] for _, m in _imports(extractor) if _under(m, LOCAL)}
    assert layers >= {"text", "dates", "conversation", "facts"}


def test_the_rest_of_extract_imports_only_the_local_extractors_face() -> None:
    wrong = []
    for path in _sources(PACKAGE / "extract"):
        if _under(_module_name(path), LOCAL):
            continue
        for line, module in _imports(path):
            if _under(module, LOCAL) and module != LOCAL:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert wrong == []


def test_outside_extract_code_imports_only_its_public_face() -> None:
    wrong = []
    for path in _sources(PACKAGE):
        rel = path.relative_to(ROOT).as_posix()
        if _under(_module_name(path), EXTRACT):
            continue
        for line, module in _imports(path):
            if not _under(module, EXTRACT) or module in PUBLIC:
                continue
            wrong.append(f"{rel}:{line} imports {module}")
    assert wrong == []


def _reads_of_attributes(path: Path) -> list[int]:
    """Lines where ``path`` reads a key out of an ``attributes`` mapping (``x.attributes[k]``,
    ``x.attributes.get(k)``, ``"k" in x.attributes``)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        target = None
        if isinstance(node, ast.Subscript):
            target = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("get", "pop", "setdefault", "items", "keys", "values"):
                target = node.func.value
        elif isinstance(node, ast.Compare) and any(
            isinstance(op, ast.In | ast.NotIn) for op in node.ops
        ):
            target = node.comparators[0]
        if isinstance(target, ast.Attribute) and target.attr == "attributes":
            lines.append(node.lineno)
    return lines


def test_no_string_keyed_attributes_contract_outside_extract() -> None:
    """What the stages after extraction need of a candidate is a typed field of the model
    (polarity, project, status, retracted_at, rendering, flags): ``CandidateFact.attributes``
    is the extractor's own notes, read by nothing outside ``contextos/extract/``."""
    wrong = []
    for path in _sources(PACKAGE):
        if _under(_module_name(path), EXTRACT):
            continue
        wrong += [f"{path.relative_to(ROOT)}:{line}" for line in _reads_of_attributes(path)]
    assert wrong == []


def test_reads_of_attributes_are_found(tmp_path: Path) -> None:
    """The check above would pass on a reader that finds nothing."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        'a = c.attributes["polarity"]\nb = c.attributes.get("status")\n'
        'd = "project" in c.attributes\ne = c.polarity\n',
        encoding="utf-8",
    )
    assert _reads_of_attributes(sample) == [1, 2, 3]
