"""Stage 5a: extracting, normalising and schema-validating judge replies."""

from __future__ import annotations

import json

from ragjudge.validate import extract_json, parse_reply, repair_request, schema_errors

from .helpers import judgment

GOOD = judgment([("a", ["0a"], True), ("b", ["1a"], True)])


def test_plain_json_is_valid() -> None:
    parsed = parse_reply(json.dumps(GOOD))
    assert parsed.valid
    assert parsed.normalisations == []


def test_code_fence_text_around_and_bom_are_handled() -> None:
    text = "\ufeffHere is my judgment:\n```json\n" + json.dumps(GOOD) + "\n```\nHope it helps {}"
    parsed = parse_reply(text)
    assert parsed.valid
    assert parsed.obj == GOOD


def test_largest_object_wins_over_a_stray_brace_pair() -> None:
    obj, err = extract_json('Note {"x": 1} then ' + json.dumps(GOOD))
    assert err is None and obj == GOOD


def test_no_json_is_an_error_not_an_exception() -> None:
    for text in ("", "   ", "I cannot judge this.", '{"unterminated": '):
        parsed = parse_reply(text)
        assert not parsed.valid
        assert parsed.errors


def test_unambiguous_values_are_normalised_and_recorded() -> None:
    obj = judgment([("a", "0a", "true"), ("b", None, "False")], overall="yes")
    obj["sentence_support_information"][1]["supporting_sentence_keys"] = None
    parsed = parse_reply(json.dumps(obj))
    assert parsed.valid, parsed.errors
    assert parsed.obj["overall_supported"] is True
    first, second = parsed.obj["sentence_support_information"]
    assert first["supporting_sentence_keys"] == ["0a"]
    assert first["fully_supported"] is True
    assert second["supporting_sentence_keys"] == []
    assert second["fully_supported"] is False
    codes = sorted(v.code for v in parsed.normalisations)
    assert codes == [
        "normalised_boolean",
        "normalised_boolean",
        "normalised_boolean",
        "normalised_list",
        "normalised_list",
    ]
    assert {v.key for v in parsed.normalisations} == {None, "a", "b"}


def test_schema_errors_name_the_path() -> None:
    obj = judgment([("a", ["0a"], "maybe")])
    del obj["all_utilized_sentence_keys"]
    errors = schema_errors(obj)
    assert any("sentence_support_information[0].fully_supported" in e for e in errors)
    assert any("all_utilized_sentence_keys" in e for e in errors)
    parsed = parse_reply(json.dumps(obj))
    assert not parsed.valid


def test_repair_request_lists_the_errors() -> None:
    text = repair_request(["overall_supported: 'x' is not of type 'boolean'"])
    assert "overall_supported: 'x' is not of type 'boolean'" in text
    assert "JSON" in text
