"""No test holds a wall-clock limit: every wait on what must come (an answer, a page, a
process, a stream) runs to ``tests.patience.HANG``, which only a hang reaches. The tests
are walked for the forms a limit takes: a ``timeout=`` (or ``connect_timeout=``) given a
number, a ``wait``, ``join`` or ``settimeout`` given a number, and a deadline made of the
clock plus a number."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
TIMEOUT_KEYWORDS = {"timeout", "connect_timeout", "within", "patience"}
WAITS = {"wait", "join", "settimeout", "communicate", "wait_for"}
CLOCKS = {"monotonic", "time", "perf_counter"}
# The benchmarks' phone, server and crowd wait as a benchmark does, a few seconds: a test
# that takes them from ``benchmarks`` hands them its own patience.
PATIENT_CALLS = {"Phone": "timeout", "start_server": "patience", "run": "patience"}


def _is_number(node: ast.AST) -> bool:
    """A number written out, or arithmetic of numbers only (``2 * 60``)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int | float) and not isinstance(node.value, bool)
    if isinstance(node, ast.BinOp):
        return _is_number(node.left) and _is_number(node.right)
    if isinstance(node, ast.UnaryOp):
        return _is_number(node.operand)
    return False


def _is_clock(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in CLOCKS
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "time"
    )


def _is_a_pause(node: ast.Call) -> bool:
    """``threading.Event().wait(0.2)``: a wait on what never comes is a pause, not a limit."""
    receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
    return (
        isinstance(receiver, ast.Call)
        and isinstance(receiver.func, ast.Attribute)
        and receiver.func.attr == "Event"
    )


def limits_in(source: str) -> list[tuple[int, str]]:
    """The wall-clock limits in a module's source: (line, what)."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source)
    from_benchmarks = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("benchmarks")
        for alias in node.names
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg in TIMEOUT_KEYWORDS and _is_number(keyword.value):
                    found.append((node.lineno, f"{keyword.arg}={ast.unparse(keyword.value)}"))
            called = node.func.id if isinstance(node.func, ast.Name) else ""
            needed = PATIENT_CALLS.get(called) if called in from_benchmarks else None
            if needed and needed not in {k.arg for k in node.keywords}:
                found.append((node.lineno, f"{called}(...) without {needed}="))
            name = node.func.attr if isinstance(node.func, ast.Attribute) else None
            if name in WAITS and any(_is_number(argument) for argument in node.args):
                if _is_a_pause(node):
                    continue
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            if (_is_clock(node.left) and _is_number(node.right)) or (
                _is_clock(node.right) and _is_number(node.left)
            ):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            defaults = node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
            named = node.args.args[-len(node.args.defaults) :] if node.args.defaults else []
            for argument, default in zip(named, node.args.defaults, strict=True):
                if argument.arg in TIMEOUT_KEYWORDS and _is_number(default):
                    found.append((node.lineno, f"{argument.arg}={ast.unparse(default)}"))
            del defaults
    return found


def test_no_test_holds_a_wall_clock_limit():
    found = [
        f"{path.relative_to(TESTS.parent)}:{line}: {what}"
        for path in sorted(TESTS.rglob("*.py"))
        if path.name != "test_patience.py"
        for line, what in limits_in(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "wall-clock limits (wait to tests.patience.HANG instead):\n" + "\n".join(
        found
    )


def test_the_walk_finds_each_form_a_limit_takes():
    """The walk itself can fail: each form of a limit is found, and a wait to ``HANG``
    is not."""
    limits = """
import subprocess, time
subprocess.run(["true"], timeout=60)
sock.settimeout(90)
server.wait(30)
thread.join(15)
queue.get(timeout=5)
deadline = time.monotonic() + 30
expect.set_options(timeout=15_000)
psycopg.connect(url, connect_timeout=3)
def reached(version, within=30): ...
from benchmarks.phones import Phone
phone = Phone(base)
"""
    assert len(limits_in(limits)) == 10
    patient = """
import time
from tests.patience import HANG, HANG_MS
subprocess.run(["true"], timeout=HANG)
sock.settimeout(HANG)
server.wait(HANG)
deadline = time.monotonic() + HANG
expect.set_options(timeout=HANG_MS)
", ".join(names)
time.sleep(0.2)
from benchmarks.phones import Phone
phone = Phone(base, timeout=HANG)
run(["ls"])
"""
    assert limits_in(patient) == []
