"""What the Python API's arguments name: the judge (`resolve_judge`: a spec, a `Judge` or a
LangChain model object), the judge cache file (`cache_choice`, `configured_cache`) and the prompt
template (`with_prompt`), and how options split between the pipeline and the judge. Shared by
`ragjudge.api` (batches) and `ragjudge.check` (one answer), so both read them alike.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ragjudge.errors import UsageError
from ragjudge.judges.base import Judge, make_judge
from ragjudge.pipeline import PipelineOptions

_PIPELINE_FIELDS = {"template", "max_repairs", "clean_keys", "lang", "max_prompt_tokens"}
_JUDGE_FIELDS = {
    "base_url",
    "api_key",
    "temperature",
    "timeout",
    "max_retries",
    "max_tokens",
    "json_mode",
    "output_mode",
    "completions",
    "prompt_format",
}


#: options that configure a judge built from a name; a model object carries its own
_MODEL_OWN = ("base_url", "api_key", "temperature", "max_tokens", "completions")
#: environment variable naming the judge cache file (the `cache` key of ragjudge.toml too)
ENV_CACHE = "RAGJUDGE_CACHE"


def split_options(options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    pipeline = {k: v for k, v in options.items() if k in _PIPELINE_FIELDS}
    judge = {k: v for k, v in options.items() if k in _JUDGE_FIELDS}
    unknown = set(options) - _PIPELINE_FIELDS - _JUDGE_FIELDS
    if unknown:
        raise TypeError(f"unknown option(s): {', '.join(sorted(unknown))}")
    return pipeline, judge


def resolve_judge(judge: Any, **judge_options: Any) -> Judge:
    """The judge a `judge=` argument names: a spec (`"offline"`, `"openai:gpt-4o-mini"`, …), a
    `Judge`, or a LangChain model object (`BaseChatModel`; `BaseLLM` with `prompt_format`)."""
    if judge is None or isinstance(judge, str):
        return make_judge(judge, **judge_options)
    from ragjudge.judges.llm import is_langchain_model, judge_from_model

    if is_langchain_model(judge):
        given = [name for name in _MODEL_OWN if judge_options.get(name) is not None]
        if given:
            raise UsageError(
                f"{', '.join(given)} configure a judge built from a name; set them on the "
                "model object instead"
            )
        mode = judge_options.get("output_mode") or "auto"
        if judge_options.get("json_mode") is False:
            mode = "text"
        return judge_from_model(
            judge, prompt_format=judge_options.get("prompt_format"), output_mode=mode
        )
    if isinstance(judge, Judge):
        return judge
    raise UsageError(
        "judge must be a name ('offline', 'provider:model', …), a Judge, or a LangChain chat "
        f"model, not {type(judge).__name__}"
    )


def configured_cache() -> Path | None:
    """The judge cache file set by `$RAGJUDGE_CACHE` or the `cache` key of ragjudge.toml /
    `[tool.ragjudge]` (relative to that file), or None when neither sets one."""
    from ragjudge.config import load_config

    env = os.environ.get(ENV_CACHE)
    if env:
        return Path(env).expanduser()
    config = load_config(Path.cwd())
    value = config.get("cache")
    if value is None:
        return None
    if not isinstance(value, str) or not value:
        raise UsageError(f"{config['_path']}: cache must be a file path")
    path = Path(value).expanduser()
    return path if path.is_absolute() else Path(config["_path"]).parent / path


def cache_choice(cache: str | Path | bool | None) -> Path | None:
    if isinstance(cache, str | Path):
        return Path(cache)
    return None if cache is False else configured_cache()


def with_prompt(pipeline_opts: dict[str, Any], prompt: str | os.PathLike[str] | None) -> None:
    """`prompt=` (a template file) as the pipeline's template, validated before any call."""
    from ragjudge.templates import load_template

    if prompt is not None:
        if "template" in pipeline_opts:
            raise UsageError("give either prompt (a template file) or template (a name)")
        pipeline_opts["template"] = str(Path(prompt).expanduser().resolve())
    load_template(pipeline_opts.get("template", PipelineOptions.template))


__all__ = [
    "ENV_CACHE",
    "cache_choice",
    "configured_cache",
    "resolve_judge",
    "split_options",
    "with_prompt",
]
