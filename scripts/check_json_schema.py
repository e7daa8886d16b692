#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft 2020-12).

usage: check_json_schema.py SCHEMA FILE...   (FILE may be - for stdin; a .jsonl file is one document a line)
Exits 0 when every document is valid, 1 otherwise, 2 on bad usage or a missing module.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.stderr.write("check_json_schema.py: the Python module jsonschema is missing; run: pip install jsonschema\n")
    sys.exit(2)


def documents(path):
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    if path.endswith(".jsonl"):
        return [(f"{path}:{n}", json.loads(line)) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    return [(path, json.loads(text))]


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    failures = 0
    for path in argv[2:]:
        for name, document in documents(path):
            for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
                location = "/".join(str(p) for p in error.absolute_path) or "(root)"
                print(f"{name}: {location}: {error.message}")
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
