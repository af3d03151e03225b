"""Test-time oracle for the record JSON reader: Python's standard `json`, held to RFC 8259, judges generated lines.

Usage: python3 -I -B record_json_oracle.py COUNT SEED
  COUNT  how many generated lines besides the fixed ones; SEED  the random seed (the same two give the same lines).
One row per line, tab-separated: the line's bytes in hex, then the verdict and its detail:
  ok     NAME=VALUE,...  the line is one flat object of texts, numbers and nulls: its pairs in order, `null` ones
                         left out, a number as it is written, names and texts as UTF-8 in hex
  shape  KIND            RFC 8259 JSON but not a record, for its first problem in reading order: `object` (not an
                         object), `twice` (a name given again, or one canonically equivalent to it), `true`,
                         `false`, `nested-object`, `nested-list`
  no     REASON          not RFC 8259 JSON (REASON, in ASCII, says why)
Python's reader is made strict: NaN and Infinity refused, a leading BOM refused (bytes are decoded as UTF-8 here,
strictly, not left to `json.loads`, which would take UTF-16 and a BOM), a lone surrogate escape refused (Python
decodes `\\ud800` to a lone surrogate), raw control characters refused (its strict=True default).
"""
import json
import json.decoder
import json.scanner
import random
import sys
import unicodedata

count, seed = int(sys.argv[1]), int(sys.argv[2])


class Number(str):
    """A number as it is written."""


class Record(list):
    """An object's pairs, in order, as `object_pairs_hook` gives them."""


def refuse_constant(name):
    raise ValueError(f"{name} is not RFC 8259 JSON")


def strict_loads(text):
    return json.loads(text, object_pairs_hook=Record, parse_int=Number, parse_float=Number,
                      parse_constant=refuse_constant)


def canonical(name):
    """A name as fieldline tells names apart."""
    return unicodedata.normalize("NFC", name)


def strings_in(value):
    """Every name and text in a value, nested ones included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Record):
        for name, item in value:
            yield name
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def verdict(line):
    try:
        text = line.decode("utf-8")  # strict: overlong forms, encoded surrogates and bytes past U+10FFFF refused
    except UnicodeDecodeError as error:
        return "no", f"not UTF-8: {error.reason} at byte {error.start}"
    try:
        value = strict_loads(text)
    except (ValueError, RecursionError) as error:
        return "no", ascii(str(error))
    if any(0xD800 <= ord(c) <= 0xDFFF for s in strings_in(value) for c in s):
        return "no", "a lone surrogate escape"
    if not isinstance(value, Record):
        return "shape", "object"
    seen = set()
    for name, item in value:
        # Names are one when canonically equivalent (é as one character or as e and U+0301): fieldline matches
        # them to a form's fields as Swift compares strings, so two such names would name one field.
        key = canonical(name)
        if key in seen:
            return "shape", "twice"
        seen.add(key)
        if item is True or item is False:
            return "shape", "true" if item else "false"
        if isinstance(item, Record):
            return "shape", "nested-object"
        if isinstance(item, list):
            return "shape", "nested-list"
        assert item is None or isinstance(item, str)
    pairs = [(name, item) for name, item in value if item is not None]
    return "ok", ",".join(n.encode().hex() + "=" + v.encode().hex() for n, v in pairs)


def check_strictness():
    """Python's `json` as this oracle relies on it: the C scanner, strict on what RFC 8259 refuses."""
    assert json.decoder.c_scanstring is not None and json.scanner.c_make_scanner is not None, "no C json scanner"
    for refused in [b'{"a":NaN}', b'{"a":Infinity}', b'{"a":-Infinity}', b'\xef\xbb\xbf{}', b'{"a":"\x01"}',
                    b'{"a":"\x1f"}', b'{"a\x00":1}', b'{"a":"\\u 123"}', b'{"a":"\\u12_3"}', b'{"a":1\xd9\xa1}',
                    b'{"a":\xd9\xa1}', b'\x0c{}', b'\xc2\xa0{}', b'{"a":"\\ud800"}', b'{"a":"\xed\xa0\x80"}',
                    b'{"a":01}', b'{"a":1.}', b'{"a":.5}', b'{"a":+1}', b'\xff\xfe{\x00}\x00']:
        assert verdict(refused)[0] == "no", f"the oracle takes {refused!r}: {verdict(refused)}"
    assert verdict(b'{"a":"\x7f\\u0000"}')[0] == "ok"


# Pieces of texts: every escape, \u escapes of every kind, raw characters beyond ASCII that JSON keeps as they are.
SIMPLE_ESCAPES = ['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t']
RAW = ["a", "Z", "0", " ", "'", "#", ":", ",", "{", "}", "[", "]", "/", "*", "\x7f", "é", "中", "😀", "\u0085", "\u2028",
       "\u2029", "\uffff", "\ufffe", "\ufeff", "\u00a0", "\U0010ffff", "\u0301", "e\u0301", "\u00c5", "\u212b"]
NAMES = ["a", "b", "name", "phone", "x y", "", "é", "中文", "e\u0301", "\u00c5", "\u212b", "\u2028", "a\\u0062"]


def escape_u(code, rng):
    digits = f"{code:04x}"
    return "\\u" + (digits.upper() if rng.random() < 0.5 else digits)


def text_piece(rng):
    kind = rng.randrange(7)
    if kind == 0:
        return rng.choice(SIMPLE_ESCAPES)
    if kind == 1:  # a \u escape of a character of the BMP (not a surrogate), a control character, or " and \
        code = rng.choice([rng.randrange(0x20), 0x22, 0x5c, 0x7f, 0x85, 0x2028, 0xfeff, 0xffff, rng.randrange(0x10000)])
        return escape_u(code if not 0xD800 <= code <= 0xDFFF else 0x41, rng)
    if kind == 2:  # a character beyond U+FFFF as a surrogate pair of escapes
        code = rng.randrange(0x10000, 0x110000) - 0x10000
        return escape_u(0xD800 + (code >> 10), rng) + escape_u(0xDC00 + (code & 0x3FF), rng)
    if kind == 3:  # a raw character from anywhere but the surrogates
        code = rng.randrange(0x20, 0x110000)
        return chr(code) if not 0xD800 <= code <= 0xDFFF and code != 0x22 and code != 0x5c else "x"
    return rng.choice(RAW)


def json_text(rng):
    return '"' + "".join(text_piece(rng) for _ in range(rng.choice([0, 1, 2, 3, 5, 8]))) + '"'


def name_text(rng):
    return '"' + rng.choice(NAMES) + '"' if rng.random() < 0.5 else json_text(rng)


def digits(rng, first_nonzero=False):
    n = rng.choice([1, 1, 2, 3, 20])
    head = rng.choice("123456789") if first_nonzero else rng.choice("0123456789")
    return head + "".join(rng.choice("0123456789") for _ in range(n - 1))


def json_number(rng):
    sign = "-" if rng.random() < 0.3 else ""
    whole = "0" if rng.random() < 0.3 else digits(rng, first_nonzero=True)
    frac = "." + digits(rng) if rng.random() < 0.4 else ""
    exp = (rng.choice("eE") + rng.choice(["", "+", "-"]) + digits(rng)) if rng.random() < 0.3 else ""
    return sign + whole + frac + exp


def space(rng):
    return "".join(rng.choice(" \t\n\r") for _ in range(rng.choice([0, 0, 0, 1, 2])))


def json_value(rng):
    kind = rng.random()
    return json_text(rng) if kind < 0.55 else json_number(rng) if kind < 0.85 else "null"


def record(rng, pairs):
    s = space
    body = ",".join(s(rng) + n + s(rng) + ":" + s(rng) + v + s(rng) for n, v in pairs)
    return (s(rng) + "{" + (body if pairs else s(rng)) + "}" + s(rng)).encode("utf-8")


def unique_names(rng, n):
    names = []
    while len(names) < n:
        name = name_text(rng)
        if canonical(strict_loads(name)) not in [canonical(strict_loads(m)) for m in names]:
            names.append(name)
    return names


def valid_record(rng):
    names = unique_names(rng, rng.choice([0, 1, 1, 2, 3, 5]))
    return record(rng, [(n, json_value(rng)) for n in names])


def shape_record(rng):
    """Valid JSON that is not a record: another value at the top, a name given twice, true/false, nesting."""
    kind = rng.randrange(5)
    if kind == 0:
        top = rng.choice([json_text(rng), json_number(rng), "null", "true", "false", "[]",
                          "[" + json_value(rng) + "]", "[{}]", '[{"a":"b"}]'])
        return (space(rng) + top + space(rng)).encode("utf-8")
    names = unique_names(rng, rng.choice([1, 2, 3]))
    pairs = [(n, json_value(rng)) for n in names]
    at = rng.randrange(len(pairs) + 1)
    if kind == 1:
        name = rng.choice(names)
        decoded = strict_loads(name)
        escaped = '"' + "".join(escape_u(ord(c), rng) if ord(c) < 0x10000 else c for c in decoded) + '"'
        decomposed = json.dumps(unicodedata.normalize(rng.choice(["NFD", "NFC"]), decoded), ensure_ascii=False)
        spelling = rng.choice([name, escaped, decomposed])
        pairs.insert(max(at, names.index(name) + 1), (spelling, rng.choice([json_value(rng), "null"])))
    else:
        value = {2: rng.choice(["true", "false"]),
                 3: rng.choice(["{}", '{"a":"b"}', '{"a":{"b":[1,2]}}', '{"a":true}']),
                 4: rng.choice(["[]", "[1]", '["a","b"]', "[[[]]]", "[null,true,{}]"])}[kind]
        pairs.insert(at, ('"shape \\u0021"', value))
    return record(rng, pairs)


# Bytes that mean something to JSON, or to a lenient reader, or that are not UTF-8.
SIGNIFICANT = [c.encode() for c in '{}[]:,"\\/*\'0159.eE+-ntfulx '] + [b"\t", b"\n", b"\r", b"\x0c", b"\x0b", b"\x00",
               b"\x1f", b"\x7f", b"\xc2\xa0", b"\xef\xbb\xbf", b"\xe2\x80\xa8", b"\xc2\x85", b"\x80", b"\xc3",
               b"\xff", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80", b"\\u", b"\\ud800", b"\\udc00", b"null",
               b"true", b"NaN", b"Infinity", b"//", b"/*", b"*/", b"0x", b"01", b"\\x41", b"\\'"]


def mutate(rng, line):
    line = bytearray(line)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        kind = rng.randrange(6)
        at = rng.randrange(len(line) + 1)
        if kind == 0 and line:  # delete a byte
            del line[min(at, len(line) - 1)]
        elif kind == 1:  # insert
            line[at:at] = rng.choice(SIGNIFICANT)
        elif kind == 2 and line:  # replace
            line[min(at, len(line) - 1):min(at, len(line) - 1) + 1] = rng.choice(SIGNIFICANT)
        elif kind == 3:  # truncate
            del line[at:]
        elif kind == 4 and line:  # repeat a stretch
            end = rng.randrange(at, len(line) + 1)
            line[end:end] = line[at:end]
        else:  # swap two bytes
            if len(line) > 1:
                a, b = rng.randrange(len(line)), rng.randrange(len(line))
                line[a], line[b] = line[b], line[a]
    return bytes(line)


FIXED = [
    # Numbers outside RFC 8259's grammar, and at its edges.
    *[b'{"a":' + n + b'}' for n in [b"01", b"-01", b"00", b"+1", b".5", b"1.", b"-", b"-.5", b"1e", b"1e+", b"1E-",
                                    b"0x1F", b"1.5.2", b"1_000", b"2a", b"0.e1", b"- 1", b"NaN", b"-NaN", b"Infinity",
                                    b"-Infinity", b"1e5", b"1E+5", b"-0", b"-0.0e-0", b"1" * 400, b"1e99999", b"0e0"]],
    # Shapes and syntax lenient readers take.
    b'{"a":"b",}', b'{,}', b'{"a":"b",,"c":"d"}', b"{'a':'b'}", b'{a:"b"}', b'{"a":\'b\'}', b'{"a":"b"} // c',
    b'{"a":"b" /* c */}', b'/* c */{}', b'{"a":"b"}{"c":"d"}', b'{"a":"b"} x', b'{"a" "b"}', b'{"a":"b" "c":"d"}',
    b'{"a":undefined}', b'{"a":None}', b'{"a":True}', b'{"a":nul}', b'{"a":nulls}', b'{"a":truex}', b'[1,]', b'',
    b' ', b'{', b'}', b'{"a":', b'{"a":"b"', b'{"a":"b', b'{"a":"b\\',
    # Escapes: JSON's and other languages'.
    *[b'{"a":"\\' + e + b'"}' for e in [b"x41", b"_", b"L", b"P", b"U0001F600", b"N", b"0", b"a", b"e", b"v", b" ",
                                        b"'", b"u12", b"u12G4", b"u", b"uD834\\uDD1E", b"u0000", b"u00e9"]],
    # Lone surrogates, in texts and names.
    *[b'{"a":"' + s + b'"}' for s in [b"\\ud83d", b"\\ude00", b"\\ud83dx", b"\\ud83d\\u0041", b"\\ud83d\\ud83d",
                                      b"\\uDFFF\\uD800", b"\\ud83d\\", b"\\ud83d\\u", b"\\ud83d\\ude0"]],
    b'{"\\ud800":"x"}', b'{"\\udfff":1}',
    # Raw control characters, DEL and C1.
    *[b'{"a":"x' + bytes([c]) + b'y"}' for c in list(range(0x20)) + [0x7f]], b'{"a\x01":"x"}', b'{"a":"\xc2\x85"}',
    # White space JSON has (space, tab, LF, CR) and what it has not.
    b' \t\r\n{ \t\r\n"a" \t\r\n: \t\r\n"b" \t\r\n} \t\r\n', b'\x0c{}', b'{\x0c}', b'{}\x0c', b'\x0b{}',
    b'\xc2\xa0{}', b'{\xc2\xa0}', b'{"a":\xc2\xa01}', b'\xe2\x80\xa8{}', b'\xc2\x85{}', b'\xef\xbb\xbf{}',
    b'\xef\xbb\xbf{"a":"b"}', b'{}\xef\xbb\xbf', b'\x00{}', b'{}\x00',
    # Bytes that are not UTF-8, and the edges of UTF-8.
    *[b'{"a":"' + s + b'"}' for s in [b"\x80", b"\xbf", b"\xc0\x80", b"\xc1\xbf", b"\xc2", b"\xe0\x80\x80",
                                      b"\xe0\x9f\xbf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xef\xbf\xbf",
                                      b"\xf0\x8f\xbf\xbf", b"\xf0\x90\x80\x80", b"\xf4\x8f\xbf\xbf",
                                      b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xf8\x88\x80\x80\x80", b"\xfe",
                                      b"\xff", b"\xe4\xb8", b"\xe4\xb8\xad"]],
    b'{"\xff":"x"}', b'{"a":"x"}\xe4\xb8', b'{"a":"\\n\xed\xa0\x80"}', b'\xff\xfe{\x00}\x00', b'\xfe\xff\x00{\x00}',
    # Names: the same after escapes, and canonically equivalent but different characters.
    b'{"a":1,"\\u0061":2}', b'{"a":null,"a":"x"}', b'{"a":"x","a":null}', b'{"\\/":1,"/":2}',
    '{"\u00e9":"1","e\u0301":"2"}'.encode(), '{"\u00c5":"1","\u212b":"2"}'.encode(),
    '{"\u00c5":"1","A\u030a":"2"}'.encode(), '{"\\u00e9":"1","e\\u0301":"2"}'.encode(),
    '{"\ufb01":"1","fi":"2"}'.encode(), '{"a":"\u00e9","b":"e\u0301"}'.encode(),
    # Nesting, shallow and deep.
    b'{"a":{"b":"c"}}', b'{"a":["b"]}', b'{"a":' + b"[" * 64 + b"]" * 64 + b'}', b'{"a":' + b"[" * 64 + b'}',
    b'[{"a":"b"}]', b'"a"', b"1", b"null", b"true", b"[]", b'{"a":true}', b'{"a":false}', b'{"a":"b","c":[]}',
]


def main():
    check_strictness()
    rng = random.Random(seed)
    lines = list(FIXED)
    valid = [valid_record(rng) for _ in range(count * 3 // 10)]
    shapes = [shape_record(rng) for _ in range(count // 10)]
    lines += valid + shapes
    lines += [mutate(rng, rng.choice(valid + shapes)) for _ in range(count - len(valid) - len(shapes))]
    out = sys.stdout
    for line in lines:
        kind, detail = verdict(line)
        out.write(f"{line.hex()}\t{kind}\t{detail}\n")


main()
