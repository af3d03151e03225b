"""Validates `fieldline inspect --output json` documents against docs/inspect.schema.json with the pinned PyPI
jsonschema (`make test-oracles` installs it into .test-python).

Usage: inspect_schema_oracle.py PYTHON_FOLDER VERSION SCHEMA DOCUMENT...
Prints one line per document, `ok PATH` or `invalid PATH: MESSAGE` (every error, `; `-joined), and exits 0 when the
schema itself is a valid Draft 2020-12 schema, whatever the documents' verdicts.
"""
import json
import sys

sys.path.insert(0, sys.argv[1])
import importlib.metadata as metadata  # noqa: E402

if metadata.version("jsonschema") != sys.argv[2]:
    sys.exit(f"jsonschema {metadata.version('jsonschema')} found, {sys.argv[2]} pinned: run make test-oracles")
import jsonschema  # noqa: E402

with open(sys.argv[3], encoding="utf-8") as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
for path in sys.argv[4:]:
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    if errors:
        where = lambda e: "/".join(str(p) for p in e.absolute_path) or "(root)"
        print(f"invalid {path}: " + "; ".join(f"{where(e)}: {e.message}" for e in errors))
    else:
        print(f"ok {path}")
