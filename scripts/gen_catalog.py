#!/usr/bin/env python3
"""Generate crates/arcs-engine/data/cards.json, the complete Arcs card catalog.

Run from anywhere (paths are resolved relative to this file):

    python3 scripts/gen_catalog.py            # regenerate and verify
    python3 scripts/gen_catalog.py --check    # verify only; exit 1 if the file is stale

Inputs (read-only, expected in ../shared next to the repository root, or
given with --shared DIR):

* seeds/000_851a742c82321f26.txt, from line 1984 ("# Card Reference") to the
  end: one `## Name (ID: ARCS-...)` block per card, rules-text paragraphs, then
  the `*Version:*`, `*Type:*`, `*Suit:*`, `*Fate:*` metadata lines.
* reference/components.json: guild raid costs (base court, campaign court,
  fate guild cards; 0 = printed X, cannot be raided).
* reference/components.md section 8 (texts of LEAD09-LEAD16 and L15-L28) and
  section 11 (Blighted Reach Steward texts missing from the seed).
* reference/campaign-components.md section 7 (Steward verification table and
  the Faithful action card table; the latter supplies F804-F812).
* reference/campaign-components.json: used only for cross-checks (fate guild
  suits, which override two known seed errors, and cards per fate set).

Standard library only; deterministic; exits non-zero when a check fails.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

SEED_NAME = "000_851a742c82321f26.txt"
CARD_REF_FIRST_LINE = 1984  # 1-based line number of "# Card Reference"
EXPECTED_COUNT = 533
OUT_REL = Path("crates/arcs-engine/data/cards.json")

SET_BY_VERSION = {
    "Base": "base",
    "Leaders and Lore": "leaders-lore",
    "Blighted Reach": "blighted-reach",
}
SUITS = ("Material", "Fuel", "Weapon", "Relic", "Psionic")
KIND_SPECIAL = {"Action Card": "action", "Imperial Council": "council"}
KNOWN_KINDS = {
    "setup", "guild", "vox", "lore", "leader", "fate", "law", "edict", "event",
    "objective", "resolution", "title", "ability", "action", "doctrine",
    "economy", "monopoly", "reminder", "summit", "council",
}

SRC_SEED = "seed"
SRC_S8 = "components.md §8"
SRC_S11 = "components.md §11"
SRC_CC7 = "campaign-components.md §7"
SRC_NONE = "none"


class CheckFailed(Exception):
    pass


def fail(msg: str) -> None:
    raise CheckFailed(msg)


# --------------------------------------------------------------------------
# text helpers

def norm_line(line: str) -> str:
    """Whitespace normalisation of one text line (markdown kept)."""
    line = line.replace("\u00a0", " ").replace("\u202f", " ").replace("\t", " ")
    line = re.sub(r" {2,}", " ", line)
    return line.strip()


def norm_text(lines: list[str]) -> str:
    """Paragraphs/lines joined by a single newline, blank lines dropped."""
    return "\n".join(x for x in (norm_line(l) for l in lines) if x)


def norm_name(name: str) -> str:
    """For comparing names across sources (quotes, hyphens, case)."""
    name = name.replace("\u2019", "'").replace("-", " ").lower()
    return re.sub(r"\s+", " ", name).strip()


def section(md: str, number: int, path: str) -> str:
    """Body of the level-2 section `## <number>. ...` of a markdown file."""
    m = re.search(rf"^## {number}\. .*?$(.*?)(?=^## \d+\. |\Z)", md, re.M | re.S)
    if not m:
        fail(f"{path}: section {number} not found")
    return m.group(1)


# --------------------------------------------------------------------------
# seed card reference

CARD_RE = re.compile(r"^## (?P<name>.*?) \(ID: (?P<id>ARCS-[A-Z0-9]+)\)\s*$")
META_RE = re.compile(r"^\*(?P<key>Version|Type|Suit|Fate): (?P<val>.*?)\*\s*$")


def parse_seed(path: Path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").split("\n")
    if len(lines) < CARD_REF_FIRST_LINE or lines[CARD_REF_FIRST_LINE - 1].strip() != "# Card Reference":
        fail(f"{path.name}: line {CARD_REF_FIRST_LINE} is not '# Card Reference'")
    cards: list[dict] = []
    cur = None
    for lineno, raw in enumerate(lines[CARD_REF_FIRST_LINE - 1:], CARD_REF_FIRST_LINE):
        m = CARD_RE.match(raw)
        if m:
            cur = {"id": m["id"], "name": m["name"].strip(), "line": lineno, "body": [], "meta": {}}
            cards.append(cur)
            continue
        if raw.startswith("#"):
            if "(ID:" in raw:
                fail(f"seed line {lineno}: unparsable card heading {raw!r}")
            cur = None  # section heading, not a card
            continue
        if cur is None:
            if raw.strip():
                fail(f"seed line {lineno}: text outside any card: {raw!r}")
            continue
        mm = META_RE.match(raw)
        if mm:
            if mm["key"] in cur["meta"]:
                fail(f"seed line {lineno}: {cur['id']} repeats *{mm['key']}:*")
            cur["meta"][mm["key"]] = mm["val"].strip()
            continue
        if cur["meta"] and raw.strip():
            fail(f"seed line {lineno}: {cur['id']} has text after its metadata: {raw!r}")
        cur["body"].append(raw)
    for c in cards:
        missing = {"Version", "Type", "Suit", "Fate"} - set(c["meta"])
        if missing:
            fail(f"seed line {c['line']}: {c['id']} lacks metadata {sorted(missing)}")
        if c["meta"]["Version"] not in SET_BY_VERSION:
            fail(f"seed line {c['line']}: {c['id']} unknown version {c['meta']['Version']!r}")
    return cards


# --------------------------------------------------------------------------
# reference texts

SYMBOL_RE = re.compile(r"\[([a-z]+)\]")


def ref_text(text: str, symbol_keys: set[str], split_leader_keywords: bool) -> str:
    """Reference bullet text -> catalog text.

    Wording and emphasis are kept; `[arrow]`-style icons become the seed's
    `symbol:arrow` tokens; each ability (leader keyword, Prelude:, Crisis:,
    When Secured:) starts a new line, like the seed's paragraphs."""
    def sym(m: re.Match) -> str:
        return f"`symbol:{m[1]}`" if m[1] in symbol_keys else m[0]

    text = SYMBOL_RE.sub(sym, text.strip())
    text = re.sub(r"(?<=[.)!]) (?=(?:Prelude|Crisis|When Secured): )", "\n", text)
    if split_leader_keywords:
        text = re.sub(r"(?<=[.)!]) (?=\*[A-Z][A-Za-z-]*\.\* )", "\n", text)
    return "\n".join(norm_line(l) for l in text.split("\n") if norm_line(l))


def strip_editorial(text: str) -> tuple[str, list[str]]:
    """Remove the compiler's remarks appended to some §8 lore bullets."""
    notes = []
    m = re.search(r" — \*printed card: (.*)\*$", text)
    if m:
        notes.append(f"printed card wording differs: {m[1]}; catalog uses the current official text")
        text = text[: m.start()]
    m = re.search(r" \*\((Both sources[^)]*)\)\*$", text)
    if m:
        notes.append(f"components.md §8 remark: {m[1]}")
        text = text[: m.start()]
    if re.search(r"printed card|\bsources?\b|\bseed\b", text, re.I):
        fail(f"components.md §8: editorial remark left in text: {text!r}")
    return text, notes


def parse_components_md(path: Path, symbol_keys: set[str]) -> dict[str, dict]:
    md = path.read_text(encoding="utf-8")
    out: dict[str, dict] = {}

    def put(cid: str, name: str, text: str, src: str, notes: list[str]) -> None:
        if cid in out:
            fail(f"{path.name}: two texts for {cid}")
        out[cid] = {"name": name, "text": text, "source": src, "notes": notes}

    s8 = section(md, 8, path.name)
    for m in re.finditer(r"^\* \*\*(?P<name>[^*]+?) \((?P<id>ARCS-LEAD\d+)\)\*\* — (?P<text>.+)$", s8, re.M):
        put(m["id"], m["name"], ref_text(m["text"], symbol_keys, True), SRC_S8, [])
    for m in re.finditer(r"^\* \*\*L(?P<num>\d+) (?P<name>[^*]+?)\*\* — (?P<text>.+)$", s8, re.M):
        text, notes = strip_editorial(m["text"])
        put(f"ARCS-L{int(m['num']):02d}", m["name"], ref_text(text, symbol_keys, False), SRC_S8, notes)

    s11 = section(md, 11, path.name)
    bullet_re = re.compile(
        r"^\* \*\*ARCS-(?P<ids>F\d+(?: / F\d+)*) (?P<name>[^(*]+?)"
        r"(?: \((?P<meta>[^)]*)\))?(?P<extra> — [^*]*)?\*\* — (?P<text>.+)$",
        re.M,
    )
    seen_bullets = 0
    for m in re.finditer(bullet_re, s11):
        seen_bullets += 1
        ids = [f"ARCS-{x}" for x in m["ids"].split(" / ")]
        notes = []
        if len(ids) > 1:
            notes.append(f"components.md §11 gives one text for {' / '.join(ids)}")
        for cid in ids:
            put(cid, m["name"], ref_text(m["text"], symbol_keys, False), SRC_S11, list(notes))
    # The F804…F812 bullet is not a rules text; those cards come from
    # campaign-components.md §7 (see parse_campaign_md).
    all_bullets = len(re.findall(r"^\* \*\*ARCS-", s11, re.M))
    range_bullets = len(re.findall(r"^\* \*\*ARCS-F\d+…F\d+ ", s11, re.M))
    if seen_bullets + range_bullets != all_bullets:
        fail(f"{path.name} §11: {all_bullets - seen_bullets - range_bullets} unparsed bullet(s)")
    return out


def parse_campaign_md(path: Path) -> dict[str, dict]:
    """campaign-components.md §7: the Faithful action card table.

    (Its Steward table has no texts: it only confirms components.md §11.)"""
    md = path.read_text(encoding="utf-8")
    s7 = section(md, 7, path.name)
    out: dict[str, dict] = {}
    row_re = re.compile(
        r"^\| (?P<num>\d) \| (?P<pips>\d) \| (?P<zeal>[^|]+?) \| (?P<wisdom>[^|]+?) \| "
        r"(?P<amb>[^|]+?) \| (?P<id>ARCS-F\d+) \|$",
        re.M,
    )
    for m in row_re.finditer(s7):
        n, pips = int(m["num"]), int(m["pips"])
        text = (
            f"Faithful action card {n}, {pips} pip{'s' if pips != 1 else ''}. "
            f"Zeal end (red): {m['zeal']}. Wisdom end (blue): {m['wisdom']}. "
            f"Ambition icon: {m['amb']}."
        )
        out[m["id"]] = {
            "name": "Faithful Action Card",
            "text": text,
            "source": SRC_CC7,
            "notes": [
                "no printed rules text: text describes the card face, generated from the "
                "table in campaign-components.md §7 (rules are on F813 Faithful Cards and "
                "F814 Pluralistic Faith); the id for each number is only a convention"
            ],
        }
    if len(out) != 9:
        fail(f"{path.name} §7: expected 9 Faithful action card rows, found {len(out)}")
    return out


# --------------------------------------------------------------------------
# build


# Card names the seed's headings misprint, with the evidence.
NAME_FIXES = {
    "ARCS-F502": (
        "Golem Beacon",
        "the Caretaker's Act I Setup and Resolution call it Golem Beacon (02)",
    ),
}


def build(shared: Path, report: list[str]) -> dict:
    seed_path = shared / "seeds" / SEED_NAME
    ref = shared / "reference"
    comp = json.loads((ref / "components.json").read_text(encoding="utf-8"))
    camp = json.loads((ref / "campaign-components.json").read_text(encoding="utf-8"))

    raw = parse_seed(seed_path)
    if len(raw) != EXPECTED_COUNT:
        fail(f"seed has {len(raw)} cards, expected {EXPECTED_COUNT}")

    seed_text_all = seed_path.read_text(encoding="utf-8")
    symbol_keys = set(re.findall(r"`symbol:([a-z]+)`", seed_text_all))
    fills = parse_components_md(ref / "components.md", symbol_keys)
    fills.update(parse_campaign_md(ref / "campaign-components.md"))

    fate_names = {c["name"] for c in raw if c["meta"]["Type"] == "Fate"}
    if len(fate_names) != 24:
        fail(f"expected 24 Fate cards, found {len(fate_names)}")

    gr = comp["guild_raid_costs"]
    raid = {}
    ref_court = {}
    for group in ("base_court", "campaign_court"):
        for e in gr[group]:
            raid[e["id"]] = e["raid_cost_keys"]
            ref_court[e["id"]] = e
    for cid, keys in gr["fate_guild_cards"].items():
        if cid in raid:
            fail(f"components.json: raid cost for {cid} given twice")
        raid[cid] = keys
    ref_fate_suit = {e["id"]: e["suit"].lower() for e in camp["fate_guild_cards"]}

    # duplicate ids
    by_id = collections.defaultdict(list)
    for i, c in enumerate(raw):
        by_id[c["id"]].append(i)
    dups = {cid: idx for cid, idx in by_id.items() if len(idx) > 1}

    cards = []
    used_raid = set()
    for c in raw:
        meta = c["meta"]
        types = [t.strip() for t in meta["Type"].split(",") if t.strip() != "Blighted Reach"]
        notes: list[str] = []

        t = types[1:] if types[0] == "Court" else types
        kind = KIND_SPECIAL.get(t[0], t[0].lower().replace(" ", "-"))

        # suit: *Suit:* line, or the suit named in the Type list (Blighted Reach format)
        type_suits = [x for x in types if x in SUITS]
        if len(type_suits) > 1:
            fail(f"{c['id']}: several suits in Type {types}")
        suit = meta["Suit"] if meta["Suit"] != "None" else (type_suits[0] if type_suits else None)
        if meta["Suit"] != "None" and type_suits and type_suits[0] != meta["Suit"]:
            fail(f"{c['id']}: *Suit:* {meta['Suit']} contradicts Type {types}")
        if suit is not None and suit not in SUITS:
            fail(f"{c['id']}: unknown suit {suit!r}")
        suit = suit.lower() if suit else None

        # fate: *Fate:* line, or the fate named in the Type list
        type_fates = [x for x in types if x in fate_names]
        if meta["Fate"] != "None":
            fate = meta["Fate"]
            if type_fates and type_fates != [fate]:
                fail(f"{c['id']}: *Fate:* {fate} contradicts Type {types}")
        else:
            fate = type_fates[0] if len(type_fates) == 1 else None
            if len(type_fates) > 1:
                fail(f"{c['id']}: several fates in Type {types}")
        if fate is not None and fate not in fate_names:
            fail(f"{c['id']}: unknown fate {fate!r}")
        leftover = [x for x in t[1:] if x not in SUITS and x not in fate_names]
        if leftover:
            report.append(f"note: {c['id']} has unexpected Type entries {leftover}")

        # known seed suit errors: the reference (card images) wins
        if c["id"] in ref_fate_suit and suit != ref_fate_suit[c["id"]]:
            notes.append(
                f"seed suit {suit!r} corrected to {ref_fate_suit[c['id']]!r} "
                "(card image, LEDER and HRF; campaign-components.md §4/§9)"
            )
            report.append(f"suit fixed: {c['id']} {c['name']}: seed {suit} -> {ref_fate_suit[c['id']]}")
            suit = ref_fate_suit[c["id"]]

        # raid cost
        raid_cost = None
        if kind == "guild":
            if c["id"] not in raid:
                fail(f"{c['id']} {c['name']}: guild card without a raid cost in components.json")
            raid_cost = raid[c["id"]]
            used_raid.add(c["id"])
            if suit is None:
                fail(f"{c['id']}: guild card without suit")
        elif c["id"] in raid:
            fail(f"{c['id']}: has a raid cost but kind is {kind!r}")

        # text
        text = norm_text(c["body"])
        src = SRC_SEED if text else SRC_NONE
        if c["id"] in dups:
            others = [raw[j] for j in dups[c["id"]] if raw[j] is not c]
            for o in others:
                if (o["name"], o["meta"]) != (c["name"], c["meta"]):
                    fail(f"duplicate id {c['id']} with different name/metadata (lines {c['line']}, {o['line']})")
            other_lines = ", ".join(str(o["line"]) for o in others)
            if not text:
                full = [o for o in others if norm_text(o["body"])]
                if full:
                    text = norm_text(full[0]["body"])
                    src = SRC_SEED
                    notes.append(
                        f"duplicate id: empty stub at seed line {c['line']}; the same card "
                        f"appears with text at seed line {full[0]['line']}, text copied from there"
                    )
                else:
                    notes.append(f"duplicate id: also at seed line(s) {other_lines}")
            else:
                notes.append(
                    f"duplicate id: this full entry is at seed line {c['line']}; an empty stub "
                    f"with the same id is at seed line(s) {other_lines}"
                )
        if not text and c["id"] in fills:
            f = fills[c["id"]]
            if norm_name(f["name"]) != norm_name(c["name"]):
                fail(f"{c['id']}: reference name {f['name']!r} != seed name {c['name']!r}")
            text, src = f["text"], f["source"]
            notes.extend(f["notes"])

        # known seed name misprints: the card's own Fate Set names it
        name = c["name"]
        if c["id"] in NAME_FIXES:
            name, why = NAME_FIXES[c["id"]]
            notes.append(f"seed heading {c['name']!r} corrected to {name!r} ({why})")
            report.append(f"name fixed: {c['id']} {c['name']} -> {name}")

        card = {
            "id": c["id"],
            "name": name,
            "set": SET_BY_VERSION[meta["Version"]],
            "kind": kind,
            "types": types,
            "suit": suit,
            "fate": fate,
            "raid_cost": raid_cost,
            "text": text,
            "text_source": src,
        }
        if notes:
            card["note"] = "; ".join(notes)
        cards.append(card)

    unused = sorted(set(raid) - used_raid)
    if unused:
        fail(f"components.json raid costs for ids that are not guild cards: {unused}")
    unused_fills = sorted(k for k in fills if not any(c["id"] == k and c["text_source"] == fills[k]["source"] for c in cards))
    for k in unused_fills:
        report.append(f"note: reference text for {k} not used (seed already has text)")

    for cid, idx in sorted(dups.items()):
        report.append(
            f"duplicate id {cid} ({raw[idx[0]]['name']}) at seed lines "
            + ", ".join(str(raw[i]["line"]) for i in idx)
        )

    # court cross-checks against components.json
    by = {c["id"]: c for c in cards}
    for cid, e in ref_court.items():
        c = by.get(cid)
        if c is None:
            fail(f"components.json court card {cid} not in seed")
        if c["suit"] != e["suit"].lower():
            fail(f"{cid}: suit {c['suit']} != components.json {e['suit']}")
        if norm_name(c["name"]) != norm_name(e["name"]):
            report.append(f"name differs: {cid} seed {c['name']!r} vs components.json {e['name']!r}")
        elif c["name"] != e["name"]:
            report.append(f"name spelling: {cid} seed {c['name']!r} vs components.json {e['name']!r}")

    return {
        "generated_by": "scripts/gen_catalog.py",
        "source": f"{SEED_NAME} lines {CARD_REF_FIRST_LINE}-end + components.md §8/§11 + campaign-components.md §7",
        "count": len(cards),
        "cards": cards,
    }, camp


def verify(catalog: dict, camp: dict, report: list[str]) -> None:
    cards = catalog["cards"]
    if catalog["count"] != EXPECTED_COUNT or len(cards) != EXPECTED_COUNT:
        fail(f"catalog has {len(cards)} cards, expected {EXPECTED_COUNT}")
    by = {}
    for c in cards:
        by.setdefault(c["id"], c)

    # base court
    kinds = collections.Counter()
    for n in range(1, 32):
        cid = f"ARCS-BC{n:02d}"
        c = by.get(cid)
        if c is None:
            fail(f"{cid} missing")
        kinds[c["kind"]] += 1
        if n <= 25:
            if c["kind"] != "guild" or c["types"] != ["Court", "Guild"]:
                fail(f"{cid}: expected a Court Guild card, got {c['kind']} {c['types']}")
            if c["suit"] is None or not isinstance(c["raid_cost"], int) or c["raid_cost"] < 1:
                fail(f"{cid}: bad suit/raid cost {c['suit']} {c['raid_cost']}")
        else:
            if c["kind"] != "vox" or c["suit"] is not None or c["raid_cost"] is not None:
                fail(f"{cid}: expected Vox without suit/raid cost, got {c['kind']} {c['suit']} {c['raid_cost']}")
    if kinds != {"guild": 25, "vox": 6}:
        fail(f"base court kinds {dict(kinds)}")

    # leaders and lore have text
    for prefix, rng in (("ARCS-LEAD", range(1, 17)), ("ARCS-L", range(1, 29))):
        for n in rng:
            cid = f"{prefix}{n:02d}"
            if cid not in by or not by[cid]["text"]:
                fail(f"{cid} missing or without text")
            if by[cid]["kind"] not in ("leader", "lore"):
                fail(f"{cid}: kind {by[cid]['kind']}")

    # every card: schema sanity
    for c in cards:
        if c["kind"] not in KNOWN_KINDS:
            report.append(f"note: {c['id']} has non-standard kind {c['kind']!r}")
        if (c["kind"] == "guild") != (c["raid_cost"] is not None):
            fail(f"{c['id']}: raid_cost/kind mismatch")
        if c["set"] == "blighted-reach" and c["id"].startswith("ARCS-F") and c["fate"] is None:
            fail(f"{c['id']}: fate card set without fate")
        if (c["text"] == "") != (c["text_source"] == SRC_NONE):
            fail(f"{c['id']}: text/text_source mismatch")
        if c["text"] != c["text"].strip() or "\n\n" in c["text"] or re.search(r"[ \u00a0]\n|\n ", c["text"]):
            fail(f"{c['id']}: text whitespace not normalised")

    # cards per fate set (A/B sides merged, duplicate ids once) vs campaign-components.json
    per_fate = collections.defaultdict(set)
    for c in cards:
        m = re.fullmatch(r"ARCS-(F\d+)[AB]?", c["id"])
        if m and c["fate"]:
            per_fate[c["fate"]].add(m[1])
    expected = camp.get("fate_set_physical_cards", {})
    bad = 0
    for fate, n in expected.items():
        if len(per_fate.get(fate, ())) != n:
            bad += 1
            report.append(f"fate set {fate}: {len(per_fate.get(fate, ()))} cards in catalog, "
                          f"{n} physical cards per campaign-components.json")
    if expected and not bad:
        report.append(f"check: cards per fate set (A/B sides merged, duplicate ids once) match "
                      f"campaign-components.json for all {len(expected)} fates")


def summary(catalog: dict, report: list[str]) -> str:
    cards = catalog["cards"]
    out = []
    ids = [c["id"] for c in cards]
    out.append(f"cards: {len(cards)} entries, {len(set(ids))} unique ids")
    by_set = collections.Counter(c["set"] for c in cards)
    for s in ("base", "leaders-lore", "blighted-reach"):
        kinds = collections.Counter(c["kind"] for c in cards if c["set"] == s)
        out.append(f"  {s}: {by_set[s]}  " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    allk = collections.Counter(c["kind"] for c in cards)
    out.append("  all kinds: " + ", ".join(f"{k} {n}" for k, n in sorted(allk.items())))
    srcs = collections.Counter(c["text_source"] for c in cards)
    out.append("text_source: " + ", ".join(f"{k} {n}" for k, n in sorted(srcs.items())))
    bc = [c for c in cards if re.fullmatch(r"ARCS-BC\d\d", c["id"])]
    out.append(
        "base court BC01-BC31: "
        + ", ".join(f"{k} {n}" for k, n in sorted(collections.Counter(c["kind"] for c in bc).items()))
        + "; suits/raid costs match components.json"
    )
    out.append("LEAD01-LEAD16, L01-L28: all have text")
    empty = [c for c in cards if not c["text"]]
    setup_empty = [c["id"] for c in empty if c["kind"] == "setup"]
    other_empty = [c for c in empty if c["kind"] != "setup"]
    out.append(f"empty text: {len(setup_empty)} setup cards ({', '.join(setup_empty)})")
    out.append(f"empty text, not setup: {len(other_empty)}")
    for c in other_empty:
        out.append(f"  {c['id']} {c['name']} ({c['kind']})")
    if report:
        out.append("notes:")
        out.extend(f"  {r}" for r in report)
    return "\n".join(out)


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=root.parent / "shared",
                    help="directory holding seeds/ and reference/ (default: ../shared beside the repo)")
    ap.add_argument("--check", action="store_true", help="do not write; fail if the output is stale")
    args = ap.parse_args()

    report: list[str] = []
    try:
        catalog, camp = build(args.shared, report)
        verify(catalog, camp, report)
    except CheckFailed as e:
        print(f"gen_catalog: CHECK FAILED: {e}", file=sys.stderr)
        return 1
    except (OSError, ValueError, KeyError) as e:
        print(f"gen_catalog: cannot read inputs under {args.shared}: {e!r}", file=sys.stderr)
        return 1

    data = json.dumps(catalog, indent=1, ensure_ascii=False) + "\n"
    out = root / OUT_REL
    if args.check:
        old = out.read_text(encoding="utf-8") if out.exists() else None
        if old != data:
            print(f"gen_catalog: {OUT_REL} is stale; run python3 scripts/gen_catalog.py", file=sys.stderr)
            return 1
        print(f"{OUT_REL} is up to date")
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        with open(out, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(data)
        print(f"wrote {OUT_REL}")
    print(summary(catalog, report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
