#!/usr/bin/env python3
"""Checks the API contract: the OpenAPI document itself, and JSON documents against its schemas.

Always: validates api/openapi.yaml as an OpenAPI document (openapi-spec-validator) and checks every
example in it against the schema it illustrates. Then, optionally, validates JSON documents against a
named component schema, resolving $refs:

  validate_contract.py                                   # the document and its examples only
  validate_contract.py --schema Interview a.json b.json  # these files are Interviews
  validate_contract.py --manifest responses/manifest.json
  validate_contract.py --strict --manifest …             # also reject keys the schemas do not name

A manifest is a JSON array of {"schema": "<component name>", "file": "<path>"}; relative paths are
relative to the manifest. `--strict` is for checking our own server's output: the contract lets the
service add keys (clients ignore them), but the reference server should only send documented ones.

Exit status: 0 all valid, 1 something invalid, 2 bad usage or a missing Python module.
Needs PyYAML, jsonschema and openapi-spec-validator (pip install pyyaml jsonschema openapi-spec-validator).
"""

import argparse
import copy
import json
import sys
from datetime import datetime
from pathlib import Path

REQUIRED_MODULES = {"yaml": "PyYAML", "jsonschema": "jsonschema", "referencing": "jsonschema",
                    "openapi_spec_validator": "openapi-spec-validator"}
DOCUMENT_URI = "urn:report-contract:openapi"


def import_modules():
    missing = []
    modules = {}
    for module, package in REQUIRED_MODULES.items():
        try:
            modules[module] = __import__(module)
        except ImportError:
            missing.append(package)
    if missing:
        names = " ".join(sorted(set(missing)))
        sys.stderr.write(f"validate_contract.py: missing Python package(s): {names}\n"
                         f"  install them with: python3 -m pip install {names}\n")
        sys.exit(2)
    return modules


def load_document(path, yaml):
    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except (OSError, yaml.YAMLError) as error:
        sys.stderr.write(f"validate_contract.py: cannot read {path}: {error}\n")
        sys.exit(2)


def json_path(error_path):
    text = "$"
    for part in error_path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def disallow_unknown_keys(node):
    """--strict: every object schema that lists properties accepts only those."""
    if isinstance(node, dict):
        if "properties" in node:
            node["additionalProperties"] = False
        for value in node.values():
            disallow_unknown_keys(value)
    elif isinstance(node, list):
        for value in node:
            disallow_unknown_keys(value)


class Contract:
    def __init__(self, document, modules, strict):
        import jsonschema
        import referencing
        import referencing.jsonschema

        self.document = copy.deepcopy(document)
        if strict:
            disallow_unknown_keys(self.document.get("components", {}).get("schemas", {}))
        resource = referencing.Resource.from_contents(
            self.document, default_specification=referencing.jsonschema.DRAFT202012)
        self.registry = referencing.Registry().with_resource(DOCUMENT_URI, resource)
        self.format_checker = jsonschema.FormatChecker()

        @self.format_checker.checks("date-time", raises=ValueError)
        def is_date_time(value):
            # RFC 3339 needs the offset; fromisoformat alone would accept a naive time.
            if not isinstance(value, str):
                return True
            return "T" in value and datetime.fromisoformat(value.replace("Z", "+00:00")).tzinfo is not None

        @self.format_checker.checks("email")
        def is_email(value):
            return not isinstance(value, str) or ("@" in value and not value.startswith("@"))

        self.jsonschema = jsonschema

    def schema_names(self):
        return sorted(self.document.get("components", {}).get("schemas", {}))

    def validator(self, pointer):
        return self.jsonschema.Draft202012Validator(
            {"$ref": f"{DOCUMENT_URI}#{pointer}"}, registry=self.registry, format_checker=self.format_checker)

    def errors(self, pointer, instance):
        problems = []
        for error in self.validator(pointer).iter_errors(instance):
            # For anyOf (nullable sections) the interesting error is inside the non-null branch.
            error = self.jsonschema.exceptions.best_match([error])
            message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
            problems.append(f"{json_path(error.absolute_path)}: {message}")
        return sorted(problems)


def escape_pointer(token):
    return token.replace("~", "~0").replace("/", "~1")


def check_examples(contract):
    """Every example in the document must be valid against the schema it sits next to."""
    problems = []
    schemas = contract.document.get("components", {}).get("schemas", {})
    for name, schema in schemas.items():
        for index, example in enumerate(schema.get("examples", []) if isinstance(schema, dict) else []):
            for problem in contract.errors(f"/components/schemas/{escape_pointer(name)}", example):
                problems.append(f"components.schemas.{name}.examples[{index}] {problem}")

    def media_types(node, pointer, label):
        if isinstance(node, dict):
            for key, value in node.items():
                child = f"{pointer}/{escape_pointer(str(key))}"
                if key == "content" and isinstance(value, dict):
                    for media, body in value.items():
                        if not isinstance(body, dict) or "schema" not in body:
                            continue
                        schema_pointer = f"{child}/{escape_pointer(media)}/schema"
                        samples = []
                        if "example" in body:
                            samples.append(("example", body["example"]))
                        for sample_name, sample in body.get("examples", {}).items():
                            if isinstance(sample, dict) and "value" in sample:
                                samples.append((f"examples.{sample_name}", sample["value"]))
                        for sample_label, sample in samples:
                            for problem in contract.errors(schema_pointer, sample):
                                problems.append(f"{label}{pointer} {media} {sample_label} {problem}")
                else:
                    media_types(value, child, label)
        elif isinstance(node, list):
            for index, value in enumerate(node):
                media_types(value, f"{pointer}/{index}", label)

    media_types(contract.document.get("paths", {}), "/paths", "")
    media_types(contract.document.get("components", {}).get("responses", {}), "/components/responses", "")
    return problems


def read_manifest(path):
    try:
        entries = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        sys.stderr.write(f"validate_contract.py: cannot read manifest {path}: {error}\n")
        sys.exit(2)
    base = Path(path).resolve().parent
    if not isinstance(entries, list) or not all(
            isinstance(entry, dict) and isinstance(entry.get("schema"), str) and isinstance(entry.get("file"), str)
            for entry in entries):
        sys.stderr.write(f"validate_contract.py: {path}: expected a JSON array of {{\"schema\": …, \"file\": …}}\n")
        sys.exit(2)
    return [(entry["schema"], base / entry["file"]) for entry in entries]


def main():
    default_spec = Path(__file__).resolve().parent.parent / "api" / "openapi.yaml"
    parser = argparse.ArgumentParser(
        description="Validate api/openapi.yaml and JSON documents against its component schemas.")
    parser.add_argument("--spec", type=Path, default=default_spec, help="the OpenAPI document (default: %(default)s)")
    parser.add_argument("--schema", metavar="NAME", help="validate FILEs against components.schemas.NAME")
    parser.add_argument("--manifest", type=Path, help='a JSON array of {"schema": NAME, "file": PATH}')
    parser.add_argument("--strict", action="store_true", help="reject object keys the schemas do not name")
    parser.add_argument("files", nargs="*", type=Path, metavar="FILE", help="JSON documents (with --schema)")
    arguments = parser.parse_args()
    if arguments.files and not arguments.schema:
        parser.error("FILE arguments need --schema NAME")
    if arguments.schema and not arguments.files:
        parser.error("--schema needs at least one FILE")

    modules = import_modules()
    document = load_document(arguments.spec, modules["yaml"])
    failures = 0

    from openapi_spec_validator import validate as validate_spec
    try:
        validate_spec(document)
    except Exception as error:  # the validator raises several exception types; all mean "invalid"
        print(f"INVALID {arguments.spec}: {getattr(error, 'message', error)}")
        return 1
    contract = Contract(document, modules, arguments.strict)
    example_problems = check_examples(contract)
    for problem in example_problems:
        print(f"INVALID example: {problem}")
    failures += len(example_problems)
    if not example_problems:
        print(f"ok {arguments.spec}: valid OpenAPI {document.get('openapi')} document, examples match their schemas")

    invalid_files = 0
    checks = [(arguments.schema, path) for path in arguments.files]
    if arguments.manifest:
        checks += read_manifest(arguments.manifest)
    names = set(contract.schema_names())
    for schema, path in checks:
        if schema not in names:
            sys.stderr.write(f"validate_contract.py: no schema '{schema}' in the document "
                             f"(known: {', '.join(sorted(names))})\n")
            return 2
        try:
            instance = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"INVALID {path} ({schema}): not readable JSON: {error}")
            invalid_files += 1
            continue
        problems = contract.errors(f"/components/schemas/{escape_pointer(schema)}", instance)
        for problem in problems:
            print(f"INVALID {path} ({schema}) {problem}")
        invalid_files += bool(problems)
    if checks:
        print(f"{'FAILED' if invalid_files else 'ok'}: {len(checks)} document(s) checked"
              f"{' in strict mode' if arguments.strict else ''}, {invalid_files} invalid")
    return 1 if failures or invalid_files else 0


if __name__ == "__main__":
    sys.exit(main())
