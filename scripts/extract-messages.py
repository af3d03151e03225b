#!/usr/bin/env python3
"""Collect every `tr("…")` message of Sources/ into po/fieldline.pot and bring po/*.po up to date with it.

A message's key is its English text with each interpolated value `\\(…)` written `{0}`, `{1}`, … in order, the
way `LocalizedText` builds it at run time. New messages join each .po with an empty msgstr (English is shown
until someone translates them); messages no longer in the source leave. Run after adding or changing a message;
`--check` changes nothing and exits 1 when a file is out of date (a test runs it).

Usage: extract-messages.py [--check]
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}


def read_literal(src, i):
    """Parse the Swift string literal starting at src[i] == '"'; return (key, end index) or (None, i)."""
    if src.startswith('"""', i):
        return None, i  # multi-line literals are not used for messages
    i += 1
    key, n = [], 0
    while i < len(src):
        c = src[i]
        if c == '"':
            return "".join(key), i + 1
        if c == "\n":
            return None, i
        if c == "\\":
            nxt = src[i + 1]
            if nxt == "(":
                depth, j = 1, i + 2
                while depth:
                    if src[j] == '"':  # a string inside the interpolation
                        _, j = skip_literal(src, j)
                        continue
                    depth += {"(": 1, ")": -1}.get(src[j], 0)
                    j += 1
                key.append("{%d}" % n)
                n += 1
                i = j
                continue
            if nxt == "u":
                close = src.index("}", i)
                key.append(chr(int(src[i + 3:close], 16)))
                i = close + 1
                continue
            key.append(SIMPLE_ESCAPES[nxt])
            i += 2
            continue
        key.append(c)
        i += 1
    return None, i


def skip_literal(src, i):
    """Skip a string literal (inside an interpolation) starting at src[i] == '"'."""
    i += 1
    while src[i] != '"':
        if src[i] == "\\":
            if src[i + 1] == "(":
                depth, i = 1, i + 2
                while depth:
                    if src[i] == '"':
                        _, i = skip_literal(src, i)
                        continue
                    depth += {"(": 1, ")": -1}.get(src[i], 0)
                    i += 1
                continue
            i += 2
            continue
        i += 1
    return None, i + 1


def extract():
    """{key: [files]} for every tr("…") literal in Sources/."""
    found = {}
    for path in sorted((root / "Sources").rglob("*.swift")):
        # Comment lines are not code: a `tr("…")` in documentation is no message.
        src = "\n".join("" if line.lstrip().startswith("//") else line
                        for line in path.read_text(encoding="utf-8").split("\n"))
        rel = str(path.relative_to(root))
        for m in re.finditer(r'(?<![A-Za-z0-9_.])tr\(\s*"', src):
            key, _ = read_literal(src, m.end() - 1)
            if key is None:
                sys.exit(f"{rel}: tr( at offset {m.start()} does not take a one-line literal")
            if key:
                found.setdefault(key, [])
                if rel not in found[key]:
                    found[key].append(rel)
    return found


def quote(text):
    """A .po string: quoted, escaped, long or multi-line ones split after each newline."""
    esc = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r")
    parts = esc.split("\n")
    if len(parts) == 1:
        return '"' + esc + '"'
    pieces = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return '""\n' + "\n".join('"' + p + '"' for p in pieces)


def entry(key, files, msgstr="", flags=""):
    refs = "".join(f"#: {f}\n" for f in files)
    placeholder = "#, fuzzy\n" if flags == "fuzzy" else ""
    return f"{refs}{placeholder}msgid {quote(key)}\nmsgstr {quote(msgstr)}\n"


POT_HEADER = '''# Messages of fieldline, collected from the tr("…") calls in Sources/ by scripts/extract-messages.py; do not edit.
# {0}, {1}, … stand for the values put into a message, in the order the English text has them; a translation
# keeps every one of them (it may move them).
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
'''


def parse_po(text):
    """(header block, {msgid: (msgstr, fuzzy)}) of a .po file, with the same rules as POFile.swift."""
    entries, header = {}, ""
    blocks = re.split(r"\n\s*\n", text.strip("\n"))
    for block in blocks:
        msgid = msgstr = None
        field, fuzzy = None, False
        for line in block.split("\n"):
            line = line.strip()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            if line.startswith("#"):
                continue
            if line.startswith("msgid "):
                field, msgid = "id", unquote(line[6:])
            elif line.startswith("msgstr "):
                field, msgstr = "str", unquote(line[7:])
            elif line.startswith('"'):
                if field == "id":
                    msgid += unquote(line)
                elif field == "str":
                    msgstr += unquote(line)
        if msgid == "":
            header = block + "\n"
        elif msgid is not None:
            entries[msgid] = (msgstr or "", fuzzy)
    return header, entries


def unquote(q):
    q = q.strip()[1:-1]
    out, i = [], 0
    while i < len(q):
        if q[i] == "\\":
            out.append({"n": "\n", "t": "\t", "r": "\r"}.get(q[i + 1], q[i + 1]))
            i += 2
        else:
            out.append(q[i])
            i += 1
    return "".join(out)


def main():
    check = "--check" in sys.argv[1:]
    found = extract()
    keys = sorted(found)
    wanted = {root / "po" / "fieldline.pot": POT_HEADER + "\n" + "\n".join(entry(k, found[k]) for k in keys)}
    for po in sorted((root / "po").glob("*.po")):
        header, old = parse_po(po.read_text(encoding="utf-8"))
        body = []
        for k in keys:
            msgstr, fuzzy = old.get(k, ("", False))
            body.append(entry(k, found[k], msgstr, "fuzzy" if fuzzy else ""))
        wanted[po] = header + "\n" + "\n".join(body)
    # The catalogues embedded in the binary, so a copied binary needs no installed files.
    swift = ["// Generated by scripts/extract-messages.py; do not edit. Regenerate with `make generate`, which runs:",
             "//   python3 scripts/extract-messages.py",
             "// Source: po/*.po of this repository (fieldline's own catalogues), embedded as they are.",
             "",
             "/// The message catalogues of `po/`, embedded so a copied binary still speaks every language.",
             "enum ShippedCatalogues {"]
    for po in sorted((root / "po").glob("*.po")):
        text = wanted[po]
        assert '"""#' not in text
        swift += [f"    /// `po/{po.name}`.", f'    static let {po.stem} = #"""', text.rstrip("\n"), '"""#']
    swift += ["}", ""]
    wanted[root / "Sources/FieldKit/Generated/ShippedCatalogues.swift"] = "\n".join(swift)
    stale = [p for p, text in wanted.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
    if check:
        for p in stale:
            print(f"{p.relative_to(root)} is out of date: run scripts/extract-messages.py", file=sys.stderr)
        sys.exit(1 if stale else 0)
    for p in stale:
        p.write_text(wanted[p], encoding="utf-8")
        print(f"wrote {p.relative_to(root)}")
    for po in sorted((root / "po").glob("*.po")):
        _, entries = parse_po(wanted[po])
        missing = [k for k, (s, _) in entries.items() if not s]
        if missing:
            print(f"{po.relative_to(root)}: {len(missing)} messages not translated", file=sys.stderr)


if __name__ == "__main__":
    main()
