"""Checks a JSON document against a JSON Schema, for the subset of the
keywords Tilt's schemas use (type, enum, required, properties,
additionalProperties, items, minimum, maximum, minItems, maxItems).
Debian's python3 has no jsonschema module; this is enough for
docs/plan.schema.json. Unknown keywords are an error, so that the schema
cannot silently ask for more than is checked.

usage: check_json_schema.py SCHEMA DOCUMENT
"""
import json
import sys

KNOWN = {"$schema", "$id", "title", "description", "type", "enum", "required",
         "properties", "additionalProperties", "items", "minimum", "maximum",
         "minItems", "maxItems"}
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool,
         "null": type(None)}


def is_type(value, name):
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def check(schema, value, path, errors):
    unknown = set(schema) - KNOWN
    if unknown:
        errors.append(f"schema at {path}: unsupported keywords {sorted(unknown)}")
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        if not any(is_type(value, name) for name in names):
            errors.append(f"{path}: expected {types}, got {json.dumps(value)[:60]}")
            return
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path}: {json.dumps(value)} is not one of {schema['enum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{path}: missing '{key}'")
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                check(properties[key], item, f"{path}.{key}", errors)
            elif schema.get("additionalProperties", True) is False:
                errors.append(f"{path}: unexpected '{key}'")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            errors.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append(f"{path}: more than {schema['maxItems']} items")
        if "items" in schema:
            for index, item in enumerate(value):
                check(schema["items"], item, f"{path}[{index}]", errors)
    if is_type(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            errors.append(f"{path}: {value} < {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errors.append(f"{path}: {value} > {schema['maximum']}")


def main():
    with open(sys.argv[1]) as file:
        schema = json.load(file)
    with open(sys.argv[2]) as file:
        document = json.load(file)
    errors = []
    check(schema, document, "$", errors)
    for error in errors:
        print(f"{sys.argv[2]}: {error}")
    if not errors:
        print(f"{sys.argv[2]}: valid")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
