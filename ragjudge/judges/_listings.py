"""How answers speak of the fields of a business listing (Yelp-style attributes, as
data-to-text prompts give them), for the record reader of the offline judge.

Two things a plain reading of the field names and values misses:

- **Other names of a field.** An overview says "family-friendly" for `GoodForKids`, "a full
  bar" or "cocktails" for `Alcohol`, "a patio" for `OutdoorSeating`. `aliases(name)` gives
  them, so that "a family-friendly spot" affirms `GoodForKids` (and contradicts
  `GoodForKids: False`).
- **Values on a scale.** `NoiseLevel: loud` is not "a quiet atmosphere", `WiFi: paid` is not
  "free WiFi", `RestaurantsPriceRange2: 1` is not "upscale". `scale(name, value)` gives the
  words an answer uses for the value and the words that would state another value of the
  same field.

Every phrase here has at most two content words, as the judge matches them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

#: per field (a pattern over its name in lower case, without spaces, `_` or `-`): its other names
_ALIASES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(pattern), names)
    for pattern, names in (
        (r"forkids|kidfriendly", ("kids", "children", "family friendly", "good for families")),
        (r"alcohol", ("alcoholic", "beer", "wine", "cocktails", "liquor", "full bar")),
        (r"wifi$|internet", ("wifi", "wireless", "internet")),
        (r"hastv|^tv$", ("tv", "tvs", "television")),
        (r"dogsallowed|petsallowed", ("dogs", "dog friendly", "pets", "pet friendly")),
        (r"reservations", ("reservation", "reservations", "booking")),
        (r"outdoorseating", ("patio", "terrace", "outdoor dining", "al fresco")),
        (r"wheelchair", ("wheelchair", "accessible")),
        (r"caters$", ("catering",)),
        (r"bikeparking", ("bike", "bicycle")),
        (r"happyhour", ("happy hour",)),
        (r"goodforgroups", ("groups", "large parties")),
        (r"creditcards", ("credit cards", "cards")),
        (r"attire|dresscode", ("dress", "dress code", "clothing")),
        (r"noiselevel", ("noise", "noisy")),
        (r"pricerange", ("price", "prices", "priced")),
        (r"stars$", ("rating", "rated")),
        (r"ambien[cs]e", ("atmosphere", "ambiance", "vibe")),
    )
)

_CALM = ("quiet", "calm", "peaceful", "tranquil", "serene")
_HIGH_PRICE = ("expensive", "pricey", "upscale", "high end", "luxury", "fine dining")
_LOW_PRICE = ("cheap", "inexpensive", "budget")


@dataclass(frozen=True, slots=True)
class Level:
    """One value of a scale: how answers say it, and what would say another value."""

    #: the words an answer uses for this value
    said: tuple[str, ...]
    #: phrases that state another value of the field
    excludes: tuple[str, ...]
    #: whether the value also says the place has the thing (WiFi that is free or paid), so
    #: that a clause saying it has none contradicts it
    present: bool = False


@dataclass(frozen=True, slots=True)
class Scale:
    #: the field names it reads (as in `_ALIASES`)
    field: re.Pattern[str]
    #: per value as the record writes it (lower case, `_` as a space)
    levels: dict[str, Level]
    #: whether its words name the field by themselves: "quiet" speaks of noise, while "free"
    #: speaks of WiFi only next to "WiFi"
    bound: bool


_SCALES = (
    Scale(
        re.compile(r"wifi|internet"),
        {
            "free": Level(
                ("free", "complimentary", "free of charge"), ("paid", "fee", "extra"), True
            ),
            "paid": Level(("paid", "fee", "charge"), ("free", "complimentary"), True),
        },
        bound=False,
    ),
    Scale(
        re.compile(r"noiselevel"),
        {
            "quiet": Level(_CALM, ("loud", "noisy")),
            "average": Level(("moderate noise",), (*_CALM, "loud", "noisy")),
            "loud": Level(("loud", "noisy", "lively"), _CALM),
            "very loud": Level(("very loud", "noisy", "lively"), _CALM),
        },
        bound=True,
    ),
    Scale(
        re.compile(r"alcohol"),
        {
            "beer and wine": Level(("beer", "wine"), ("full bar", "cocktails", "liquor")),
            "full bar": Level(("full bar", "alcohol", "cocktails", "drinks"), ()),
        },
        bound=True,
    ),
    Scale(
        re.compile(r"attire|dresscode"),
        {
            "casual": Level(("casual",), ("dressy", "formal")),
            "dressy": Level(("dressy", "smart"), ("formal",)),
            "formal": Level(("formal",), ("casual",)),
        },
        bound=False,
    ),
    Scale(
        re.compile(r"pricerange"),
        {
            "1": Level(
                ("inexpensive", "cheap", "budget", "affordable"),
                (*_HIGH_PRICE, "moderately priced", "moderate price", "mid range", "mid priced"),
            ),
            "2": Level(
                ("moderately priced", "moderate", "affordable", "mid range"),
                (*_HIGH_PRICE, *_LOW_PRICE),
            ),
            "3": Level(
                ("expensive", "pricey", "upscale", "high end"),
                (*_LOW_PRICE, "affordable", "moderately priced", "moderate price", "mid range"),
            ),
            "4": Level(
                ("very expensive", "luxury", "upscale", "high end", "fine dining"),
                (*_LOW_PRICE, "affordable", "moderately priced", "moderate price", "mid range"),
            ),
        },
        bound=True,
    ),
)


#: a value that says whether a thing costs extra, whatever the field: "free", "paid, $15 per
#: night", "$15 per night", "extra charge"
_COST = re.compile(
    r"(?:(?P<free>free|complimentary|included)|paid|fee|extra|surcharge|\$\s?\d+)\b", re.IGNORECASE
)
_FREE = Level(("free", "complimentary"), ("paid", "fee", "charge"), True)
_PAID = Level(("paid", "fee", "charge", "extra", "costs"), ("free", "complimentary"), True)


#: groups of yes/no options that together say whether a place offers a thing at all
#: (`BusinessParking: {garage: False, street: True, …}`, `Music: {dj: …, live: …}`); not those
#: that describe it (`Ambience`, `GoodForMeal`), which may all be no of a place with an
#: ambience and meals
_OFFERINGS = re.compile(r"parking$|^music$|dietary")


def _compact(name: str) -> str:
    return re.sub(r"[\s_\-]", "", name).lower()


@lru_cache(maxsize=2048)
def aliases(name: str) -> tuple[str, ...]:
    """Other names answers give the field `name` ("family friendly" for `GoodForKids`)."""
    compact = _compact(name)
    return tuple(a for pattern, names in _ALIASES if pattern.search(compact) for a in names)


@lru_cache(maxsize=4096)
def scale(name: str, value: str) -> tuple[Level, bool] | None:
    """The level of `value` on the scale of the field `name`, and whether the scale's words
    name the field by themselves; None when the field has no scale or the value is not on it."""
    compact = _compact(name)
    key = value.strip().lower().replace("_", " ")
    for s in _SCALES:
        if s.field.search(compact) and key in s.levels:
            return s.levels[key], s.bound
    if m := _COST.match(key):
        # any field's value that says what it costs ("paid, $15 per night", "free")
        return (_FREE if m.group("free") else _PAID), False
    return None


def offering(name: str) -> bool:
    """Whether the yes/no options of the group `name` together say whether a place offers
    the thing it names (parking, music): none of them yes says it does not."""
    return _OFFERINGS.search(_compact(name)) is not None
