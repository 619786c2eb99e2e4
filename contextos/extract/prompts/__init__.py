"""Versioned LLM prompts: one module per prompt and version (``facts_v1.py``, ...).

Each module defines ``PROMPT``, a :class:`Prompt`: its name and version (every call logs
``name@version``), the system and user text, and the pydantic model of the reply. A changed
prompt is a new module with a new version, so a stored rejection or a metric always says which
words produced it. The local extractor uses no prompts.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from string import Template
from typing import Any, Generic, TypeVar, get_args, get_origin

from pydantic import BaseModel, ValidationError

__all__ = ["ItemProblem", "Prompt", "turn_label"]

R = TypeVar("R", bound=BaseModel)


@dataclass(frozen=True)
class ItemProblem:
    """An element of a reply's list that did not fit the reply model: dropped, with why."""

    field: str
    item: Any
    problem: str


@dataclass(frozen=True)
class Prompt(Generic[R]):
    """A prompt: ``$name`` placeholders in ``user`` (``string.Template``, so JSON examples need
    no escaping), and the reply model."""

    name: str
    version: int
    system: str
    user: str
    response: type[R]

    @property
    def id(self) -> str:
        return f"{self.name}@{self.version}"

    def render(self, **values: object) -> tuple[str, str]:
        """The system and user messages with ``values`` filled in."""
        return self.system, Template(self.user).substitute(values)

    def json_schema(self) -> dict[str, Any]:
        """The reply's JSON schema for structured output, no properties but its own allowed.
        Only what has no default is required: a grammar-constrained small model may close an
        item after its turn, quote and text, which keeps replies short."""
        schema = copy.deepcopy(self.response.model_json_schema())
        for part in [schema, *schema.get("$defs", {}).values()]:
            if part.get("type") == "object" and "properties" in part:
                part["additionalProperties"] = False
        return schema

    def parse(self, data: Any) -> tuple[R, list[ItemProblem]]:
        """``data`` (parsed JSON) as the reply model. List elements are checked one by one: one
        bad element is dropped and reported, not the whole reply. A bare list stands for the
        reply's one list field. Raises ``ValueError`` when the reply itself does not fit."""
        lists = {
            name: args[0]
            for name, f in self.response.model_fields.items()
            if get_origin(f.annotation) is list
            and (args := get_args(f.annotation))
            and isinstance(args[0], type)
            and issubclass(args[0], BaseModel)
        }
        if isinstance(data, list) and len(lists) == 1:
            data = {next(iter(lists)): data}
        if not isinstance(data, dict):
            raise ValueError(f"the reply is a {type(data).__name__}, not a JSON object")
        problems: list[ItemProblem] = []
        clean = dict(data)
        for name, model in lists.items():
            items = data.get(name)
            if items is None:
                continue
            if isinstance(items, dict):
                items = [items]  # one element sent without its list
            if not isinstance(items, list):
                raise ValueError(f"{name!r} is a {type(items).__name__}, not a list")
            kept = []
            for item in items:
                try:
                    kept.append(model.model_validate(item))
                except ValidationError as exc:
                    problems.append(ItemProblem(name, item, _first_error(exc)))
            clean[name] = kept
        try:
            return self.response.model_validate(clean), problems
        except ValidationError as exc:
            raise ValueError(f"the reply does not fit {self.id}: {_first_error(exc)}") from None


def turn_label(v: Any) -> Any:
    """A turn id as the prompts number them: ``2``, ``"t2"``, ``"[T2]"`` all name ``T2``."""
    if isinstance(v, int) and not isinstance(v, bool):
        return f"T{v}"
    if isinstance(v, str):
        s = v.strip().strip("[]()").strip().upper()
        return f"T{s}" if s.isdigit() else s
    return v


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"{where}: {err.get('msg', 'invalid')}" if where else str(err.get("msg", "invalid"))
