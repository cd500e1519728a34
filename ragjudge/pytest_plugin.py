"""pytest integration: the `ragjudge_judge` fixture, `--ragjudge-judge` and `--ragjudge-cache`
options and the `ragjudge_dataset` marker that parametrises the `ragjudge_example` fixture over
a dataset file.

The fixture gives a judge spec; a project that judges with a LangChain model object overrides
it in its conftest.py (`return ChatOpenAI(model="gpt-4o-mini", temperature=0)`), and
`assert_grounded(..., judge=ragjudge_judge)` takes either.

pytest loads this module at start-up for every project where ragjudge is installed (the
`pytest11` entry point), so it imports nothing from ragjudge at module level: the dataset
loader is imported only when a test asks for it, and a broken or slow import can never stop
an unrelated test suite from starting.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

#: environment variable read when `--ragjudge-judge` is not given
ENV_VAR = "RAGJUDGE_JUDGE"
#: the judge cache file `assert_grounded` uses (what `--ragjudge-cache` sets; ragjudge.api reads it)
CACHE_VAR = "RAGJUDGE_CACHE"
DEFAULT_JUDGE = "offline"
MARKER = "ragjudge_dataset"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("ragjudge", "ragjudge groundedness checks")
    group.addoption(
        "--ragjudge-judge",
        dest="ragjudge_judge",
        default=None,
        metavar="SPEC",
        help=f"judge for the ragjudge_judge fixture: 'offline', 'recorded' or 'provider:model' "
        f"(default: ${ENV_VAR}, else '{DEFAULT_JUDGE}')",
    )
    group.addoption(
        "--ragjudge-cache",
        dest="ragjudge_cache",
        default=None,
        metavar="FILE",
        help=f"judge cache for assert_grounded, kept between runs (default: ${CACHE_VAR}, the "
        "cache of ragjudge.toml, else reports/.ragjudge-cache.sqlite)",
    )


_SAVED_CACHE = pytest.StashKey[str | None]()


def pytest_configure(config: pytest.Config) -> None:
    cache = config.getoption("ragjudge_cache", None)
    if cache:
        # for the session only: what was set before comes back in pytest_unconfigure
        config.stash[_SAVED_CACHE] = os.environ.get(CACHE_VAR)
        os.environ[CACHE_VAR] = str(Path(cache).resolve())
    config.addinivalue_line(
        "markers",
        f"{MARKER}(path): run the test once per example of the dataset file at path "
        "(relative to the test file, else to the rootdir), given as the ragjudge_example fixture",
    )


def pytest_unconfigure(config: pytest.Config) -> None:
    if _SAVED_CACHE in config.stash:
        saved = config.stash[_SAVED_CACHE]
        if saved is None:
            os.environ.pop(CACHE_VAR, None)
        else:
            os.environ[CACHE_VAR] = saved


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "ragjudge_example" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker(MARKER)
    if marker is None:
        return  # the fixture itself explains what is missing
    if len(marker.args) != 1:
        pytest.fail(f"@pytest.mark.{MARKER} takes one argument: the dataset path", pytrace=False)
    path = _resolve(marker.args[0], metafunc.definition.path.parent, metafunc.config.rootpath)

    from ragjudge.dataset import load_examples

    examples, errors = load_examples(path)
    params = [pytest.param(example, id=str(example.id)) for example in examples]
    # an unreadable row becomes a test of its own that errors, so it is seen and not dropped
    params += [pytest.param(error, id=f"row-{error.source.row}") for error in errors]
    metafunc.parametrize("ragjudge_example", params, indirect=True)


def _resolve(given: str | os.PathLike[str], test_dir: Path, rootdir: Path) -> Path:
    path = Path(given)
    candidates = [path] if path.is_absolute() else [test_dir / path, rootdir / path]
    candidates = list(dict.fromkeys(candidates))
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    tried = ", ".join(str(c) for c in candidates)
    pytest.fail(f"@pytest.mark.{MARKER}: dataset file not found (tried {tried})", pytrace=False)


@pytest.fixture
def ragjudge_example(request: pytest.FixtureRequest) -> Any:
    """One `ragjudge.types.Example` of the dataset named by `@pytest.mark.ragjudge_dataset`."""
    param = getattr(request, "param", None)
    if param is None:
        pytest.fail(
            f"the ragjudge_example fixture needs @pytest.mark.{MARKER}('path/to/data.jsonl')",
            pytrace=False,
        )
    from ragjudge.types import RowError

    if isinstance(param, RowError):
        pytest.fail(f"{param.source.file} row {param.source.row}: {param.message}", pytrace=False)
    return param


@pytest.fixture(scope="session")
def ragjudge_judge(pytestconfig: pytest.Config) -> Any:
    """The judge for this test session: `--ragjudge-judge`, else `$RAGJUDGE_JUDGE`, else
    `offline` (no network, no key). Pass it on as `assert_grounded(..., judge=...)`; override
    the fixture in conftest.py to return a LangChain model object instead."""
    return pytestconfig.getoption("ragjudge_judge") or os.environ.get(ENV_VAR) or DEFAULT_JUDGE
