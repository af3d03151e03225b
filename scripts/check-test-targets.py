#!/usr/bin/env python3
"""Every test is in exactly one of the Makefile's test groups (test-unit, test-cli, test-terminal, test-slow), and
`make test WITHOUT_TERMINAL=1` (CI) runs all but test-terminal's.

Reads the groups' `swift test` selections from `make -s test-groups` and the tests from `swift test list` (the
test bundle must be built), applies the selections as swift test does (a test is selected when a --filter pattern
matches its MODULE.SUITE/TEST name or its suite's, or there is none, and no --skip pattern does), and lists every test in no group
or in two. Exit 1 when there is one."""
import re
import shlex
import subprocess
import sys


def groups():
    lines = subprocess.run(["make", "-s", "--no-print-directory", "test-groups"], check=True,
                           capture_output=True, text=True).stdout.splitlines()
    found = {}
    for line in lines:
        name, _, arguments = line.partition(" ")
        words = shlex.split(arguments)
        options = {"--filter": [], "--skip": []}
        for option, value in zip(words[::2], words[1::2]):
            options[option].append(re.compile(value))
        found[name] = options
    return found


def selected(test, options):
    # A pattern that matches a suite (MODULE.SUITE, no slash after it) selects or skips all of its tests.
    parts = test.split("/")
    names = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
    chosen = not options["--filter"] or any(p.search(n) for p in options["--filter"] for n in names)
    return chosen and not any(p.search(n) for p in options["--skip"] for n in names)


def main():
    listed = subprocess.run(["swift", "test", "--skip-build", "list"], check=True, capture_output=True, text=True)
    tests = [line for line in listed.stdout.splitlines() if "/" in line]
    if not tests:
        sys.exit("check-test-targets: `swift test list` listed no tests (build them first: swift build --build-tests)")
    by_group = groups()
    without_terminal = by_group.pop("without-terminal")
    problems = []
    for test in tests:
        homes = [name for name, options in by_group.items() if selected(test, options)]
        if len(homes) != 1:
            problems.append(f"{test}: in {' and '.join(homes) if homes else 'no group'}")
        elif selected(test, without_terminal) == (homes == ["terminal"]):
            problems.append(f"{test}: in {homes[0]}, but {'run' if homes == ['terminal'] else 'skipped'} by WITHOUT_TERMINAL")
    for problem in problems:
        print("check-test-targets: " + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-test-targets: each of {len(tests)} tests is in exactly one group")


main()
