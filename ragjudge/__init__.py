"""ragjudge: is a RAG system's answer grounded in the documents it retrieved?

The public API, imported lazily so that `import ragjudge` (and the pytest plugin) stays light:
`evaluate`, `check`, `aevaluate`, `acheck`, `Result` (ragjudge.api, which also has `report`,
`compare`, `gate`, `ingest`: one function per command; `ragjudge.report`, `.gate` and `.ingest`
name subpackages here);
`load_examples`, `iter_examples`, `example_from_dict` (ragjudge.dataset);
`make_judge`, `Judge`, `JudgeOptions` (ragjudge.judges); `Record`, `Status` (ragjudge.record:
what `judgments.jsonl` holds); `RunFolder` (ragjudge.runfolder); the stage types `Example`,
`Document`, `KeyedExample`, `Sentence`, `Judgment` (ragjudge.types).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "evaluate": "ragjudge.api",
    "check": "ragjudge.api",
    "aevaluate": "ragjudge.api",
    "acheck": "ragjudge.api",
    "Result": "ragjudge.api",
    "load_examples": "ragjudge.dataset",
    "iter_examples": "ragjudge.dataset",
    "example_from_dict": "ragjudge.dataset",
    "make_judge": "ragjudge.judges.base",
    "Judge": "ragjudge.judges.base",
    "JudgeOptions": "ragjudge.judges.base",
    "Record": "ragjudge.record",
    "Status": "ragjudge.record",
    "RunFolder": "ragjudge.runfolder",
    "Example": "ragjudge.types",
    "Document": "ragjudge.types",
    "KeyedExample": "ragjudge.types",
    "Sentence": "ragjudge.types",
    "Judgment": "ragjudge.types",
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ragjudge' has no attribute {name!r}")
    return getattr(import_module(module), name)
