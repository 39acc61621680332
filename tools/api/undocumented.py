#!/usr/bin/env python3
"""Lists the public symbols of the given symbol graphs (from a documentation build) that have no
doc comment of their own. Protocol requirements' implementations and members that a standard
protocol documents (description, ==, hash(into:), Clock/InstantProtocol witnesses…) inherit
their documentation and are not listed. Exit 1 when any is found.
  tools/api/undocumented.py GRAPH.symbols.json..."""
import json
import sys

INHERITED = {"description", "debugDescription", "customMirror", "hash(into:)", "hashValue",
             "==(_:_:)", "<(_:_:)", "encode(to:)", "init(from:)", "rawValue", "init(rawValue:)",
             "allCases", "makeAsyncIterator()", "next()", "errorDescription"}


def main():
    missing = []
    for path in sys.argv[1:]:
        graph = json.load(open(path))
        # Symbols that implement a protocol requirement take the requirement's documentation.
        implementers = {r["source"] for r in graph.get("relationships", []) if r["kind"] in ("defaultImplementationOf",)}
        implementers |= {r["source"] for r in graph.get("relationships", [])
                         if r["kind"] == "memberOf" and r.get("sourceOrigin")}
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") != "public":
                continue
            name = symbol["names"]["title"]
            if symbol.get("docComment") or name in INHERITED or symbol["identifier"]["precise"] in implementers:
                continue
            if symbol["kind"]["identifier"] in ("swift.typealias", "swift.associatedtype") and name in (
                    "Element", "AsyncIterator", "Failure", "Instant", "Duration", "RawValue", "AllCases"):
                continue
            path_components = ".".join(symbol["pathComponents"])
            missing.append(f"{graph['module']['name']}: {path_components} ({symbol['kind']['displayName']})")
    for line in sorted(missing):
        print(f"undocumented: {line}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
