"""Extractors and strategies by name: the one way code outside ``extract/`` builds one.

``names()`` lists what is registered, ``create(name, settings)`` builds it. The facade, the
extraction worker, ``contextos eval``, the CLI's ``--extractor`` and ``CONTEXTOS_EXTRACTOR`` all
go through here. Packages add their own through the ``contextos.extractors`` entry-point group
(``name = "package.module:factory"``, the factory taking the settings, or None, and returning
an :class:`~contextos.extract.base.Extractor`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Literal

from contextos.errors import ConfigError
from contextos.extract.base import Extractor

__all__ = ["DEFAULT", "Registered", "create", "describe", "entry", "names", "register"]

#: The extractor used when none is named: offline, no API key.
DEFAULT = "local"

Factory = Callable[[Any], Extractor]
Kind = Literal["extractor", "strategy"]


@dataclass(frozen=True)
class Registered:
    name: str
    kind: Kind
    description: str
    factory: Factory
    #: CPU-bound (worth a worker process beside embedding and writing on a big input)
    cpu_bound: bool = False


_REGISTRY: dict[str, Registered] = {}
_plugins_loaded = False


def register(
    name: str,
    factory: Factory,
    *,
    kind: Kind = "extractor",
    description: str = "",
    cpu_bound: bool = False,
) -> None:
    """Make ``factory`` buildable as ``name`` (a name registered again is replaced)."""
    _REGISTRY[name] = Registered(name, kind, description, factory, cpu_bound)


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in entry_points(group="contextos.extractors"):
        if ep.name in _REGISTRY:
            continue  # the built-in ones win

        def factory(settings: Any, ep: Any = ep) -> Extractor:
            made = ep.load()(settings)
            if not isinstance(made, Extractor):
                raise ConfigError(f"extractor plug-in {ep.value!r} did not return an Extractor")
            return made

        register(ep.name, factory, description=f"plug-in {ep.value}")


def describe() -> list[Registered]:
    """Everything registered, extractors first, by name."""
    _load_plugins()
    return sorted(_REGISTRY.values(), key=lambda r: (r.kind != "extractor", r.name))


def names(kind: Kind | None = None) -> list[str]:
    """The registered names (of one ``kind``, or all)."""
    return [r.name for r in describe() if kind is None or r.kind == kind]


def entry(name: str) -> Registered:
    _load_plugins()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ConfigError(
            f"unknown extractor {name!r}: choose one of {', '.join(names())}"
        ) from None


def create(name: str = DEFAULT, settings: Any = None) -> Extractor:
    """Build the extractor or strategy registered as ``name``; ``settings`` (a
    :class:`contextos.settings.Settings`, or None for the defaults) configures it."""
    made = entry(name).factory(settings)
    if getattr(made, "name", None) is None:
        raise ConfigError(f"extractor {name!r} has no name")
    return made


def _local(settings: Any) -> Extractor:
    from contextos.extract.local import LocalExtractor

    return LocalExtractor()


register(
    "local",
    _local,
    description="offline: spaCy parse and rules over the speaker's own words; no API key",
    cpu_bound=True,
)


def _llm(settings: Any) -> Extractor:
    if settings is None:
        raise ConfigError(
            "the llm extractor is configured by settings (CONTEXTOS_LLM_*): pass settings, or "
            "an LLMExtractor built over any LlamaIndex LLM"
        )
    from contextos.extract.llm.factory import llm_extractor_from_settings

    return llm_extractor_from_settings(settings)


register(
    "llm",
    _llm,
    description="any LlamaIndex LLM: OpenAI, or an OpenAI-compatible server (Ollama, vLLM, "
    "LM Studio, llama.cpp) set by CONTEXTOS_LLM_*; contextos grounds every fact it proposes",
)


def _cheap_first(settings: Any) -> Extractor:
    from contextos.extract.strategies import CheapFirst

    return CheapFirst(create("local", settings), create("llm", settings))


def _parallel(settings: Any) -> Extractor:
    from contextos.extract.strategies import Parallel

    return Parallel([create("local", settings), create("llm", settings)])


def _fallback(settings: Any) -> Extractor:
    import logging

    from contextos.extract.strategies import Fallback

    try:
        preferred: Extractor | None = create("llm", settings)
    except ConfigError as exc:  # not configured (or its extra missing): the local one alone
        logging.getLogger(__name__).warning("fallback: no LLM extractor (%s)", exc)
        preferred = None
    return Fallback(preferred, create("local", settings))


register(
    "cheap-first",
    _cheap_first,
    kind="strategy",
    description="local on every window; the LLM only where local left a user turn unexplained",
)
register(
    "parallel",
    _parallel,
    kind="strategy",
    description="local and the LLM on every window, pooled (each fact keeps its extractor)",
)
register(
    "fallback",
    _fallback,
    kind="strategy",
    description="the LLM when it is available, else local (also when its server goes away)",
)
