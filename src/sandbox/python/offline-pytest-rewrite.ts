/**
 * Phasegate's offline pytest, the module `_pgpytest_rewrite`: assertion rewriting: each `assert` in a test file or conftest.py fails with the
 * values it compared (and where they differ, for lists, dicts, sets and long strings).
 */
export const PYTEST_REWRITE = String.raw`"""Assertion rewriting for Phasegate's offline pytest: a failing assert shows the values it compared."""
import ast

_OPS = {ast.Eq: '==', ast.NotEq: '!=', ast.Lt: '<', ast.LtE: '<=', ast.Gt: '>', ast.GtE: '>=', ast.Is: 'is', ast.IsNot: 'is not', ast.In: 'in', ast.NotIn: 'not in'}
_HELPERS = '__import__("_pgpytest_rewrite")'


class AssertRewriter(ast.NodeTransformer):
    def __init__(self):
        self.count = 0

    def visit_Assert(self, node):
        self.count += 1
        test = node.test
        source = ast.unparse(test)
        msg = ast.unparse(node.msg) if node.msg is not None else 'None'
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _OPS:
            left, right = f'__pg_left{self.count}', f'__pg_right{self.count}'
            op = _OPS[type(test.ops[0])]
            code = (
                f'{left} = ({ast.unparse(test.left)})\n'
                f'{right} = ({ast.unparse(test.comparators[0])})\n'
                f'if not ({left} {op} {right}):\n'
                f'    raise AssertionError({_HELPERS}.explain_compare({left}, {op!r}, {right}, {source!r}, {msg}))\n'
            )
        else:
            value = f'__pg_value{self.count}'
            code = f'{value} = ({source})\nif not {value}:\n    raise AssertionError({_HELPERS}.explain_value({value}, {source!r}, {msg}))\n'
        statements = ast.parse(code).body
        for statement in statements:
            for child in ast.walk(statement):
                if 'lineno' in child._attributes:
                    child.lineno, child.end_lineno = node.lineno, node.end_lineno
                    child.col_offset, child.end_col_offset = node.col_offset, node.end_col_offset
        return statements


def rewrite(source, path):
    tree = ast.parse(source, path)
    tree = AssertRewriter().visit(tree)
    ast.fix_missing_locations(tree)
    return compile(tree, path, 'exec', dont_inherit=True)


def _short(value, limit=240):
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + '...'


def _detail(left, op, right):
    if op != '==':
        return []
    if isinstance(left, str) and isinstance(right, str):
        if '\n' in left or '\n' in right or len(left) + len(right) > 80:
            import difflib

            return ['Full diff:', *('  ' + line for line in list(difflib.ndiff(right.splitlines(), left.splitlines()))[:40])]
        return []
    if isinstance(left, dict) and isinstance(right, dict):
        lines = []
        differing = [k for k in left if k in right and left[k] != right[k]]
        if differing:
            lines.append('Differing items:')
            lines.extend(f'{{{k!r}: {_short(left[k], 80)}}} != {{{k!r}: {_short(right[k], 80)}}}' for k in differing[:10])
        only_left = [k for k in left if k not in right]
        only_right = [k for k in right if k not in left]
        if only_left:
            lines.append(f'Left contains {len(only_left)} more item{"s" if len(only_left) != 1 else ""}: {_short({k: left[k] for k in only_left})}')
        if only_right:
            lines.append(f'Right contains {len(only_right)} more item{"s" if len(only_right) != 1 else ""}: {_short({k: right[k] for k in only_right})}')
        return lines
    if isinstance(left, (set, frozenset)) and isinstance(right, (set, frozenset)):
        lines = []
        if left - right:
            lines.append(f'Extra items in the left set: {_short(left - right)}')
        if right - left:
            lines.append(f'Extra items in the right set: {_short(right - left)}')
        return lines
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
        for index, (a, b) in enumerate(zip(left, right)):
            if a != b:
                return [f'At index {index} diff: {_short(a, 80)} != {_short(b, 80)}']
        if len(left) != len(right):
            longer, side = (left, 'Left') if len(left) > len(right) else (right, 'Right')
            extra = len(longer) - min(len(left), len(right))
            return [f'{side} contains {extra} more item{"s" if extra != 1 else ""}, first extra item: {_short(longer[min(len(left), len(right))], 80)}']
    return []


def explain_compare(left, op, right, source, msg):
    head = f'{msg}\n' if msg is not None else ''
    lines = [f'assert {_short(left)} {op} {_short(right)}']
    expression = f'{left!r} {op} {right!r}'
    try:
        lines.extend('  ' + line for line in _detail(left, op, right))
    except Exception:
        pass
    if source != expression:
        lines.append(f' +  where the assertion was: assert {source}')
    return head + '\n'.join(lines)


def explain_value(value, source, msg):
    head = f'{msg}\n' if msg is not None else ''
    if repr(value) == source:
        return f'{head}assert {source}'
    return f'{head}assert {_short(value)}\n +  where {_short(value)} = {source}'
`;
