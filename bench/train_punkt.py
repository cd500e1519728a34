"""Build `ragjudge/data/punkt_en.json`, the English Punkt parameters of the sentence splitter.

The abbreviations and sentence starters below are written by hand. Sentence starters also get
orthographic flags ("seen capitalised at a sentence start, seen lowercase inside one"), which
is what lets Punkt split after an abbreviation or an initial when a common word follows
(`… the U.S. How about …`, `… you and I. Did you …`).

With `--train` the script also runs NLTK's `PunktTrainer` over the English RAGBench documents
in ../shared/data and adds the abbreviations it learns (filtered) — off by default because on
our gold set it did not help (see the report printed by bench/bench_split.py).

    python bench/train_punkt.py            # hand-built parameters only
    python bench/train_punkt.py --train    # plus abbreviations learnt from RAGBench
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "ragjudge" / "data" / "punkt_en.json"

# Orthographic context flags, as NLTK's punkt module numbers them.
ORTHO_BEG_UC = 1 << 1
ORTHO_MID_LC = 1 << 5


def _words(text: str) -> list[str]:
    return text.split()


ABBREVIATIONS = _words(
    """
mr mrs ms messrs mme mlle dr drs prof profs sr jr st mt ft rev hon gen col lt maj sgt cpl capt
cmdr adm gov sen rep pres supt insp fr e.g i.e etc vs viz cf al approx ca misc incl excl resp
dept div corp inc ltd co bros assn assoc univ inst natl intl govt fig figs eq eqs ref refs vol
vols no nos nr p pp ch chap sec sect para ed eds suppl op cit ibid ms mss jan feb mar apr jun
jul aug sep sept oct nov dec mon tue tues thu thur thurs fri hr hrs mins secs yr yrs mo mos wk
wks lb lbs oz pt pts qt mi ave blvd rd hwy apt ste bldg fl rm a.m p.m b.c a.d b.c.e c.e ph.d m.d
b.a m.a b.sc m.sc ll.b d.c u.s u.s.a u.k u.n e.u n.y calif penn fla tex ariz colo conn kan ky md
mich minn mont neb nev okla pa tenn va vt wis wyo esq tel ext attn encl ver
"""
)
# left out on purpose, being everyday words that often end a sentence:
# art avg cert cu det dia dist est gal mass max min ore ser sq std temp trans

SENT_STARTERS = _words(
    """
the a an this that these those it its he she they we i you there here his her their our my your
in on at for but and or so if when while after before as however although though then thus
therefore also some many most all each every no not one two three what why how where who which
yes let please to with from by during since because once both such other another further
moreover furthermore finally first second third next now today yet still even only instead
meanwhile overall additionally similarly indeed perhaps unlike despite according based click
press select see note make do did does is are was were can could would should will may might
must have has had in-addition nevertheless nonetheless otherwise hence consequently besides
likewise again always never often sometimes usually generally typically specifically currently
recently initially later afterwards eventually soon then tomorrow yesterday tonight
"""
)


def build(train: bool) -> dict[str, object]:
    abbrevs = set(ABBREVIATIONS)
    if train:
        abbrevs |= learnt_abbreviations()
    starters = sorted(set(SENT_STARTERS))
    return {
        "abbrev_types": sorted(abbrevs),
        "sent_starters": starters,
        "collocations": [],
        "ortho_context": {w: ORTHO_BEG_UC | ORTHO_MID_LC for w in starters},
    }


def learnt_abbreviations() -> set[str]:
    """Abbreviations PunktTrainer finds in the English RAGBench documents (short ones only)."""
    import pandas as pd
    from nltk.tokenize.punkt import PunktTrainer

    trainer = PunktTrainer()
    for path in sorted((ROOT.parent / "shared" / "data").glob("ragbench-*/*/*.parquet")):
        frame = pd.read_parquet(path, columns=["documents"])
        text = "\n\n".join(doc for docs in frame["documents"] for doc in docs)
        trainer.train(text, finalize=False)
    trainer.finalize_training()
    params = trainer.get_params()
    return {a for a in params.abbrev_types if len(a.replace(".", "")) <= 4 and a.isascii()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", action="store_true", help="add abbreviations learnt from data")
    args = parser.parse_args()
    data = build(args.train)
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(data['abbrev_types'])} abbreviations)")


if __name__ == "__main__":
    main()
