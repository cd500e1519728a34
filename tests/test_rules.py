"""Stage 5b: every judgment rule, and the violations it records."""

from __future__ import annotations

from ragjudge.rules import enforce

from .helpers import judgment, keyed


def codes(violations: list) -> list[str]:
    return sorted(v.code for v in violations)


def test_a_clean_judgment_has_no_violations() -> None:
    j, v = enforce(judgment([("a", ["0a"], True), ("b", ["1a"], True)]), keyed())
    assert v == []
    assert [s.fully_supported for s in j.sentence_support_information] == [True, True]


def test_empty_keys_mean_not_fully_supported() -> None:
    j, v = enforce(judgment([("a", [], True), ("b", ["1a"], True)], overall=False), keyed())
    assert codes(v) == ["empty_keys_fully_supported"]
    assert v[0].key == "a"
    assert j.sentence_support_information[0].fully_supported is False


def test_unknown_supporting_keys_are_recorded_and_excluded() -> None:
    obj = judgment([("a", ["0a", "7q", "support_without_sentence"], True), ("b", ["9z"], True)])
    j, v = enforce(obj, keyed())
    assert codes(v).count("unknown_supporting_key") == 3
    assert j.sentence_support_information[0].supporting_sentence_keys == ("0a",)
    # b's only evidence was unknown: it is not supported, so overall true is inconsistent
    assert j.sentence_support_information[1].supporting_sentence_keys == ()
    assert "overall_inconsistent" in codes(v)


def test_special_labels_are_valid_evidence() -> None:
    obj = judgment([("a", ["general"], True), ("b", ["supported_without_sentence"], True)])
    _, v = enforce(obj, keyed())
    assert v == []


def test_missing_sentence_counts_unsupported() -> None:
    j, v = enforce(judgment([("a", ["0a"], True)], overall=False), keyed())
    assert codes(v) == ["missing_sentence"]
    assert [s.response_sentence_key for s in j.sentence_support_information] == ["a", "b"]
    assert j.sentence_support_information[1].fully_supported is False


def test_duplicate_and_unknown_response_keys_are_violations() -> None:
    obj = judgment([("a", ["0a"], True), ("a", [], False), ("b", ["1a"], True), ("z", [], False)])
    j, v = enforce(obj, keyed())
    assert codes(v) == ["duplicate_sentence", "unknown_response_key"]
    assert j.sentence_support_information[0].fully_supported is True  # first entry wins
    assert len(j.sentence_support_information) == 2


def test_overall_supported_is_recorded_not_overridden() -> None:
    j, v = enforce(judgment([("a", ["0a"], True), ("b", [], False)], overall=True), keyed())
    assert codes(v) == ["overall_inconsistent"]
    assert j.overall_supported is True


def test_relevant_and_utilized_keys_are_checked_but_kept_as_returned() -> None:
    obj = judgment(
        [("a", ["0a"], True), ("b", ["1a"], True)],
        relevant=["0a", "0a", "5x"],
        utilized=["1a", "zz"],
    )
    j, v = enforce(obj, keyed())
    assert codes(v) == ["duplicate_relevant_key", "unknown_relevant_key", "unknown_utilized_key"]
    assert j.all_relevant_sentence_keys == ("0a", "0a", "5x")
    assert j.all_utilized_sentence_keys == ("1a", "zz")
