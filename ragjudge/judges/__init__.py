"""Stage 4: judges. Every judge (offline, recorded, LLM) implements the `Judge` protocol in
`ragjudge.judges.base`; `make_judge` builds one from a command-line spec."""

from ragjudge.judges.base import Judge, make_judge

__all__ = ["Judge", "make_judge"]
