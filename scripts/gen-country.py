#!/usr/bin/env python3
"""Generate keymaps/data/country.tsv: the `country` picker's list of ISO 3166-1 countries and territories.

One row per alpha-2 code that ISO 3166-1 assigns (249), sorted by code:

    value         alpha-2, upper case (DE)
    label         flag, English name, Chinese name, calling code (🇩🇪 Germany 德国 +49)
    label_zh      the same with the Chinese name first (🇩🇪 德国 Germany +49), the label under a Chinese locale
    aliases       alpha-3, numeric, the code users write where ISO 3166-1 reserves it (UK for GB, EL for GR),
                  English name, Chinese name, calling code, the ISO 3166-1 English short name
                  and common name where they differ (Viet Nam, Korea, Republic of), the English names without
                  accents (Côte d’Ivoire -> Cote d'Ivoire), full pinyin of the Chinese name (deguo) and its
                  initials (dg)
    parent        empty (one level)
    flag          the two regional-indicator symbols of the alpha-2 code
    name_en       CLDR English name (locale en)
    name_zh       CLDR Chinese name (locale zh)
    alpha3        ISO 3166-1 alpha-3
    numeric       ISO 3166-1 numeric, 3 digits
    calling_code  +NN from libphonenumber, empty where it has none (AQ BV GS HM PN TF UM)

Sources, all read through PyPI packages pinned below so that the output depends on them only:
    pycountry 26.2.16 (LGPL-2.1-only): its bundled copy of Debian's iso-codes ISO 3166-1 data gives the codes
        and the ISO English names used as aliases.
        CLDR's own region codes that ISO 3166-1 does not assign (EU EZ UN XK XA XB AC CP CQ DG EA IC QO TA ZZ)
        are not in that list, so they are not rows.
    babel 2.18.0 (BSD-3-Clause; the CLDR 47 data inside it is under the Unicode License v3): names, locales en
        and zh, as babel gives them (it keeps CLDR's standard names only, not the alt="short"/"variant" forms).
    phonenumbers 9.0.43 (Apache-2.0; libphonenumber's metadata): country_code_for_region.
    pypinyin 0.55.0 (MIT; its dictionaries come from pinyin-data and phrase-pinyin-data, MIT): pinyin, with the
        small override table PINYIN_FIXES below for readings its phrase dictionary gets wrong. ü is written v
        (lv), as on a pinyin keyboard.

An alias that would equal (ignoring case) a code or name of another row is left out, so that every code and
name identifies exactly one country (e.g. 古巴's initials `gb` would collide with GB); the ones left out are
listed in the file's header. Calling codes are the exception: several countries share one (+1, +7, +44 ...),
so `+1` finds all of them.

Requirements (`make test-oracles` installs them into .test-python/; `make generate` runs this script):
    python3 -m pip install --upgrade --target .test-python babel==2.18.0 pycountry==26.2.16 phonenumbers==9.0.43 pypinyin==0.55.0
    PYTHONPATH=.test-python python3 scripts/gen-country.py

Usage: scripts/gen-country.py [output-path]
"""

import hashlib
import importlib.metadata
import os
import sys
import unicodedata

PINS = {"babel": "2.18.0", "pycountry": "26.2.16", "phonenumbers": "9.0.43", "pypinyin": "0.55.0"}
CLDR_VERSION = "47"
GENERATED = "2026-11-22"   # the date written in the header; change it when the pins change
COMMAND = ("python3 -m pip install --upgrade --target .test-python "
           + " ".join(f"{k}=={v}" for k, v in PINS.items())
           + " && PYTHONPATH=.test-python python3 scripts/gen-country.py")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "keymaps", "data", "country.tsv")

COLUMNS = ["value", "label", "label_zh", "aliases", "parent",
           "flag", "name_en", "name_zh", "alpha3", "numeric", "calling_code"]

# Codes users write for a country that ISO 3166-1 does not assign but keeps as "exceptional reservations" at the
# request of that country or an international body, so they never name another: UK (the United Kingdom's own
# abbreviation, reserved for GB) and EL (Greece's code in the EU's usage, reserved for GR). Aliases of the row
# they stand for, right after its alpha-3 and numeric codes.
EXCEPTIONAL_RESERVATIONS = {"GB": ["UK"], "GR": ["EL"]}

# Readings pypinyin 0.55.0 gets wrong in these names (checked by hand against the standard transcriptions):
# 勒 is lè in transliterations, not lēi; 都 in 洪都拉斯 is dū; 佛 in 佛得角 is fó. Each key is replaced by its
# syllables wherever it occurs in a name; the rest of the name goes through pypinyin.
PINYIN_FIXES = {
    "佛得角": ["fo", "de", "jiao"],
    "洪都拉斯": ["hong", "du", "la", "si"],
    "加勒比": ["jia", "le", "bi"],
    "泰勒米": ["tai", "le", "mi"],
    "赫勒拿": ["he", "le", "na"],
}

# Readings the summary prints and asserts (country name -> full pinyin).
PINYIN_EXPECTED = {
    "德国": "deguo", "秘鲁": "bilu", "佛得角": "fodejiao", "卡塔尔": "kataer", "塞浦路斯": "saipulusi",
    "柬埔寨": "jianpuzhai", "朝鲜": "chaoxian", "喀麦隆": "kamailong", "洪都拉斯": "hongdulasi",
    "荷属加勒比区": "heshujialebiqu", "圣巴泰勒米": "shengbatailemi", "圣赫勒拿": "shenghelena",
    "阿拉伯联合酋长国": "alabolianheqiuzhangguo", "刚果（金）": "gangguojin",
    "中国香港特别行政区": "zhongguoxianggangtebiexingzhengqu", "乍得": "zhade", "哈萨克斯坦": "hasakesitan",
}


def check_pins():
    """Refuse to run with other versions: the file must match one set of releases."""
    wrong = []
    for name, wanted in PINS.items():
        try:
            have = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            have = None
        if have != wanted:
            wrong.append(f"{name}=={wanted} (found {have or 'none'})")
    if wrong:
        sys.exit("gen-country.py: needs " + ", ".join(wrong) + "\n  " + COMMAND)


def pinyin_syllables(text):
    """Toneless pinyin syllables of the Han characters in `text` (other characters dropped), with PINYIN_FIXES."""
    from pypinyin import Style, lazy_pinyin
    out = []
    i = 0
    plain_start = 0
    keys = sorted(PINYIN_FIXES, key=len, reverse=True)

    def plain(segment):
        for s in lazy_pinyin(segment, style=Style.NORMAL, errors="ignore"):
            s = "".join(ch for ch in s.lower() if "a" <= ch <= "z")
            if s:
                out.append(s)

    while i < len(text):
        key = next((k for k in keys if text.startswith(k, i)), None)
        if key is None:
            i += 1
            continue
        plain(text[plain_start:i])
        out.extend(PINYIN_FIXES[key])
        i += len(key)
        plain_start = i
    plain(text[plain_start:])
    return out


def flag_of(alpha2):
    return "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in alpha2)


def ascii_fold(name):
    """`Côte d’Ivoire` -> `Cote d'Ivoire`: accents dropped, typographic apostrophe made ASCII."""
    name = name.replace("\u2019", "'")
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def clean(cell):
    """A cell must hold no TAB, `|` or control character, and no leading/trailing space."""
    bad = [ch for ch in cell if ch in "\t|" or unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")]
    if bad or cell != cell.strip() or "  " in cell:
        raise SystemExit(f"gen-country.py: unusable cell {cell!r}")
    return cell


def build_rows():
    import phonenumbers
    import pycountry
    from babel import Locale
    from babel.core import get_cldr_version

    if get_cldr_version() != CLDR_VERSION:
        sys.exit(f"gen-country.py: babel has CLDR {get_cldr_version()}, expected {CLDR_VERSION}")
    en = Locale("en").territories
    zh = Locale("zh").territories

    base = []
    for c in sorted(pycountry.countries, key=lambda c: c.alpha_2):
        a2 = c.alpha_2
        code = phonenumbers.country_code_for_region(a2)
        base.append({
            "value": a2,
            "flag": flag_of(a2),
            "name_en": en[a2],
            "name_zh": zh[a2],
            "alpha3": c.alpha_3,
            "numeric": f"{int(c.numeric):03d}",
            "calling_code": f"+{code}" if code else "",
            "iso_names": [c.name] + ([c.common_name] if hasattr(c, "common_name") else []),
        })

    # Terms that must identify exactly one row: its codes and names.
    owner = {}
    for i, r in enumerate(base):
        for term in (r["value"], r["alpha3"], r["numeric"], r["name_en"], r["name_zh"]):
            owner.setdefault(term.lower(), set()).add(i)
    shared = {t: rows for t, rows in owner.items() if len(rows) > 1}
    if shared:
        sys.exit(f"gen-country.py: codes or names shared by rows: {shared}")

    rows, dropped = [], []
    for i, r in enumerate(base):
        label = " ".join(x for x in (r["flag"], r["name_en"], r["name_zh"], r["calling_code"]) if x)
        label_zh = " ".join(x for x in (r["flag"], r["name_zh"], r["name_en"], r["calling_code"]) if x)
        syllables = pinyin_syllables(r["name_zh"])
        english = [r["name_en"]] + r["iso_names"]
        candidates = ([r["alpha3"], r["numeric"]] + EXCEPTIONAL_RESERVATIONS.get(r["value"], [])
                      + [r["name_en"], r["name_zh"], r["calling_code"]]
                      + r["iso_names"] + [ascii_fold(n) for n in english]
                      + ["".join(syllables), "".join(s[0] for s in syllables)])
        seen = {label.lower(), label_zh.lower(), r["value"].lower()}
        aliases = []
        for a in candidates:
            if not a or a.lower() in seen:
                continue
            others = owner.get(a.lower(), set()) - {i}
            if others:
                dropped.append((r["value"], a, sorted(base[j]["value"] for j in others)))
                continue
            seen.add(a.lower())
            aliases.append(a)
        row = {k: v for k, v in r.items() if k != "iso_names"}
        row.update(label=label, label_zh=label_zh, aliases="|".join(aliases), parent="")
        for k in COLUMNS:
            for cell in (aliases if k == "aliases" else [row[k]]):
                clean(cell)
        rows.append(row)
    return rows, dropped


def checksum_lines(table):
    """The header's last two lines: the data rows (column-name row excluded) and the SHA-256 of the UTF-8 bytes
    of every line after the comment block (the column-name row and the data rows, each ending in LF)."""
    digest = hashlib.sha256("".join(line + "\n" for line in table).encode("utf-8")).hexdigest()
    return [f"# Row count: {len(table) - 1}", f"# Rows SHA-256: {digest}"]


def render(rows, dropped):
    import pycountry
    no_code = " ".join(r["value"] for r in rows if not r["calling_code"])
    lines = [
        "# country.tsv: every ISO 3166-1 country and territory (249 alpha-2 codes), for the `country` picker.",
        f"# Generated {GENERATED} by scripts/gen-country.py; do not edit. Regenerate with `make generate`, or:",
        f"#   {COMMAND}",
        "# Sources: ISO 3166-1 (pycountry / Debian iso-codes), Unicode CLDR (babel), libphonenumber (phonenumbers),",
        "#   pypinyin; each with its version and licence below.",
        "# Codes (value, alpha3, numeric): ISO 3166-1 as in PyPI pycountry 26.2.16, which bundles Debian's iso-codes",
        f"#   data (LGPL-2.1-only); {len(list(pycountry.countries))} entries. CLDR's extra region codes that ISO 3166-1",
        "#   does not assign (EU EZ UN XK XA XB AC CP CQ DG EA IC QO TA ZZ) are not rows.",
        f"# Names (name_en, name_zh): Unicode CLDR {CLDR_VERSION} (Unicode License v3) through PyPI babel 2.18.0",
        "#   (BSD-3-Clause), locales en and zh, CLDR's standard names (babel keeps no alt short/variant forms).",
        "# calling_code: libphonenumber metadata through PyPI phonenumbers 9.0.43 (Apache-2.0),",
        f"#   country_code_for_region; empty where libphonenumber has none: {no_code}.",
        "# flag: the regional-indicator symbols of the alpha-2 code (Unicode).",
        "# label: flag, name_en, name_zh and calling_code, single spaces (the calling code left out when empty).",
        "# label_zh: the label under a Chinese locale, the Chinese name first: flag, name_zh, name_en, calling_code.",
        "# aliases (|-separated): alpha3, numeric, the code users write where ISO 3166-1 reserves it (UK for GB, EL",
        "#   for GR: exceptional reservations), name_en, name_zh, calling_code, the ISO 3166-1 English short and",
        "#   common names (iso-codes, where they differ), the English names without accents, full pinyin of",
        "#   name_zh and its initials (PyPI pypinyin 0.55.0, MIT, toneless, ü written v, a few readings",
        "#   fixed by the script); none equals the label or value, none repeats.",
        "# An alias equal to another row's code or name is left out, so each code and name finds one row:",
    ]
    for value, alias, others in dropped:
        lines.append(f"#   {value}: {alias} (= {' '.join(others)})")
    if not dropped:
        lines.append("#   (none)")
    lines.append("# Calling codes are shared by several rows (+1 is the US, Canada and the Caribbean); they stay.")
    table = ["\t".join(COLUMNS)] + ["\t".join(r[k] for k in COLUMNS) for r in rows]
    return "\n".join(lines + checksum_lines(table) + table) + "\n"


def sanity(rows, text):
    """Assertions on the result; a failure stops the script before anything is written."""
    by = {r["value"]: r for r in rows}
    assert len(rows) == 249, len(rows)
    assert [r["value"] for r in rows] == sorted(by), "rows are sorted by value"
    assert not ({"EU", "UN", "XK", "EZ", "ZZ"} & set(by)), "no CLDR pseudo-regions"
    de = by["DE"]
    assert de["label"] == "🇩🇪 Germany 德国 +49", de["label"]
    assert de["label_zh"] == "🇩🇪 德国 Germany +49", de["label_zh"]
    assert de["aliases"].split("|") == ["DEU", "276", "Germany", "德国", "+49", "deguo", "dg"], de["aliases"]
    assert by["GB"]["aliases"].split("|")[:3] == ["GBR", "826", "UK"], by["GB"]["aliases"]
    assert by["GR"]["aliases"].split("|")[:3] == ["GRC", "300", "EL"], by["GR"]["aliases"]
    assert "Viet Nam" in by["VN"]["aliases"].split("|") and "Hong Kong" in by["HK"]["aliases"].split("|")
    assert by["CN"]["label"] == "🇨🇳 China 中国 +86"
    assert by["US"]["alpha3"] == "USA" and by["US"]["numeric"] == "840" and by["US"]["calling_code"] == "+1"
    assert by["AF"]["numeric"] == "004"
    assert by["GB"]["name_zh"] == "英国" and by["GB"]["calling_code"] == "+44"
    assert by["CI"]["name_en"] == "Côte d’Ivoire" and "Cote d'Ivoire" in by["CI"]["aliases"].split("|")
    for code in ("AQ", "BV", "GS", "HM", "PN", "TF", "UM"):
        assert by[code]["calling_code"] == "", code
    assert by["AQ"]["label"] == "🇦🇶 Antarctica 南极洲"
    for r in rows:
        assert len(r["flag"]) == 2 and all(0x1F1E6 <= ord(c) <= 0x1F1FF for c in r["flag"])
        assert len(r["alpha3"]) == 3 and r["alpha3"].isupper()
        assert len(r["numeric"]) == 3 and r["numeric"].isdigit()
        aliases = r["aliases"].split("|")
        assert all(aliases), r["value"]
        low = [a.lower() for a in aliases]
        assert len(set(low)) == len(low), r["value"]
        assert r["label"].lower() not in low and r["value"].lower() not in low, r["value"]
    for zh, want in PINYIN_EXPECTED.items():
        got = "".join(pinyin_syllables(zh))
        assert got == want, f"{zh}: {got} != {want}"
    for line in text.split("\n")[:-1]:
        assert line == line.rstrip(" "), "no trailing spaces"
        assert line.startswith("#") or line.count("\t") == len(COLUMNS) - 1
    assert "\r" not in text


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    check_pins()
    rows, dropped = build_rows()
    text = render(rows, dropped)
    sanity(rows, text)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    shared = {}
    for r in rows:
        if r["calling_code"]:
            shared.setdefault(r["calling_code"], []).append(r["value"])
    shared = {k: v for k, v in shared.items() if len(v) > 1}
    print(f"wrote {os.path.relpath(out)}: {len(rows)} countries and territories")
    print(f"  without a calling code: {' '.join(r['value'] for r in rows if not r['calling_code'])}")
    print(f"  aliases left out for colliding with another row: {len(dropped)}"
          + "".join(f"\n    {v}: {a} (= {' '.join(o)})" for v, a, o in dropped))
    print(f"  calling codes shared by several rows: {len(shared)}"
          + "".join(f"\n    {k}: {' '.join(v)}" for k, v in sorted(shared.items(), key=lambda kv: int(kv[0][1:]))))
    print("  sample: " + "\t".join(next(r for r in rows if r["value"] == "DE")[k] for k in COLUMNS))


if __name__ == "__main__":
    main()
