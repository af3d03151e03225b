#!/usr/bin/env python3
"""Rebuild every generated file of fieldline (`make generate`), or check that each is what its generator writes.

The generators read data of this repository (keymaps/, po/, the tr("…") calls of Sources/) or pinned PyPI
packages, which `make test-oracles` installs into .test-python/ (each generator refuses other versions). Their
output is the same on every run: no dates but the fixed ones in the scripts, no randomness but seeded.

    scripts/generate.py            run every generator in place, in GENERATORS' order
    scripts/generate.py --check    run them on a copy of the repository in a temporary folder and compare: exits 1
                                   and names each file that differs (or is missing, or is in a Generated/ folder
                                   without a generator), changing nothing
    --quick                        with --check: leave out the generators marked slow (their outputs are still
                                   compared with what the other generators read; DataChecksumTests checks their rows)

The Swift files go to a Generated/ folder of their target; the keymap data files stay in keymaps/data/, where
keymaps name them, and the catalogues in po/. Not here: scripts/startup-symbols.txt, which
scripts/gen-startup-order.py derives from the release binary run under callgrind (it follows the compiled code, not
data; InstallTests tells when it has gone stale).
"""
import difflib
import glob
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = os.path.join(ROOT, ".test-python")
# What the generators read from the repository; a --check copies these folders.
INPUT_FOLDERS = ["scripts", "keymaps", "po", "Sources"]
GENERATED_FOLDERS = ["Sources/FieldKit/Generated", "Sources/FieldKeymaps/Generated"]


@dataclass
class Generator:
    script: str
    outputs: list          # paths or glob patterns relative to the repository
    slow: bool = False


# The keymap data first: embed-keymaps.py copies it into the binary.
GENERATORS = [
    Generator("gen-country.py", ["keymaps/data/country.tsv"]),
    Generator("gen-region-cn.py", ["keymaps/data/region-cn.tsv"]),
    # Compiles every libphonenumber pattern into a DFA and checks each against Python's re: minutes, not seconds.
    Generator("gen-phone-metadata.py", ["keymaps/data/phone-regions.tsv", "keymaps/data/phone-patterns.tsv",
                                        "keymaps/data/phone-formats.tsv"], slow=True),
    Generator("embed-keymaps.py", ["Sources/FieldKeymaps/Generated/ShippedKeymaps.swift",
                                   "Sources/FieldKeymaps/Generated/ShippedData.swift",
                                   "Sources/FieldKeymaps/Generated/ShippedKeymapTrees.swift"]),
    Generator("extract-messages.py", ["po/fieldline.pot", "po/*.po",
                                      "Sources/FieldKit/Generated/ShippedCatalogues.swift"]),
    Generator("gen-width-table.py", ["Sources/FieldKit/Generated/DisplayWidthTable.swift"]),
    Generator("gen-idna-table.py", ["Sources/FieldKit/Generated/IDNATable.swift"]),
    Generator("gen-county-cn.py", ["Sources/FieldKit/Generated/CountyNames.swift"]),
]


def outputs(generator, root):
    found = []
    for pattern in generator.outputs:
        matches = sorted(glob.glob(pattern, root_dir=root)) if "*" in pattern else [pattern]
        found += [m for m in matches if m not in found]
    return found


def run(generator, root, quiet):
    """Runs one generator with the pinned packages on its path; exits with its message when it fails."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "PYTHONPATH": PACKAGES,
           "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}
    result = subprocess.run([sys.executable, os.path.join(root, "scripts", generator.script)], cwd=root, env=env,
                            stdout=subprocess.PIPE if quiet else None, stderr=subprocess.PIPE, text=True)
    if not quiet and result.stderr:
        sys.stderr.write(result.stderr)
    if result.returncode != 0:
        if quiet:
            sys.stderr.write(result.stderr)
        hint = "" if os.path.isdir(PACKAGES) else " (no .test-python/: run `make test-oracles`)"
        sys.exit(f"generate.py: scripts/{generator.script} failed ({result.returncode}){hint}")


def generated_folder_files(root):
    files = []
    for folder in GENERATED_FOLDERS:
        base = os.path.join(root, folder)
        if os.path.isdir(base):
            files += [os.path.join(folder, name) for name in sorted(os.listdir(base))]
    return files


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def check(quick):
    problems = []
    with tempfile.TemporaryDirectory(prefix="fieldline-generate-") as copy:
        for folder in INPUT_FOLDERS:
            shutil.copytree(os.path.join(ROOT, folder), os.path.join(copy, folder),
                            ignore=shutil.ignore_patterns("__pycache__"))
        ran = [g for g in GENERATORS if not (quick and g.slow)]
        for generator in ran:
            run(generator, copy, quiet=True)
        written = [path for g in ran for path in outputs(g, copy)]
        every_output = set(written) | {path for g in GENERATORS for path in outputs(g, ROOT)}
        for path in generated_folder_files(ROOT):
            if path not in every_output:
                problems.append(f"{path}: in a Generated/ folder, but no generator writes it")
        for path in written:
            want, have = read(os.path.join(copy, path)), read(os.path.join(ROOT, path))
            if want is None:
                problems.append(f"{path}: its generator did not write it")
            elif have is None:
                problems.append(f"{path}: missing (run `make generate`)")
            elif want != have:
                diff = difflib.unified_diff(have.decode("utf-8", "replace").splitlines(),
                                            want.decode("utf-8", "replace").splitlines(),
                                            "committed/" + path, "generated/" + path, lineterm="", n=1)
                shown = [line[:160] for line in list(diff)[:12]]
                problems.append(f"{path}: differs from what its generator writes (run `make generate`):\n    "
                                + "\n    ".join(shown))
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def main():
    args = sys.argv[1:]
    unknown = [a for a in args if a not in ("--check", "--quick")]
    if unknown or ("--quick" in args and "--check" not in args):
        sys.exit("usage: scripts/generate.py [--check [--quick]]")
    if "--check" in args:
        sys.exit(check("--quick" in args))
    for generator in GENERATORS:
        print(f"scripts/{generator.script}", flush=True)
        run(generator, ROOT, quiet=False)


if __name__ == "__main__":
    main()
