"""`check phone` against PyPI phonenumbers by CPU time, on three mixes of lines (issue 45 item 4).

Lines come from every example number of every region and kind in the metadata, each made into several numbers by
seeded random last three digits (most stay valid, some do not):
- international: each written E.164 and in the international format with spaces;
- national: the numbers of eight regions (CN, US, GB, DE, IN, BR, JP, AG) written in their national format (with
  the national prefix where the region has one), read with `check phone --assume REGION` and `parse(line, REGION)`,
  one file per region;
- refusal-heavy: each E.164 number one digit short, one digit long, and a `+` with 6-15 random digits.
fieldline runs `check phone` (values to /dev/null); phonenumbers does `parse` + `is_valid_number` +
`format_number(E164)` on each line. Each round runs PASSES passes of each side on each mix, and the ratio is the
peer's user + system CPU over fieldline's (`cpu_ratio.py`); the table gives the median of the rounds' ratios and
their spread, with fieldline's start-up counted (one process per file: eight for the national mix) and left out
(phonenumbers' start-up is never counted: its passes run in this warm process). With --instructions, callgrind's instructions per line on 20,000 lines of each mix too. With --before=BINARY,
each round also runs that binary's passes (an earlier build) right after fieldline's, and the table has its rows
too: before and after measured in the same rounds.

Usage: PYTHONPATH=.test-python python3 bench/phone_check.py FIELDLINE [ROUNDS [PASSES [LINES]]] [--instructions]
       [--before=BINARY]
(defaults 5 rounds, 3 passes, 200,000 lines a mix).
"""
import os
import random
import shutil
import sys
import tempfile

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

from cpu_ratio import HEADER, Rounds, accepted, child_cpu, instructions_per_line, own_cpu, startup_cpu

args = [a for a in sys.argv[1:] if not a.startswith("--")]
binary = args[0]
rounds = int(args[1]) if len(args) > 1 else 5
passes = int(args[2]) if len(args) > 2 else 3
total = int(args[3]) if len(args) > 3 else 200_000
count_instructions = "--instructions" in sys.argv
before = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--before=")), None)
builds = [("", binary)] + ([(" (before)", before)] if before else [])

KINDS = (PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE, PhoneNumberType.TOLL_FREE, PhoneNumberType.PREMIUM_RATE,
         PhoneNumberType.SHARED_COST, PhoneNumberType.VOIP, PhoneNumberType.PERSONAL_NUMBER, PhoneNumberType.PAGER,
         PhoneNumberType.UAN, PhoneNumberType.VOICEMAIL)
NATIONAL_REGIONS = ("CN", "US", "GB", "DE", "IN", "BR", "JP", "AG")
rng = random.Random(20261201)


def numbers(region, variants):
    """The region's example numbers, each with `variants` seeded random endings."""
    found = []
    for kind in KINDS:
        example = phonenumbers.example_number_for_type(region, kind)
        if example is None:
            continue
        national = str(example.national_number)
        for _ in range(variants):
            digits = national[:-3] + f"{rng.randrange(1000):03d}" if len(national) > 4 else national
            found.append(phonenumbers.PhoneNumber(country_code=example.country_code, national_number=int(digits),
                                                  italian_leading_zero=example.italian_leading_zero,
                                                  number_of_leading_zeros=example.number_of_leading_zeros))
    return found


def repeated(base, count):
    rng.shuffle(base)
    return (base * (count // len(base) + 1))[:count]


every = [n for region in sorted(phonenumbers.SUPPORTED_REGIONS) for n in numbers(region, 4)]
international = []
refusals = []
for n in every:
    e164 = phonenumbers.format_number(n, PhoneNumberFormat.E164)
    international += [e164, phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL)]
    refusals += [e164[:-1], e164 + "5", "+" + "".join(str(rng.randrange(10)) for _ in range(rng.randrange(6, 16)))]

# A mix is a list of parts: (region for --assume and parse, or None; lines).
mixes = {
    "international": [(None, repeated(international, total))],
    "national, --assume": [
        (region, repeated([phonenumbers.format_number(n, PhoneNumberFormat.NATIONAL) for n in numbers(region, 200)],
                          total // len(NATIONAL_REGIONS)))
        for region in NATIONAL_REGIONS],
    "refusal-heavy": [(None, repeated(refusals, total))],
}

folder = tempfile.mkdtemp(prefix="fl-phone-bench-")
files = {}
for name, parts in mixes.items():
    files[name] = []
    for index, (region, lines) in enumerate(parts):
        path = os.path.join(folder, f"{name[:4]}-{index}.txt")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        files[name].append((["check", "phone"] + (["--assume", region] if region else []), path, region or "CN", lines))


def python_pass(parts):
    valid = 0
    for _, _, region, lines in parts:
        for line in lines:
            try:
                n = phonenumbers.parse(line, region)
                if phonenumbers.is_valid_number(n):
                    phonenumbers.format_number(n, PhoneNumberFormat.E164)
                    valid += 1
            except phonenumbers.NumberParseException:
                pass
    return valid


for name, parts in files.items():
    lines = sum(len(p[3]) for p in parts)
    _, theirs = own_cpu(lambda: python_pass(parts))
    for label, build in builds:
        ours = sum(accepted([build] + argv, path) for argv, path, _, _ in parts)
        print(f"{name}: {lines:,} lines; fieldline{label} accepts {ours:,}, phonenumbers {theirs:,}")
        if count_instructions:
            per_line = []
            for argv, path, _, part in parts:
                cut = os.path.join(folder, "cut.txt")
                share = max(20_000 // len(parts), 1)
                with open(cut, "w") as f:
                    f.write("\n".join(part[:share]) + "\n")
                per_line.append(instructions_per_line([build] + argv, cut, share))
            print(f"{name}: fieldline{label} {sum(per_line) / len(per_line):,.0f} instructions per line (callgrind, "
                  f"start-up left out)")

results = {(name, label): Rounds(name + label) for name in files for label, _ in builds}
for r in range(rounds):
    for name, parts in files.items():
        ours = {label: 0.0 for label, _ in builds}
        startup = dict(ours)
        theirs = 0.0
        for _ in range(passes):
            for label, build in builds:
                ours[label] += sum(child_cpu([build] + argv, path) for argv, path, _, _ in parts)
                startup[label] += sum(startup_cpu([build] + argv) for argv, _, _, _ in parts)
            theirs += own_cpu(lambda: python_pass(parts))[0]
        for label, _ in builds:
            results[(name, label)].add(ours[label], theirs, startup[label])
            print(f"round {r + 1}, {name}: fieldline{label} {ours[label]:.3f} s CPU ({startup[label]:.3f} s of it "
                  f"start-up), phonenumbers {theirs:.1f} s CPU over {passes} passes: {theirs / ours[label]:.0f}x, "
                  f"{theirs / (ours[label] - startup[label]):.0f}x without start-up", flush=True)

print()
print(f"{total:,} lines a mix, {rounds} rounds of {passes} passes each side; CPU = user + system")
print(HEADER)
for name, parts in files.items():
    for label, _ in builds:
        print(results[(name, label)].summary(sum(len(p[3]) for p in parts), passes))
shutil.rmtree(folder)
