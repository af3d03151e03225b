"""Test-time oracle for the phone tests: libphonenumber's answers through PyPI phonenumbers (pinned).

Usage: python3 -I -B phone_oracle.py FOLDER VERSION MODE
  FOLDER   where `pip install --target` put phonenumbers (.test-python); VERSION the pinned version.
  MODE     examples: one row per region and kind with an example number in the metadata:
             region, kind, E.164, national format, international format, is_valid, number type
           as-you-type: for each example number, the national digits (with the national prefix, as
             format_number NATIONAL writes them, digits only) and the international ones (+ and digits),
             typed into AsYouTypeFormatter(region) digit by digit: region, typed, every step's output
           prefixes: one row per region: region, calling code, national prefix (digits, may be empty), and every
             digit string of at most 4 digits (and the preferred one) its international prefix pattern matches
             whole, space-separated
           numbers: lines "REGION<TAB>TEXT" on stdin; for each, E.164 (or `-` when it does not parse) and
             is_valid_number, as `parse` + `is_valid_number` + `format_number(E164)` answer them
Rows are tab-separated; steps are separated by U+001F.
"""
import importlib.metadata
import sys

folder, version, mode = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, folder)
import phonenumbers  # noqa: E402
from phonenumbers import PhoneNumberFormat, PhoneNumberType  # noqa: E402

found = importlib.metadata.version("phonenumbers")
if found != version or not phonenumbers.__file__.startswith(folder + "/"):
    sys.exit(f"need phonenumbers=={version} in {folder}, found {found} at {phonenumbers.__file__}")

TYPES = [("fixed_line", PhoneNumberType.FIXED_LINE), ("mobile", PhoneNumberType.MOBILE),
         ("toll_free", PhoneNumberType.TOLL_FREE), ("premium_rate", PhoneNumberType.PREMIUM_RATE),
         ("shared_cost", PhoneNumberType.SHARED_COST), ("voip", PhoneNumberType.VOIP),
         ("personal_number", PhoneNumberType.PERSONAL_NUMBER), ("pager", PhoneNumberType.PAGER),
         ("uan", PhoneNumberType.UAN), ("voicemail", PhoneNumberType.VOICEMAIL)]
TYPE_NAMES = {t: n for n, t in TYPES}
TYPE_NAMES[PhoneNumberType.FIXED_LINE_OR_MOBILE] = "fixed_line_or_mobile"
TYPE_NAMES[PhoneNumberType.UNKNOWN] = "unknown"


def examples():
    """(region, kind, number) for every region and kind with an example number, region order."""
    out = []
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        for name, t in TYPES:
            n = phonenumbers.example_number_for_type(region, t)
            if n is not None:
                out.append((region, name, n))
    for cc in sorted(phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS):
        for name, t in TYPES:
            n = phonenumbers.example_number_for_non_geo_entity(cc) if name == "fixed_line" else None
            if n is not None:
                out.append((f"+{cc}", name, n))
    return out


def typed_forms(region, n):
    """The ways a user types the number: national (with its prefix) and international."""
    digits = "".join(c for c in phonenumbers.format_number(n, PhoneNumberFormat.NATIONAL) if c.isdigit())
    forms = [] if region.startswith("+") else [digits]
    return forms + [phonenumbers.format_number(n, PhoneNumberFormat.E164)]


rows = []
if mode == "examples":
    for region, kind, n in examples():
        rows.append("\t".join([
            region, kind, phonenumbers.format_number(n, PhoneNumberFormat.E164),
            phonenumbers.format_number(n, PhoneNumberFormat.NATIONAL),
            phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL),
            "1" if phonenumbers.is_valid_number(n) else "0",
            TYPE_NAMES.get(phonenumbers.number_type(n), "other")]))
elif mode == "as-you-type":
    for region, kind, n in examples():
        home = "ZZ" if region.startswith("+") else region
        for typed in typed_forms(region, n):
            f = phonenumbers.AsYouTypeFormatter(home)
            steps = [f.input_digit(c) for c in typed]
            rows.append("\t".join([home, typed, "\x1f".join(steps)]))
elif mode == "prefixes":
    import itertools
    import re
    from phonenumbers.phonemetadata import PhoneMetadata
    strings = ["".join(t) for n in range(1, 5) for t in itertools.product("0123456789", repeat=n)]
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        md = PhoneMetadata.metadata_for_region(region)
        idd = set()
        if md.international_prefix:
            pattern = re.compile(md.international_prefix)
            idd = {s for s in strings if pattern.fullmatch(s)}
            preferred = "".join(c for c in (md.preferred_international_prefix or "") if c.isdigit())
            if preferred and pattern.fullmatch(preferred):
                idd.add(preferred)
        rows.append("\t".join([region, str(md.country_code), md.national_prefix or "", " ".join(sorted(idd))]))
elif mode == "numbers":
    for line in sys.stdin:
        region, text = line.rstrip("\n").split("\t", 1)
        try:
            n = phonenumbers.parse(text, None if region == "-" else region)
            valid = phonenumbers.is_valid_number(n)
            rows.append("\t".join([phonenumbers.format_number(n, PhoneNumberFormat.E164), "1" if valid else "0"]))
        except phonenumbers.NumberParseException:
            rows.append("-\t0")
else:
    sys.exit(f"unknown mode {mode}")
sys.stdout.write("\n".join(rows) + "\n")
