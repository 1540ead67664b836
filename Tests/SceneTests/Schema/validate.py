#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (used by SchemaTests.swift).

Usage:
    validate.py SCHEMA FILE...      validate each file
    validate.py SCHEMA < DOCS       validate each element of the JSON array DOCS

Prints one line per document, in order:
    ok
    error PATH: MESSAGE
where PATH is written the way the scene decoder writes it: `(root)`, `canvas.width`,
`sections[0].items[1]`. Of several errors the deepest is reported (then jsonschema's
best_match): it is the most specific, and the same whichever jsonschema version runs (older
versions also report a failing property as "unevaluated" in its parent object). Exits 0 once every document was checked (whatever the results),
2 for bad usage, an unreadable schema or an invalid schema, and 3 if the `jsonschema`
package is missing.
"""

import json
import sys

try:
    import jsonschema
    from jsonschema.exceptions import best_match
except ImportError:
    print("missing: the Python package jsonschema is not installed", file=sys.stderr)
    sys.exit(3)
if not hasattr(jsonschema, "Draft202012Validator"):
    print("missing: jsonschema 4.0 or later is needed for draft 2020-12", file=sys.stderr)
    sys.exit(3)


def decoder_path(parts):
    path = ""
    for part in parts:
        if isinstance(part, int):
            path += "[%d]" % part
        else:
            path += ("." if path else "") + part
    return path or "(root)"


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
    except (OSError, ValueError, jsonschema.exceptions.SchemaError) as e:
        print("bad schema %s: %s" % (argv[1], e), file=sys.stderr)
        return 2
    validator = cls(schema)

    if len(argv) > 2:
        documents = []
        for name in argv[2:]:
            try:
                with open(name, encoding="utf-8") as f:
                    documents.append(json.load(f))
            except (OSError, ValueError) as e:
                documents.append(e)
    else:
        documents = json.load(sys.stdin)
        if not isinstance(documents, list):
            print("stdin must hold a JSON array of documents", file=sys.stderr)
            return 2

    for document in documents:
        if isinstance(document, Exception):
            print("error (json): %s" % str(document).replace("\n", " "))
            continue
        errors = list(validator.iter_errors(document))
        if not errors:
            print("ok")
        else:
            depth = max(len(e.absolute_path) for e in errors)
            error = best_match(e for e in errors if len(e.absolute_path) == depth)
            message = error.message.replace("\n", " ")
            print("error %s: %s" % (decoder_path(error.absolute_path), message))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
