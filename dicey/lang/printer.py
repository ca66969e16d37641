"""Print an AST back as ``.dice`` source that parses to the same AST.

Parentheses appear only where precedence needs them (the table in :mod:`dicey.lang.ast`,
shared with the grammar); blocks are indented four spaces. Comments are not kept.

>>> from dicey.lang.parser import parse_expr
>>> print_expr(parse_expr("(1 + 2) * -x[0] - (a - b)"))
'(1 + 2) * -x[0] - (a - b)'
>>> src = 'equipment "Hammer" { slots: any; on use { attack(d, shock); if d == 6 { inflict(shock) } } }'
>>> from dicey.lang.parser import parse
>>> print(print_module(parse(src)))
equipment "Hammer" {
    slots: any
    on use {
        attack(d, shock)
        if d == 6 {
            inflict(shock)
        }
    }
}
<BLANKLINE>
"""
from __future__ import annotations

from . import ast as A

INDENT = "    "
#: Precedence of atoms and postfix forms (binds tighter than any operator).
_ATOM = 9
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "notin"})


def quote(text: str) -> str:
    """A string literal for ``text``.

    >>> print(quote('say "hi"\\n'))
    "say \\"hi\\"\\n"
    """
    body = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\t", "\\t"))
    return f'"{body}"'


# ------------------------------------------------------------- expressions

def _prec(node: A.Expr) -> int:
    if isinstance(node, A.BinOp):
        return A.PRECEDENCE[node.op]
    if isinstance(node, A.UnaryOp):
        return A.NOT_PRECEDENCE if node.op == "not" else A.NEG_PRECEDENCE
    if isinstance(node, A.Int) and node.value < 0:
        return A.NEG_PRECEDENCE
    return _ATOM


def _wrap(node: A.Expr, need: int) -> str:
    """``node`` printed, in parentheses if it binds looser than ``need``."""
    text = print_expr(node)
    return f"({text})" if _prec(node) < need else text


def print_expr(node: A.Expr) -> str:
    """One expression, with the fewest parentheses that keep its meaning."""
    if isinstance(node, A.Int):
        return str(node.value)
    if isinstance(node, A.Bool):
        return "true" if node.value else "false"
    if isinstance(node, A.Str):
        return quote(node.value)
    if isinstance(node, A.Name):
        return node.id
    if isinstance(node, A.ListExpr):
        return "[" + ", ".join(print_expr(e) for e in node.items) + "]"
    if isinstance(node, A.Call):
        return f"{node.func}(" + ", ".join(print_expr(e) for e in node.args) + ")"
    if isinstance(node, A.Index):
        return f"{_wrap(node.obj, A.POSTFIX_PRECEDENCE)}[{print_expr(node.index)}]"
    if isinstance(node, A.Field):
        return f"{_wrap(node.obj, A.POSTFIX_PRECEDENCE)}.{node.name}"
    if isinstance(node, A.UnaryOp):
        if node.op == "not":
            return f"not {_wrap(node.operand, A.NOT_PRECEDENCE)}"
        return f"-{_wrap(node.operand, A.NEG_PRECEDENCE)}"
    if isinstance(node, A.BinOp):
        return _binop(node)
    raise TypeError(f"not an expression: {node!r}")


def _binop(node: A.BinOp) -> str:
    prec = A.PRECEDENCE[node.op]
    op = "not in" if node.op == "notin" else node.op
    if node.op in _COMPARISONS:   # not associative: both sides are sums
        left, right = _wrap(node.left, prec + 1), _wrap(node.right, prec + 1)
    else:                          # left-associative
        left, right = _wrap(node.left, prec), _wrap(node.right, prec + 1)
    return f"{left} {op} {right}"


# -------------------------------------------------------------- statements

def print_block(stmts: tuple[A.Stmt, ...], depth: int) -> str:
    """``{``, the statements one a line, and ``}`` at ``depth``'s indentation."""
    inner = "".join(print_stmt(s, depth + 1) for s in stmts)
    return "{\n" + inner + INDENT * depth + "}"


def print_stmt(node: A.Stmt, depth: int = 0) -> str:
    """One statement (with its line end) at an indentation depth."""
    pad = INDENT * depth
    if isinstance(node, A.Let):
        return f"{pad}let {node.name} = {print_expr(node.value)}\n"
    if isinstance(node, A.Assign):
        return f"{pad}{node.name} = {print_expr(node.value)}\n"
    if isinstance(node, A.If):
        parts = []
        for i, (cond, body) in enumerate(node.branches):
            word = "if" if i == 0 else " elif"
            parts.append(f"{word} {print_expr(cond)} {print_block(body, depth)}")
        if node.orelse is not None:
            parts.append(f" else {print_block(node.orelse, depth)}")
        return pad + "".join(parts) + "\n"
    if isinstance(node, A.Repeat):
        return f"{pad}repeat {print_expr(node.count)} {print_block(node.body, depth)}\n"
    if isinstance(node, A.For):
        return (f"{pad}for {node.var} in {print_expr(node.iterable)} "
                f"{print_block(node.body, depth)}\n")
    if isinstance(node, A.Cancel):
        return f"{pad}cancel\n"
    if isinstance(node, A.Stop):
        return f"{pad}stop\n"
    if isinstance(node, A.ExprStmt):
        return f"{pad}{print_expr(node.expr)}\n"
    raise TypeError(f"not a statement: {node!r}")


# ------------------------------------------------------------ declarations

def print_item(item: A.Item) -> str:
    """A property value: ``any``, ``max 4``, ``12``, ``2..5``, ``"Sword"``."""
    if isinstance(item, A.Word):
        number = "" if item.number is None else f" {item.number}"
        return item.text + number
    if isinstance(item, A.Num):
        return str(item.value)
    if isinstance(item, A.Range):
        return f"{item.low}..{item.high}"
    if isinstance(item, A.Text):
        return quote(item.value)
    if isinstance(item, A.ExprItem):
        return print_expr(item.expr)
    raise TypeError(f"not a property item: {item!r}")


def print_member(member: A.Member, depth: int) -> str:
    """One member of a declaration (with its line end)."""
    pad = INDENT * depth
    if isinstance(member, A.Property):
        return f"{pad}{member.key}: " + ", ".join(print_item(i) for i in member.items) + "\n"
    if isinstance(member, A.Flag):
        return f"{pad}{member.text}\n"
    if isinstance(member, A.VarDecl):
        return f"{pad}var {member.name} = {print_expr(member.value)}\n"
    if isinstance(member, A.Hook):
        return f"{pad}{member.event} {print_block(member.body, depth)}\n"
    if isinstance(member, A.Section):
        number = "" if member.number is None else f" {member.number}"
        return f"{pad}{member.title}{number} {_members(member.members, depth)}\n"
    raise TypeError(f"not a member: {member!r}")


def _members(members: tuple[A.Member, ...], depth: int) -> str:
    inner = "".join(print_member(m, depth + 1) for m in members)
    return "{\n" + inner + INDENT * depth + "}"


def print_decl(decl: A.TopLevel) -> str:
    """One declaration (or extension)."""
    if isinstance(decl, A.Extension):
        name = "" if decl.name is None else f"{quote(decl.name)} "
        return f"extend {decl.kind} {name}" + _members(decl.members, 0) + "\n"
    head = ("override " if decl.override else "") + f"{decl.kind} {quote(decl.name)} "
    return head + _members(decl.members, 0) + "\n"


def print_module(module: A.Module) -> str:
    """A whole file: declarations separated by blank lines."""
    return "\n".join(print_decl(d) for d in module.decls)
