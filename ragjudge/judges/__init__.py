"""Stage 4: judges. Every judge (offline, recorded, LLM, or one from another package)
implements the `Judge` protocol in `ragjudge.judges.base` and comes in through the registry
(`ragjudge.judges.registry`, the entry-point group `ragjudge.judges`); `make_judge` builds one
from a command-line spec."""

from ragjudge.judges.base import Judge, JudgeFactory, JudgeOptions, make_judge

__all__ = ["Judge", "JudgeFactory", "JudgeOptions", "make_judge"]
