"""Stage 2 support: NLTK's Punkt, set up once per language for the splitter.

English uses the parameters shipped in `ragjudge/data/punkt_en.json`; every other language
uses its own abbreviation list from `ragjudge/data/lang/<code>.json`. Hands a
`PunktSentenceTokenizer` (and its abbreviation table) to the splitter.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import TYPE_CHECKING, Any

from ragjudge.sentences.languages import LANGUAGES, LATIN_LANGUAGES, Rules, rules

if TYPE_CHECKING:
    from nltk.tokenize.punkt import PunktSentenceTokenizer


class _Abbrevs(frozenset[str]):
    """Known abbreviations, plus any dotted letter group such as `u.s.a`, `ph.d`, `e.g`."""

    _dotted = re.compile(r"[a-z]{1,2}(?:\.[a-z]{1,2})+")

    def __contains__(self, item: object) -> bool:
        return super().__contains__(item) or (
            isinstance(item, str) and self._dotted.fullmatch(item) is not None
        )


#: abbreviations every Latin-script language shares (Latin and international ones)
_SHARED_ABBREVS = ("ca", "cf", "dr", "e.g", "etc", "i.e", "prof", "vs", "approx", "fig")


@functools.cache
def tokenizer(lang: str = "en") -> PunktSentenceTokenizer:
    """Punkt for one language (nltk is imported lazily: it is slow to import).

    English uses the shipped parameters in `ragjudge/data/punkt_en.json` (abbreviations,
    frequent sentence starters, orthographic context). Other languages use the abbreviation
    list of their data file and nothing else, so Punkt breaks after every other period and the
    rules around it decide the rest.
    """
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    params = PunktParameters()
    if lang not in LATIN_LANGUAGES or lang == "en":
        raw: dict[str, Any] = json.loads(
            resources.files("ragjudge").joinpath("data/punkt_en.json").read_text("utf-8")
        )
        abbrevs = set(raw["abbrev_types"])
        if lang not in LATIN_LANGUAGES and lang in LANGUAGES:
            abbrevs |= rules(lang).abbreviations
        params.abbrev_types = _Abbrevs(abbrevs)
        params.sent_starters = set(raw["sent_starters"])
        params.collocations = {(a, b) for a, b in raw.get("collocations", [])}
        for word, flags in raw.get("ortho_context", {}).items():
            params.ortho_context[word] = int(flags)
    else:
        params.abbrev_types = _Abbrevs({*rules(lang).abbreviations, *_SHARED_ABBREVS})
    try:
        lang_vars, token_cls = _plain_patterns()
    except (AttributeError, TypeError, re.error):  # an NLTK laid out otherwise: its own patterns
        return PunktSentenceTokenizer(params)
    return PunktSentenceTokenizer(params, lang_vars=lang_vars(), token_cls=token_cls)


@functools.cache
def _plain_patterns() -> tuple[type, type]:
    """Punkt's language variables and token class with its own fixed patterns compiled by the
    standard `re` module.

    NLTK runs every pattern through `nltk.redos`: the third-party `regex` engine under a
    timeout, a backstop meant for patterns a caller supplies. Punkt's patterns are fixed, and
    for them that guard is a fifth of the splitter's time. The pattern texts are taken from
    NLTK's own compiled patterns, so they stay NLTK's; the sentences are the same. Should a
    later NLTK name these parts otherwise, the splitter uses NLTK's tokenizer as it is.
    """
    from nltk.tokenize import punkt

    def plain(timed: Any, flags: int = 0) -> re.Pattern[str]:
        return re.compile(timed.pattern, flags)

    # the patterns depend only on class attributes (the sentence-ending characters): compiled
    # once, from a stock instance's
    stock = punkt.PunktLanguageVars()

    class LangVars(punkt.PunktLanguageVars):  # type: ignore[misc]
        re_boundary_realignment = plain(stock.re_boundary_realignment, re.MULTILINE)
        _plain_word_re = plain(stock._word_tokenizer_re(), re.VERBOSE)
        _plain_period_re = plain(stock.period_context_re(), re.VERBOSE)

        def _word_tokenizer_re(self) -> re.Pattern[str]:
            return self._plain_word_re

        def period_context_re(self) -> re.Pattern[str]:
            return self._plain_period_re

    base = punkt.PunktToken
    non_punct = plain(punkt._re_non_punct)

    class Token(base):  # type: ignore[misc, valid-type]
        __slots__ = ()
        _RE_ELLIPSIS = plain(base._RE_ELLIPSIS)
        _RE_NUMERIC = plain(base._RE_NUMERIC)
        _RE_INITIAL = plain(base._RE_INITIAL)
        _RE_ALPHA = plain(base._RE_ALPHA)

        @property
        def is_non_punct(self) -> Any:
            return non_punct.search(self.type)

    return LangVars, Token


def is_abbrev(word: str, r: Rules | None) -> bool:
    """Whether `word` (lower case, no final period) is an abbreviation in language `r`."""
    return word in tokenizer(r.code if r is not None else "en")._params.abbrev_types
