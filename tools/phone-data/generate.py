#!/usr/bin/env python3
"""Writes the PhoneNumbers module's numbering data, and its agreement test's example numbers,
from the metadata of the pinned `phonenumbers` release (requirements.txt): the Python port of
Google's libphonenumber, whose metadata is the canonical numbering data.

    generate.py SOURCES_DIR TESTS_DIR

The data is Swift raw string literals of tab-separated lines, a file a run of regions (each
under 400 lines), read at run time (a string
literal compiles in a moment, where a table of literals would take minutes):

    R  region  code  main  idd  preferredIdd  nationalPrefix  prefixForParsing  transform  leading
    D  type  pattern  lengths  localLengths
    N  pattern  format  leadingDigits  nationalPrefixRule  optional  carrier   (national formats)
    I  pattern  format  leadingDigits                                         (international, when apart)

A format's leadingDigits are all of its patterns, each more detailed than the one before,
separated by spaces (the as-you-type formatter narrows by them digit by digit; the others read
the last); `optional` is `1` when the national prefix may be left out when formatting, and
`carrier` `1` when the format has a domestic carrier code rule.

`R` starts a region (`001` with its code: a non-geographic network); `D`, `N` and `I` lines
belong to the region above them. An empty field is `-`. Formats write groups as `$1`.

PhoneNumberData.swift also carries the few rules of area codes that libphonenumber keeps in its
code rather than its metadata (`phonenumberutil.py`: the mobile token of a calling code, the
calling codes of geographical mobiles, …), read from the pinned release.

The example numbers' file has a line a number: region, type, national format, E.164,
international format, and libphonenumber's `length_of_geographical_area_code`.
"""
import re
import sys
from pathlib import Path

import phonenumbers
from phonenumbers import AsYouTypeFormatter, PhoneMetadata, PhoneNumberFormat, PhoneNumberType
from phonenumbers import phonenumberutil

TYPES = [
    ("general", "general_desc"), ("fixedLine", "fixed_line"), ("mobile", "mobile"),
    ("tollFree", "toll_free"), ("premiumRate", "premium_rate"), ("sharedCost", "shared_cost"),
    ("personal", "personal_number"), ("voip", "voip"), ("pager", "pager"), ("uan", "uan"),
    ("voicemail", "voicemail"),
]
TEST_TYPES = {
    "fixedLine": PhoneNumberType.FIXED_LINE, "mobile": PhoneNumberType.MOBILE,
    "tollFree": PhoneNumberType.TOLL_FREE, "premiumRate": PhoneNumberType.PREMIUM_RATE,
    "sharedCost": PhoneNumberType.SHARED_COST, "personal": PhoneNumberType.PERSONAL_NUMBER,
    "voip": PhoneNumberType.VOIP, "pager": PhoneNumberType.PAGER, "uan": PhoneNumberType.UAN,
    "voicemail": PhoneNumberType.VOICEMAIL,
}


def field(value):
    if value is None or value == "":
        return "-"
    text = str(value)
    assert "\t" not in text and "\n" not in text and '"""#' not in text, text
    return text


def lengths(values):
    return ",".join(str(n) for n in values if n >= 0) or "-"


def dollar_groups(rule):
    """Python's `\\1` back-references as `$1`; `$NP` and `$FG` stay as they are."""
    return None if rule is None else re.sub(r"\\(\d)", r"$\1", rule)


def region_lines(key, metadata):
    yield "\t".join(["R", key, str(metadata.country_code), "main" if metadata.main_country_for_code else "-",
                     field(metadata.international_prefix), field(metadata.preferred_international_prefix),
                     field(metadata.national_prefix), field(metadata.national_prefix_for_parsing),
                     field(dollar_groups(metadata.national_prefix_transform_rule)),
                     field(metadata.leading_digits)])
    for name, attribute in TYPES:
        desc = getattr(metadata, attribute)
        if desc is None or not desc.national_number_pattern:
            continue
        yield "\t".join(["D", name, desc.national_number_pattern, lengths(desc.possible_length),
                         lengths(desc.possible_length_local_only)])
    for number_format in metadata.number_format:
        yield "\t".join(["N", number_format.pattern, dollar_groups(number_format.format),
                         field(" ".join(number_format.leading_digits_pattern) or None),
                         field(dollar_groups(number_format.national_prefix_formatting_rule)),
                         "1" if number_format.national_prefix_optional_when_formatting else "-",
                         "1" if number_format.domestic_carrier_code_formatting_rule is not None else "-"])
    for number_format in metadata.intl_number_format:
        yield "\t".join(["I", number_format.pattern, dollar_groups(number_format.format),
                         field(" ".join(number_format.leading_digits_pattern) or None)])


def all_metadata():
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        yield region, PhoneMetadata.metadata_for_region(region)
    for code in sorted(phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS):
        yield "001", PhoneMetadata.metadata_for_nongeo_region(code)


HEADER = (
    "// swift-format-ignore-file\n"
    "// Generated by tools/phone-data/generate.py from phonenumbers {version} (PyPI),\n"
    "// the Python port of libphonenumber's metadata. Do not edit: change the pinned version in\n"
    "// tools/phone-data/requirements.txt and run tools/phone-data/generate. The format is\n"
    "// described in generate.py. The metadata is libphonenumber's (Copyright The Libphonenumber\n"
    "// Authors), licensed under the Apache License, Version 2.0.\n\n"
)
LINES_PER_FILE = 360


def code_set(codes):
    """A Swift `Set<String>` literal of calling codes."""
    return "[" + ", ".join(f'"{code}"' for code in sorted(codes)) + "]"


def area_code_rules():
    """The Swift constants of libphonenumber's rules of area codes that are in its code, not in
    its metadata (used by `length_of_geographical_area_code`)."""
    tokens = ", ".join(f'"{code}": "{token}"' for code, token in sorted(phonenumberutil._MOBILE_TOKEN_MAPPINGS.items()))
    return (
        "\n"
        "    /// The mobile token of a calling code: the digit a mobile number has before its area\n"
        "    /// code (Argentina's `9`), part of its area code.\n"
        f"    static let mobileTokens: [String: String] = [{tokens or ':'}]\n\n"
        "    /// The calling codes whose mobile numbers are geographical (have an area code, unless\n"
        "    /// `geographicalMobileCodesWithoutAreaCodes` holds the code).\n"
        f"    static let geographicalMobileCodes: Set<String> = {code_set(phonenumberutil._GEO_MOBILE_COUNTRIES)}\n\n"
        "    /// The calling codes whose mobile numbers are geographical but start with a carrier's\n"
        "    /// digits, not an area code (China).\n"
        "    static let geographicalMobileCodesWithoutAreaCodes: Set<String> = "
        f"{code_set(phonenumberutil._GEO_MOBILE_COUNTRIES_WITHOUT_MOBILE_AREA_CODES)}\n\n"
        "    /// The calling codes of regions without a national prefix that have area codes all the\n"
        "    /// same (Mexico); elsewhere, no national prefix means no area codes.\n"
        "    static let codesWithAreaCodesWithoutNationalPrefix: Set<String> = "
        f"{code_set(phonenumberutil._COUNTRIES_WITHOUT_NATIONAL_PREFIX_WITH_AREA_CODES)}\n")


def data_sources():
    """The data's files: PhoneNumberData.swift, then one a run of regions (by ISO code), each
    under 400 lines."""
    blocks = [list(region_lines(key, metadata)) for key, metadata in all_metadata()]
    parts, current = [], []
    for block in blocks:
        if current and len(current) + len(block) > LINES_PER_FILE:
            parts.append(current)
            current = []
        current += block
    parts.append(current)
    header = HEADER.format(version=phonenumbers.__version__)
    names = []
    files = {}
    for part in parts:
        first = part[0].split("\t")[1]
        last_region = [line for line in part if line.startswith("R\t")][-1].split("\t")
        name = (first + "-" + last_region[1]) if last_region[1] != "001" else (first + "-001")
        names.append(name)
        body = "".join("        " + line + "\n" for line in part)
        files["PhoneNumberData+" + name + ".swift"] = (
            header + "extension PhoneNumberData {\n"
            f"    /// The lines of the regions {name.replace('-', ' to ')}.\n"
            f"    static let regions{name.replace('-', 'To')} = #\"\"\"\n" + body + "        \"\"\"#\n}\n")
    joined = ", ".join("regions" + name.replace("-", "To") for name in names)
    files["PhoneNumberData.swift"] = (
        header + "/// The numbering data of every region, as generated (see `PhoneMetadata`), in files of a\n"
        "/// run of regions each.\n"
        "enum PhoneNumberData {\n"
        "    /// The version of `phonenumbers` the data comes from.\n"
        f"    static let version = \"{phonenumbers.__version__}\"\n\n"
        "    /// One line a region (`R`), number type (`D`) or format (`N`, `I`).\n"
        f"    static let text = [{joined}].joined(separator: \"\\n\")\n" + area_code_rules() + "}\n")
    return files


def example_lines():
    for key, metadata in all_metadata():
        region = None if key == "001" else key
        for name, number_type in TEST_TYPES.items():
            desc = getattr(metadata, dict(TYPES)[name])
            if desc is None or not desc.example_number:
                continue
            number = phonenumbers.parse("+" + str(metadata.country_code) + desc.example_number)
            national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
            yield "\t".join([key if region else "001", name, national,
                             phonenumbers.format_number(number, PhoneNumberFormat.E164),
                             phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL),
                             str(phonenumbers.length_of_geographical_area_code(number))])


def examples_source():
    return (
        "# Every example number of libphonenumber's metadata (phonenumbers " + phonenumbers.__version__ + "),\n"
        "# generated by tools/phone-data/generate.py: region (001: a network of no region), type,\n"
        "# the national format as people type it, E.164, the international format, and the length of\n"
        "# its geographical area code (libphonenumber's length_of_geographical_area_code).\n"
        + "\n".join(example_lines()) + "\n"
    )


def typed_states(digits, region):
    """What libphonenumber's AsYouTypeFormatter shows after each character of `digits`."""
    formatter = AsYouTypeFormatter(region)
    return [formatter.input_digit(character) for character in digits]


def as_you_type_lines():
    """Every example number typed character by character: in national form (its national
    format's digits, with its region) and in `+` form (E.164, no region); each state after."""
    for key, metadata in all_metadata():
        for name in TEST_TYPES:
            desc = getattr(metadata, dict(TYPES)[name])
            if desc is None or not desc.example_number:
                continue
            number = phonenumbers.parse("+" + str(metadata.country_code) + desc.example_number)
            if key != "001":
                national = re.sub(r"[^0-9]", "", phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL))
                yield "\t".join([key, name, national] + typed_states(national, key))
            plus = phonenumbers.format_number(number, PhoneNumberFormat.E164)
            yield "\t".join(["ZZ", name, plus] + typed_states(plus, "ZZ"))


def as_you_type_source():
    return (
        "# Every example number of libphonenumber's metadata (phonenumbers " + phonenumbers.__version__ + ")\n"
        "# typed digit by digit into its AsYouTypeFormatter, generated by tools/phone-data/generate.py:\n"
        "# the region (ZZ: none), the type, the digits typed (the national format's, or E.164), and\n"
        "# what the formatter shows after each of them.\n"
        + "\n".join(as_you_type_lines()) + "\n"
    )


def main():
    sources, tests = Path(sys.argv[1]), Path(sys.argv[2])
    for old in sources.glob("PhoneNumberData*.swift"):
        old.unlink()
    for name, text in data_sources().items():
        (sources / name).write_text(text, encoding="utf-8")
    (tests / "ExampleNumbers.tsv").write_text(examples_source(), encoding="utf-8")
    (tests / "AsYouTypeExamples.tsv").write_text(as_you_type_source(), encoding="utf-8")


if __name__ == "__main__":
    main()
