#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft 2020-12).

usage: check_json_schema.py SCHEMA FILE...   (FILE may be - for stdin; a .jsonl file is one document a line)
Exits 0 when every document is valid, 1 otherwise, 2 on bad usage or a missing module.

References to the other schemas of SCHEMA's folder (`report.schema.json#/$defs/interview`) resolve
to those files. Each document is checked twice: as it is, and with a member added to every object
in it, since the README promises that fields may be added: a schema must not reject them.
"""
import copy
import json
import os
import sys

try:
    import jsonschema
    import referencing
except ImportError:
    sys.stderr.write("check_json_schema.py: the Python module jsonschema is missing; run: pip install jsonschema\n")
    sys.exit(2)


def documents(path):
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    if path.endswith(".jsonl"):
        return [(f"{path}:{n}", json.loads(line)) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    return [(path, json.loads(text))]


def with_added_fields(value):
    """`value` with `"addedLater": true` in every object, at every depth."""
    if isinstance(value, dict):
        grown = {key: with_added_fields(member) for key, member in value.items()}
        grown.setdefault("addedLater", True)
        return grown
    if isinstance(value, list):
        return [with_added_fields(element) for element in value]
    return value


def registry(folder):
    """Every schema of `folder`, by its $id."""
    resources = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".schema.json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                contents = json.load(f)
            resources.append((contents["$id"], referencing.Resource.from_contents(contents)))
    return referencing.Registry().with_resources(resources)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, registry=registry(os.path.dirname(os.path.abspath(argv[1]))))
    failures = 0
    for path in argv[2:]:
        for name, document in documents(path):
            for label, variant in ((name, document), (f"{name} (with a field added to every object)", with_added_fields(document))):
                for error in sorted(validator.iter_errors(variant), key=lambda e: list(e.absolute_path)):
                    location = "/".join(str(p) for p in error.absolute_path) or "(root)"
                    print(f"{label}: {location}: {error.message}")
                    failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
