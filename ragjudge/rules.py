"""Stage 5b: the judgment rules, checked one by one; every breach is recorded as a `Violation`.

The rules (codes in brackets):
1. A supporting key is a document key of this example or one of the four special labels; an
   unknown key is recorded and left out of the evidence [unknown_supporting_key].
2. Empty supporting keys mean the sentence is not fully supported; a `true` there is set to
   false and recorded [empty_keys_fully_supported].
3. Exactly one entry per response sentence: a missing sentence counts as unsupported
   [missing_sentence]; a second entry for a key is ignored [duplicate_sentence]; an entry for a
   key the response does not have is ignored [unknown_response_key].
4. `overall_supported` true while some sentence is not supported is recorded, not overridden
   [overall_inconsistent].
5. Relevant and utilized keys must be document keys of this example [unknown_relevant_key,
   unknown_utilized_key] and appear once [duplicate_relevant_key, duplicate_utilized_key];
   they are kept as returned for scoring unless clean keys are asked for.
6. For an example with conversation history, a history key (`h0a`, …) is valid evidence for a
   response sentence, but not a relevant or utilized sentence: TRACe counts document sentences
   only, so such a key is recorded and left out [history_relevant_key, history_utilized_key].
Hands on a `Judgment` and the violations.
"""

from __future__ import annotations

from typing import Any

from ragjudge.types import SPECIAL_KEYS, Judgment, KeyedExample, SentenceSupport, Violation

_SPECIAL = frozenset(SPECIAL_KEYS)


def is_valid_evidence(key: str, document_keys: frozenset[str]) -> bool:
    return key in document_keys or key in _SPECIAL


def enforce(obj: dict[str, Any], item: KeyedExample) -> tuple[Judgment, list[Violation]]:
    """Apply the rules to a schema-valid judgment object for `item`."""
    violations: list[Violation] = []
    doc_keys = frozenset(item.document_keys)
    history_keys = frozenset(item.history_keys)
    evidence_keys = doc_keys | history_keys
    by_key: dict[str, dict[str, Any]] = {}
    response_keys = item.response_keys
    known_response = frozenset(response_keys)

    for entry in obj["sentence_support_information"]:
        key = entry["response_sentence_key"].strip()
        if key not in known_response:
            violations.append(
                Violation(
                    "unknown_response_key",
                    f"the judgment has an entry for response sentence {key!r}, "
                    "which the response does not have",
                    key,
                )
            )
        elif key in by_key:
            violations.append(
                Violation(
                    "duplicate_sentence",
                    f"response sentence {key!r} has more than one entry; the first is used",
                    key,
                )
            )
        else:
            by_key[key] = entry

    supports = []
    for key in response_keys:
        entry = by_key.get(key)
        if entry is None:
            violations.append(
                Violation(
                    "missing_sentence",
                    f"response sentence {key!r} has no entry; it counts as unsupported",
                    key,
                )
            )
            supports.append(SentenceSupport(key, "", (), False))
            continue
        raw_keys = tuple(entry["supporting_sentence_keys"])
        evidence = []
        for k in raw_keys:
            if is_valid_evidence(k, evidence_keys):
                evidence.append(k)
            else:
                violations.append(
                    Violation(
                        "unknown_supporting_key",
                        f"supporting key {k!r} of sentence {key!r} is neither a document key "
                        "of this example (nor of its conversation) nor a special label; it is "
                        "not counted as evidence",
                        key,
                    )
                )
        fully = bool(entry["fully_supported"])
        if fully and not raw_keys:
            violations.append(
                Violation(
                    "empty_keys_fully_supported",
                    f"sentence {key!r} is marked fully supported with no supporting keys; "
                    "read as not fully supported",
                    key,
                )
            )
            fully = False
        probability = entry.get("probability")
        supports.append(
            SentenceSupport(
                response_sentence_key=key,
                explanation=entry.get("explanation") or "",
                supporting_sentence_keys=tuple(evidence),
                fully_supported=fully,
                probability=float(probability) if probability is not None else None,
            )
        )

    overall = bool(obj["overall_supported"])
    unsupported = [s.response_sentence_key for s in supports if not is_supported(s)]
    if overall and unsupported:
        violations.append(
            Violation(
                "overall_inconsistent",
                "overall_supported is true although sentence(s) "
                f"{', '.join(unsupported)} are not supported",
            )
        )

    for field_name, label in (
        ("all_relevant_sentence_keys", "relevant"),
        ("all_utilized_sentence_keys", "utilized"),
    ):
        seen: set[str] = set()
        for k in obj[field_name]:
            if k in history_keys:
                violations.append(
                    Violation(
                        f"history_{label}_key",
                        f"{label} key {k!r} is a sentence of the conversation, not of a "
                        "document; TRACe counts document sentences only",
                        k,
                    )
                )
            elif k not in doc_keys:
                violations.append(
                    Violation(
                        f"unknown_{label}_key",
                        f"{label} key {k!r} is not a document key of this example",
                        k,
                    )
                )
            elif k in seen:
                violations.append(
                    Violation(f"duplicate_{label}_key", f"{label} key {k!r} is listed twice", k)
                )
            seen.add(k)

    support_score = obj.get("support_score")
    judgment = Judgment(
        relevance_explanation=obj.get("relevance_explanation") or "",
        all_relevant_sentence_keys=tuple(obj["all_relevant_sentence_keys"]),
        overall_supported_explanation=obj.get("overall_supported_explanation") or "",
        overall_supported=overall,
        sentence_support_information=tuple(supports),
        all_utilized_sentence_keys=tuple(obj["all_utilized_sentence_keys"]),
        support_score=float(support_score) if support_score is not None else None,
    )
    return judgment, violations


def is_supported(support: SentenceSupport) -> bool:
    """A sentence is supported when it is fully supported by at least one valid piece of
    evidence (a document key or a special label)."""
    return support.fully_supported and bool(support.supporting_sentence_keys)


def merge_judgments(judgments: list[Judgment], item: KeyedExample) -> Judgment:
    """Merge the judgments of the document windows of one long example.

    A response sentence is supported when any window supports it; its evidence keys are the
    union over the windows (only the supporting windows' keys when one supports it); relevant
    and utilized keys are the union; overall supported means every merged sentence is.
    """
    merged = []
    for position, key in enumerate(item.response_keys):
        entries = [j.sentence_support_information[position] for j in judgments]
        supporting = [e for e in entries if is_supported(e)]
        chosen = supporting or entries
        probabilities = [e.probability for e in entries if e.probability is not None]
        merged.append(
            SentenceSupport(
                response_sentence_key=key,
                explanation=" | ".join(
                    dict.fromkeys(e.explanation for e in chosen if e.explanation)
                ),
                supporting_sentence_keys=tuple(
                    dict.fromkeys(k for e in chosen for k in e.supporting_sentence_keys)
                ),
                fully_supported=bool(supporting),
                probability=max(probabilities) if probabilities else None,
            )
        )

    def union(name: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(k for j in judgments for k in getattr(j, name)))

    scores = [j.support_score for j in judgments if j.support_score is not None]
    return Judgment(
        relevance_explanation=" | ".join(j.relevance_explanation for j in judgments),
        all_relevant_sentence_keys=union("all_relevant_sentence_keys"),
        overall_supported_explanation=" | ".join(
            j.overall_supported_explanation for j in judgments
        ),
        overall_supported=all(is_supported(s) for s in merged),
        sentence_support_information=tuple(merged),
        all_utilized_sentence_keys=union("all_utilized_sentence_keys"),
        support_score=max(scores) if scores else None,
    )
