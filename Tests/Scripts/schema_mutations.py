#!/usr/bin/env python3
"""Breaks demo data files, one rule of api/openapi.yaml at a time, for DataValidationTests.

For every wire object in the given data files (members.json: members[i] is a Me; hints.json:
hints[i] is a Hint; interviews/N.json: interview, report and videoReport), and for every rule its
schema sets on a key present in the file — required, type, enum, minimum, maximum, minLength — it
writes one copy of the file that breaks exactly that rule, with the JSON path of the key
(`report.aptitude.games[0].score`). report-server must refuse each copy naming that path.
Arrays are followed into their first element. Prints a JSON array of
{"file", "path", "rule", "text"} on stdout.

Usage: schema_mutations.py OPENAPI DATA_DIR FILE…
"""

import copy
import json
import sys

import yaml

# Where the wire objects sit in each kind of data file.
LAYOUT = {
    "members.json": [("members", "Me", True)],
    "hints.json": [("hints", "Hint", True)],
    "interviews": [("interview", "Interview", False), ("report", "Report", False), ("videoReport", "VideoReport", False)],
}

WRONG_TYPE = {"string": 12345, "integer": "12345", "number": "12345", "array": {"not": "an array"},
              "object": ["not", "an", "object"], "boolean": "yes"}


def resolve(schema, document):
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].split("/")[-1]]
    if "anyOf" in schema:
        # `X or null`: the object branch; null is allowed.
        branches = [resolve(branch, document) for branch in schema["anyOf"] if branch.get("type") != "null"]
        schema = dict(branches[0])
    return schema


def types_of(schema):
    declared = schema.get("type")
    return [declared] if isinstance(declared, str) else list(declared or [])


def mutations(value, schema, path, setter, document):
    """(path, rule, mutated value) for `value` and what it holds; setter puts a value in its place."""
    schema = resolve(schema, document)
    if value is None:
        return
    types = types_of(schema)
    concrete = [t for t in types if t != "null"] or (["object"] if "properties" in schema else [])
    if concrete:
        yield path, "type", setter(WRONG_TYPE[concrete[0]])
    if "enum" in schema:
        yield path, "enum", setter("NOT_IN_THE_ENUM")
    if isinstance(value, int) and not isinstance(value, bool):
        if "minimum" in schema:
            yield path, "minimum", setter(schema["minimum"] - 1)
        if "maximum" in schema:
            yield path, "maximum", setter(schema["maximum"] + 1)
    if isinstance(value, str) and schema.get("minLength", 0) > 0:
        yield path, "minLength", setter("")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key in value:
                yield f"{path}.{key}", "required", setter({k: v for k, v in value.items() if k != key})
        for key, child in schema.get("properties", {}).items():
            if key in value:
                def put(new, key=key):
                    changed = dict(value)
                    changed[key] = new
                    return setter(changed)
                yield from mutations(value[key], child, f"{path}.{key}", put, document)
    if isinstance(value, list) and value and "items" in schema:
        def put_first(new):
            return setter([new] + value[1:])
        yield from mutations(value[0], schema["items"], f"{path}[0]", put_first, document)


def main():
    openapi, data_dir, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(openapi, encoding="utf-8") as handle:
        document = yaml.safe_load(handle)
    result = []
    for file in files:
        with open(f"{data_dir}/{file}", encoding="utf-8") as handle:
            original = json.load(handle)
        layout = LAYOUT[file.split("/")[0]]
        for key, schema_name, is_list in layout:
            schema = {"$ref": f"#/components/schemas/{schema_name}"}
            elements = [(f"{key}[0]", original[key][0], lambda new: [new] + original[key][1:])] if is_list \
                else [(key, original.get(key), lambda new: new)]
            for path, value, place in elements:
                def setter(new, place=place, key=key):
                    changed = copy.deepcopy(original)
                    changed[key] = place(new)
                    return changed
                for broken_path, rule, changed in mutations(value, schema, path, setter, document):
                    result.append({"file": file, "path": broken_path, "rule": rule,
                                   "text": json.dumps(changed, ensure_ascii=False)})
    json.dump(result, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
