"""Project configuration: settings read from `ragjudge.toml` or `[tool.ragjudge]` in pyproject.toml.

The file is found by walking up from a start folder (usually the current directory), so a CI
line can stay as short as `ragjudge gate reports/ci`. A `ragjudge.toml` wins over a
pyproject.toml in the same folder; the first folder that has either one ends the search.

    # ragjudge.toml                      # or, in pyproject.toml:
    [gate]                               [tool.ragjudge.gate]
    min = {adherence = 0.9}              min = {adherence = 0.9}
    max = {hallucination_rate = 0.1}     ...
    max_drop = {adherence = 0.02}
    baseline = "reports/main"            # relative to the config file's folder
    group_by = ["model"]
    strict = false
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ragjudge.errors import UsageError

CONFIG_NAME = "ragjudge.toml"

#: keys allowed in the `[gate]` table, with the type each must have
_GATE_KEYS: dict[str, type | tuple[type, ...]] = {
    "min": dict,
    "max": dict,
    "max_drop": dict,
    "baseline": str,
    "group_by": (list, str),
    "strict": bool,
}


def find_config(start_dir: str | Path = ".") -> Path | None:
    """The config file that applies to `start_dir`: the nearest `ragjudge.toml`, or the nearest
    pyproject.toml that has a `[tool.ragjudge]` table. None when there is neither."""
    start = Path(start_dir).resolve()
    for folder in (start, *start.parents):
        own = folder / CONFIG_NAME
        if own.is_file():
            return own
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and "ragjudge" in _read_toml(pyproject).get("tool", {}):
            return pyproject
    return None


def load_config(start_dir: str | Path = ".") -> dict[str, Any]:
    """The ragjudge settings that apply to `start_dir`, as a dict (empty when there is no file).

    `start_dir` may also name a config file (`ragjudge.toml`, or a pyproject.toml whose
    `[tool.ragjudge]` table is used), which is then read directly.

    The dict is the `ragjudge.toml` document or the `[tool.ragjudge]` table; `_path` holds the
    file it came from. The `[gate]` table is checked here (unknown keys and wrong types raise
    `UsageError`) and a relative `baseline` is made relative to the config file's folder, so the
    gate behaves the same from any working directory.
    """
    given = Path(start_dir)
    if given.is_file():
        path: Path | None = given.resolve()
    elif given.suffix == ".toml":
        raise UsageError(f"config file {given} does not exist")
    else:
        path = find_config(given)
    if path is None:
        return {}
    document = _read_toml(path)
    if path.name == "pyproject.toml":
        config = dict(document.get("tool", {}).get("ragjudge", {}))
    else:
        config = dict(document)
    if "gate" in config:
        config["gate"] = _check_gate_table(config["gate"], path)
    config["_path"] = str(path)
    return config


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML ({exc})") from exc
    except OSError as exc:
        raise UsageError(f"{path}: cannot be read ({exc.strerror})") from exc


def _check_gate_table(table: Any, path: Path) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise UsageError(f"{path}: [gate] must be a table")
    gate = dict(table)
    for key, value in gate.items():
        expected = _GATE_KEYS.get(key)
        if expected is None:
            raise UsageError(
                f"{path}: unknown key gate.{key} (allowed: {', '.join(sorted(_GATE_KEYS))})"
            )
        if not isinstance(value, expected):
            kind = expected.__name__ if isinstance(expected, type) else "list or string"
            raise UsageError(f"{path}: gate.{key} must be a {kind}, not {value!r}")
    if isinstance(gate.get("group_by"), str):
        gate["group_by"] = [gate["group_by"]]
    if "baseline" in gate and not Path(gate["baseline"]).is_absolute():
        gate["baseline"] = str(path.parent / gate["baseline"])
    return gate
