#!/usr/bin/env python3
"""Prints a module's public API, one declaration a line with its types, from the JSON that
`swift-api-digester -dump-sdk` writes: the readable form of tools/api/*.json."""
import json
import sys

DECLS = {"Class", "Struct", "Enum", "Protocol", "Func", "Constructor", "Var", "Subscript",
         "TypeAlias", "AssociatedType", "EnumElement", "Macro"}
NOISE = ("__derived_", "hashValue", "hash(into:)")


def type_name(node):
    return node.get("printedName", "?")


def signature(node):
    kind = node.get("declKind")
    types = [c for c in node.get("children", []) if c.get("kind", "").startswith("Type")]
    if kind in ("Func", "Constructor", "Subscript") and types:
        params = ", ".join(type_name(t) for t in types[1:])
        throws = " throws" if node.get("throwing") else ""
        return f" ({params}){throws} -> {type_name(types[0])}"
    if kind in ("Var", "TypeAlias", "AssociatedType") and types:
        return f": {type_name(types[0])}"
    return ""


def walk(node, prefix, out):
    if node.get("isInternal"):
        return  # package or @usableFromInline: not the users' API
    kind = node.get("declKind")
    if kind in DECLS and node.get("kind") != "Import":
        name = node.get("printedName", "")
        full = f"{prefix}{name}"
        if not any(n in full for n in NOISE):
            extras = []
            if node.get("static"):
                extras.append("static")
            attrs = node.get("declAttributes", [])
            for attr in ("Inlinable", "UsableFromInline", "DiscardableResult", "Frozen", "Nonexhaustive"):
                if attr in attrs:
                    extras.append(f"@{attr}")
            generic = node.get("genericSig", "")
            conformances = ", ".join(sorted(
                c.get("printedName", "") for c in node.get("conformances", [])
                if c.get("printedName") not in ("Copyable", "Escapable", "SendableMetatype")))
            line = f"{kind.lower()} {full}{generic}{signature(node)}"
            if extras:
                line += "  [" + " ".join(extras) + "]"
            if conformances and node.get("kind") == "TypeDecl":
                line += f"  : {conformances}"
            out.append(line)
        if node.get("kind") == "TypeDecl":
            prefix = f"{full}."
    for child in node.get("children", []):
        if not child.get("kind", "").startswith("Type") or child.get("kind") == "TypeDecl":
            walk(child, prefix, out)


def main():
    root = json.load(open(sys.argv[1]))["ABIRoot"]
    out = []
    walk(root, "", out)
    for line in sorted(set(out)):
        print(line)


if __name__ == "__main__":
    main()
