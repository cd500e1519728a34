"""The offline judge's trained model: loaded from `ragjudge/data/offline_model.json` and
evaluated with plain Python (no scikit-learn at run time).

Two model kinds are understood: `logistic` (standardised features, weights, intercept) and
`trees` (gradient-boosted regression trees on the log-odds scale). `training/train_offline.py`
writes the file.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

MODEL_RESOURCE = "offline_model.json"


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True)
class Tree:
    feature: tuple[int, ...]
    threshold: tuple[float, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    value: tuple[float, ...]

    def predict(self, x: Sequence[float]) -> float:
        node = 0
        left = self.left
        while left[node] >= 0:
            go_left = x[self.feature[node]] <= self.threshold[node]
            node = left[node] if go_left else self.right[node]
        return self.value[node]


@dataclass(frozen=True)
class SupportModel:
    """Maps a sentence's feature vector to the probability that it is supported."""

    version: str
    digest: str
    feature_names: tuple[str, ...]
    kind: str
    threshold: float
    mean: tuple[float, ...] = ()
    scale: tuple[float, ...] = ()
    coef: tuple[float, ...] = ()
    intercept: float = 0.0
    learning_rate: float = 1.0
    trees: tuple[Tree, ...] = ()
    meta: Mapping[str, Any] | None = None

    def probability(self, x: Sequence[float]) -> float:
        if self.kind == "logistic":
            z = self.intercept
            for xi, m, s, w in zip(x, self.mean, self.scale, self.coef, strict=True):
                z += w * (xi - m) / s
        else:
            z = self.intercept + self.learning_rate * sum(t.predict(x) for t in self.trees)
        return _sigmoid(z)


def model_from_dict(data: Mapping[str, Any], digest: str = "") -> SupportModel:
    trees = tuple(
        Tree(
            tuple(t["feature"]),
            tuple(t["threshold"]),
            tuple(t["left"]),
            tuple(t["right"]),
            tuple(t["value"]),
        )
        for t in data.get("trees", ())
    )
    return SupportModel(
        version=str(data["version"]),
        digest=digest,
        feature_names=tuple(data["features"]),
        kind=data["kind"],
        threshold=float(data["threshold"]),
        mean=tuple(data.get("mean", ())),
        scale=tuple(data.get("scale", ())),
        coef=tuple(data.get("coef", ())),
        intercept=float(data.get("intercept", 0.0)),
        learning_rate=float(data.get("learning_rate", 1.0)),
        trees=trees,
        meta=data.get("meta"),
    )


def load_model() -> SupportModel:
    """The packaged model; its digest (sha256 of the file, 12 hex digits) names it."""
    raw = resources.files("ragjudge").joinpath("data").joinpath(MODEL_RESOURCE).read_bytes()
    digest = hashlib.sha256(raw).hexdigest()[:12]
    return model_from_dict(json.loads(raw), digest)


def apply_rules(p: float, x: Sequence[float], names: Sequence[str], threshold: float) -> float:
    """Hand rules on top of the learned probability, where the labels are too few to teach
    the model what is plain from the text.

    A number written in digits that appears nowhere in the documents halves the probability
    (in RAGBench most such sentences are unsupported). A refusal ("the documents do not say")
    or a framing sentence ("Here are the steps:") is raised to the threshold: annotators treat
    both as supported without a document sentence.
    """
    features = dict(zip(names, x, strict=True))
    if features.get("refusal") or features.get("general"):
        return max(p, threshold)
    if features.get("any_number_missing"):
        return min(p * 0.5, p)
    return p
