#!/usr/bin/python3
"""Validates a SARIF log against the OASIS SARIF 2.1.0 JSON schema.

Usage: validate_sarif.py SCHEMA FILE.sarif

Uses the jsonschema module (Debian's python3-jsonschema, 4.10), so run it
with /usr/bin/python3. The draft is the one the schema declares in "$schema"
(draft-07 for tests/data/sarif-schema-2.1.0.json), and "format" is checked
wherever the installed checkers can (uri and uri-reference yes, date-time
only when rfc3339-validator is installed).

Each schema violation is printed as one line, `path: message`, where path is
a JSONPath into the log ($ is the whole log, $.runs[0].results[1] a result).
Exit status: 0 valid, 1 invalid, 2 usage error, a missing or unreadable file,
a file that is not JSON, or a schema that is not a valid schema.
"""
import json
import sys

try:
    import jsonschema
    from jsonschema import validators
except ImportError:
    sys.exit('validate_sarif.py: the jsonschema module is missing '
             '(apt-get install python3-jsonschema; run with /usr/bin/python3)')


def fail(msg):
    """Reports a problem that keeps validation from running and exits 2."""
    print(f'validate_sarif.py: {msg}', file=sys.stderr)
    sys.exit(2)


def reject_constant(name):
    raise ValueError(f'{name} is not valid JSON')


def load_json(path, what):
    """Reads path as strict UTF-8 JSON (no NaN or Infinity), or exits 2."""
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
    except FileNotFoundError:
        fail(f'{what} {path}: no such file')
    except (OSError, UnicodeDecodeError) as e:
        fail(f'{what} {path}: cannot read: {e}')
    try:
        return json.loads(text, parse_constant=reject_constant)
    except json.JSONDecodeError as e:
        fail(f'{what} {path}: not JSON: {e.msg} at line {e.lineno} '
             f'column {e.colno}')
    except ValueError as e:
        fail(f'{what} {path}: not JSON: {e}')


def sort_key(error):
    # Numbers and names may mix in a path; keep indices in numeric order.
    return ([(0, p, '') if isinstance(p, int) else (1, 0, p)
             for p in error.absolute_path], error.message)


def one_line(text):
    return ' '.join(str(text).split())


def main(argv):
    if len(argv) != 3 or argv[1] in ('-h', '--help'):
        print('usage: validate_sarif.py SCHEMA FILE.sarif', file=sys.stderr)
        return 2
    schema_path, log_path = argv[1], argv[2]
    schema = load_json(schema_path, 'schema')
    log = load_json(log_path, 'SARIF file')

    cls = validators.validator_for(schema, default=jsonschema.Draft7Validator)
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as e:
        fail(f'schema {schema_path}: not a valid {cls.__name__} schema: '
             f'{one_line(e.message)}')
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)

    errors = sorted(validator.iter_errors(log), key=sort_key)
    for error in errors:
        print(f'{error.json_path}: {one_line(error.message)}')
        # anyOf/oneOf failures say only "not valid under any of the given
        # schemas"; show what each alternative objected to.
        for sub in sorted(error.context or (), key=sort_key):
            print(f'{sub.json_path}: ({one_line(sub.message)})')
    if errors:
        print(f'{log_path}: {len(errors)} error(s), not valid SARIF 2.1.0',
              file=sys.stderr)
        return 1
    print(f'{log_path}: valid SARIF 2.1.0')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
