"""The factories of ragjudge's own judges, registered under `ragjudge.judges` in the package
metadata exactly as a plugin registers its judge (see `ragjudge.judges.registry`)."""

from __future__ import annotations

from ragjudge.errors import UsageError
from ragjudge.judges.base import Judge, JudgeOptions


def offline(arg: str | None, options: JudgeOptions) -> Judge:
    """`offline`: the built-in judge; no LLM, no network. `offline:T` flags answers whose
    support score is below T (default: the threshold chosen in training)."""
    from ragjudge.judges.offline import OfflineJudge

    if arg is None:
        return OfflineJudge()
    try:
        threshold = float(arg)
    except ValueError:
        threshold = float("nan")
    if not 0.0 <= threshold <= 1.0:
        raise UsageError(
            f"the offline judge takes a support-score threshold between 0 and 1 (got {arg!r})"
        )
    return OfflineJudge(threshold=threshold)


def recorded(arg: str | None, options: JudgeOptions) -> Judge:
    """`recorded`: the judgment stored in each row (RAGBench's annotations, a `judgment`
    column)."""
    from ragjudge.judges.recorded import RecordedJudge

    if arg is not None:
        raise UsageError(f"the recorded judge takes no argument (got {arg!r})")
    return RecordedJudge()


def llm(arg: str | None, options: JudgeOptions) -> Judge:
    """`provider:model` (or `llm:provider:model`): any LangChain chat model; with
    `completions`, a bare model name on a completions endpoint."""
    from ragjudge.judges.llm import build_llm_judge

    if not arg:
        raise UsageError("an LLM judge needs provider:model, e.g. openai:gpt-4o-mini")
    return build_llm_judge(
        arg,
        base_url=options.base_url,
        api_key=options.api_key,
        temperature=options.temperature,
        timeout=options.timeout,
        max_retries=options.max_retries,
        max_tokens=options.max_tokens,
        json_mode=options.json_mode,
        output_mode=options.output_mode,
        completions=options.completions,
        prompt_format=options.prompt_format,
        **options.extra,
    )


__all__ = ["llm", "offline", "recorded"]
