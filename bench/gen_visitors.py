#!/usr/bin/env python3
"""Visitor records for bench/form_bench.sh (usage: gen_visitors.py N FOLDER): random valid Chinese mobiles and resident
ID cards (correct check characters, every ID card different), names and visit dates, written as in.jsonl and in.csv
(what `fieldline form forms/visitor.yaml --input` reads) and as anchor.csv (every stored column, `birth_date` and
`sex` as the ID card gives them, the bookkeeping columns filled: what the databases' own loaders read).

Seeded, so every run benchmarks the same input. Independent of fieldline's own code.
"""
import random
import sys

WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
CHECK = "10X98765432"
PROVINCES = [11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46,
             50, 51, 52, 53, 54, 61, 62, 63, 64, 65]
# Mobile prefixes in service (China Mobile, Unicom, Telecom).
MOBILE = ["134", "135", "136", "137", "138", "139", "147", "150", "151", "152", "157", "158", "159", "178", "182",
          "183", "184", "187", "188", "130", "131", "132", "155", "156", "166", "175", "176", "185", "186", "133",
          "153", "173", "177", "180", "181", "189", "191", "199"]
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗"
GIVEN = "伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂"


def main() -> None:
    n, folder = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(20261204)
    seen = set()
    with open(f"{folder}/in.jsonl", "w") as j, open(f"{folder}/in.csv", "w") as c, open(f"{folder}/anchor.csv", "w") as a:
        c.write("mobile,idcard,name,visit_date\n")
        i = 0
        while i < n:
            year, month, day = rng.randrange(1930, 2020), rng.randrange(1, 13), rng.randrange(1, 29)
            body = f"{rng.choice(PROVINCES)}{rng.randrange(100, 10000):04d}{year}{month:02d}{day:02d}{rng.randrange(1000):03d}"
            idcard = body + CHECK[sum(int(d) * w for d, w in zip(body, WEIGHTS)) % 11]
            if idcard in seen:
                continue
            seen.add(idcard)
            mobile = rng.choice(MOBILE) + f"{rng.randrange(10**8):08d}"
            name = rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.randrange(1, 3)))
            visit = f"2026-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
            sex = "male" if int(body[16]) % 2 else "female"
            j.write('{"mobile":"%s","idcard":"%s","name":"%s","visit_date":"%s"}\n' % (mobile, idcard, name, visit))
            c.write(f"{mobile},{idcard},{name},{visit}\n")
            record_id = "%08x-0000-7000-8000-%012x" % (0x19000000 + i // 4096, i)
            a.write(f'{mobile},{idcard},{year}-{month:02d}-{day:02d},{sex},{name},{visit},2026-12-04T00:00:00Z,bench,"","",{record_id}\n')
            i += 1


if __name__ == "__main__":
    main()
