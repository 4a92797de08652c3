"""Declared game options: names, allowed values, defaults and explanations.

A game declares its options as :class:`Option` values; :func:`resolve_options`
checks what a caller passed (Python values, or text from ``--set key=value``)
and fills in the defaults, raising :class:`~pakka.core.errors.RulesError` that
names the option and the allowed values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pakka.core.errors import RulesError
from pakka.core.messages import MESSAGES

OptionValue = str | int | bool | tuple[int, ...]


@dataclass(frozen=True)
class Option:
    """One rule option of a game.

    ``kind`` is ``"choice"`` (one of ``choices``), ``"bool"``, ``"int"``
    (``minimum``..``maximum``, ``None`` for unbounded) or ``"ints"`` (a tuple of
    ``length`` integers). ``default`` may depend on the player count.
    ``help`` maps a language code (``en``, ``fi``) to a plain-language explanation.
    """

    name: str
    kind: str
    default: OptionValue | Callable[[int], OptionValue]
    help: Mapping[str, str] = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    length: int = 0
    rule: str = ""

    def default_for(self, num_players: int) -> OptionValue:
        """The default value at this player count."""
        d = self.default
        return d(num_players) if callable(d) else d

    def allowed_message(self) -> dict[str, Any]:
        """The allowed values as a message (``error.allowed.*`` of
        :mod:`pakka.core.messages`), for front ends that render it in any language."""
        if self.kind == "choice":
            return _msg("error.allowed.choice", choices=", ".join(repr(c) for c in self.choices))
        if self.kind == "bool":
            return _msg("error.allowed.bool")
        if self.kind == "int":
            lo, hi = self.minimum, self.maximum
            if lo is not None and hi is not None:
                return _msg("error.allowed.int_range", lo=lo, hi=hi)
            if lo is not None:
                return _msg("error.allowed.int_min", lo=lo)
            if hi is not None:
                return _msg("error.allowed.int_max", hi=hi)
            return _msg("error.allowed.int")
        return _msg("error.allowed.ints", n=self.length)

    def allowed(self, lang: str = "en") -> str:
        """A human-readable description of the allowed values, in ``lang`` (``en`` or
        ``fi``): ``an integer 1..5``, ``an integer of at least 0``, ``3 integers …``."""
        m = self.allowed_message()
        template = MESSAGES.get(lang, MESSAGES["en"])[m["key"]]
        n = m["args"].get("n")
        if n is not None:  # the one plural choice of these texts (core cannot import i18n)
            head, _, rest = template.partition("{n|")
            one, _, tail = rest.partition("|")
            many, _, end = tail.partition("}")
            template = head + (one if n == 1 else many) + end
        return template.format(**m["args"])

    def coerce(self, value: Any) -> OptionValue:
        """Check ``value`` (a Python value or text) and return it in canonical form."""
        bad = RulesError(
            f"option {self.name!r}: {value!r} is not allowed; use {self.allowed()}",
            "error.option_value",
            option=self.name,
            value=repr(value),
            allowed=self.allowed_message(),
        )
        if self.kind == "choice":
            if isinstance(value, str) and value.strip().lower() in self.choices:
                return value.strip().lower()
            raise bad
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str):
                v = value.strip().lower()
                if v in ("true", "yes", "on", "1", "kyllä", "kylla"):
                    return True
                if v in ("false", "no", "off", "0", "ei"):
                    return False
            raise bad
        if self.kind == "int":
            if isinstance(value, bool):
                raise bad
            try:
                n = int(value.strip()) if isinstance(value, str) else int(value)
            except (TypeError, ValueError):
                raise bad from None
            if isinstance(value, float) and value != n:
                raise bad
            if (self.minimum is not None and n < self.minimum) or (
                self.maximum is not None and n > self.maximum
            ):
                raise bad
            return n
        # "ints"
        items: Sequence[Any]
        items = value.replace(" ", "").split(",") if isinstance(value, str) else value
        try:
            nums = tuple(int(x) for x in items)
        except (TypeError, ValueError):
            raise bad from None
        if len(nums) != self.length or any(isinstance(x, bool) for x in items):
            raise bad
        if self.minimum is not None and any(n < self.minimum for n in nums):
            raise bad
        return nums


def _msg(key: str, **args: Any) -> dict[str, Any]:
    return {"key": key, "args": args}


def resolve_options(
    game: str, specs: Sequence[Option], num_players: int, given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """Validate ``given`` against ``specs`` and return every option with defaults filled in."""
    by_name = {o.name: o for o in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise RulesError(
            f"{game} has no option {unknown[0]!r}; its options are: {known}",
            "error.option_unknown",
            game=game,
            option=unknown[0],
            known=", ".join(by_name) or _msg("error.none"),
        )
    resolved: dict[str, OptionValue] = {}
    for o in specs:
        resolved[o.name] = (
            o.coerce(given[o.name]) if o.name in given else o.default_for(num_players)
        )
    return resolved


def options_to_json(options: Mapping[str, OptionValue]) -> dict[str, Any]:
    """Options as JSON values (tuples become lists)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
