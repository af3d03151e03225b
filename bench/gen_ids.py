#!/usr/bin/env python3
"""Write N resident-ID lines to stdout (usage: gen_ids.py N [loc.dat] [WRONG]): a share WRONG (default 0.1) with a
wrong check character, the rest valid.

Seeded, so every run benchmarks the same input. Independent of fieldline's own code.
"""
import random
import sys

WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
CHECK = "10X98765432"
PROVINCES = [11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46,
             50, 51, 52, 53, 54, 61, 62, 63, 64, 65]


def check_char(first17: str) -> str:
    return CHECK[sum(int(d) * w for d, w in zip(first17, WEIGHTS)) % 11]


def real_regions(path: str) -> list[str]:
    """Six-digit county codes valid in every year, read from python-stdnum's loc.dat (data, GB/T 2260 history)."""
    codes = []
    province = ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            if not line.startswith(" "):
                province = line.split()[0]
            elif 'county="[' not in line:
                codes.append(province + line.split()[0])
    return codes


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    regions = real_regions(sys.argv[2]) if len(sys.argv) > 2 else None
    wrong = float(sys.argv[3]) if len(sys.argv) > 3 else 0.1
    rng = random.Random(20261122)
    out = []
    for _ in range(n):
        region = rng.choice(regions) if regions else f"{rng.choice(PROVINCES)}{rng.randrange(10000):04d}"
        birth = f"{rng.randrange(1930, 2020)}{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}"
        body = region + birth + f"{rng.randrange(1000):03d}"
        line = body + check_char(body)
        if rng.random() < wrong:  # one defect: wrong check char
            line = body + ("0" if line[-1] != "0" else "1")
        out.append(line)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
