"""The house rules, checked over the tracked tree: ``python -m tools.structure``.

Prints, per rule, what breaks it, and exits 1 if anything does:

- import cycles among the modules of seabattle/, hardware/ and code.py, counting imports inside
  functions and modules loaded by a literal path (``__import__``, ``load_module``);
- modules over MAX_LINES lines;
- string dispatch in shipped code: ``__getattr__``, ``getattr``/``setattr``/``hasattr`` with a
  computed name, a module imported by a computed path (but for DATA_PREFIXES), ``eval``/``exec``;
- development history in any tracked text: "session" or "issue" followed by a number from 1 up
  (the duel protocol's "session 0" and "session id" are its own terms).

tests/test_structure.py runs the same checks; each function takes the root and the files, so the
tests can feed it small trees of their own.
"""

import ast
import os
import re
import subprocess
import sys

MAX_LINES = 400
SHIPPED = ("seabattle/", "hardware/", "code.py")
CHECKED = SHIPPED + ("tools/", "tests/")
# module paths that may be computed: the language text tables, picked by the player's language
# (data, not code: every table has the same one name, TEXT, read the same way)
DATA_PREFIXES = ("seabattle.lang.",)
LOADERS = ("__import__", "import_module", "load_module")
# the one loader that takes a path (seabattle.compat.load_module): its own __import__ is the point
LOADER_HOME = ("seabattle/compat.py",)
# built from parts so that this file does not match itself
HISTORY = re.compile(r"\b(" + "sess" + "ion|" + "iss" + r"ue)s?\s*#?\s*[1-9][0-9]*\b", re.IGNORECASE)


def tracked(root):
    """The tracked files under ``root`` (git ls-files), or every file if git has none."""
    try:
        out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout
        files = out.split()
    except (OSError, subprocess.CalledProcessError):
        files = []
    if not files:
        for folder, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("lib", "out", "__pycache__")]
            files += [os.path.relpath(os.path.join(folder, n), root).replace(os.sep, "/") for n in names]
    return sorted(f for f in files if os.path.isfile(os.path.join(root, f)))


def module_name(path):
    name = path[:-3].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def _parse(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return ast.parse(f.read(), path)


def _literal(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _call_name(node):
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def imports(tree, modules, package):
    """[(imported module, line)] of repository modules that ``tree`` imports anywhere in it."""
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package up
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names = [base + "." + a.name if base + "." + a.name in modules else base for a in node.names]
        elif isinstance(node, ast.Call) and _call_name(node) in LOADERS and node.args:
            path = _literal(node.args[0])
            names = [path] if path else []
        found += [(n, node.lineno) for n in names if n in modules]
    return found


def cycles(root, files):
    """One text per import cycle (a strongly connected component of more than one module)."""
    paths = {module_name(f): f for f in files if f.endswith(".py") and f.startswith(SHIPPED)}
    edges = {}
    for name, path in paths.items():
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        edges[name] = {}
        for target, line in imports(_parse(root, path), paths, package):
            if target != name:
                edges[name].setdefault(target, line)
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def connect(v):  # Tarjan's algorithm, iterative: the graph is deep enough for recursion limits
        work = [(v, iter(sorted(edges[v])))]
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        while work:
            node, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    out = []
    for comp in sorted(found):
        a = comp[0]
        b = next(t for t in sorted(edges[a]) if t in comp)
        out.append("cycle of %d: %s (e.g. %s:%d imports %s)" % (len(comp), " ".join(comp), paths[a], edges[a][b], b))
    return out


def long_modules(root, files):
    out = []
    for f in files:
        if f.endswith(".py") and f.startswith(CHECKED):
            with open(os.path.join(root, f), encoding="utf-8") as fh:
                n = sum(1 for _ in fh)
            if n > MAX_LINES:
                out.append("%s: %d lines (at most %d)" % (f, n, MAX_LINES))
    return out


def string_dispatch(root, files):
    out = []
    for f in files:
        if not (f.endswith(".py") and f.startswith(SHIPPED)):
            continue
        for node in ast.walk(_parse(root, f)):
            where = "%s:%d" % (f, getattr(node, "lineno", 0))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "__getattr__":
                out.append(where + ": def __getattr__ (calls found only through a name)")
            elif isinstance(node, ast.Call):
                name = _call_name(node)
                if name in ("getattr", "setattr", "hasattr") and isinstance(node.func, ast.Name) and \
                        len(node.args) > 1 and _literal(node.args[1]) is None:
                    out.append(where + ": %s with a computed name" % name)
                elif name in LOADERS and node.args and _literal(node.args[0]) is None \
                        and not _data_path(node.args[0]) and f not in LOADER_HOME:
                    out.append(where + ": %s of a computed module path" % name)
                elif name in ("eval", "exec") and isinstance(node.func, ast.Name):
                    out.append(where + ": " + name)
    return out


def _data_path(node):
    """A computed module path under DATA_PREFIXES ("seabattle.lang." + lang + ...)."""
    while isinstance(node, ast.BinOp):
        node = node.left
    if isinstance(node, ast.JoinedStr) and node.values:
        node = node.values[0]
    text = _literal(node)
    return text is not None and text.startswith(DATA_PREFIXES)


def _is_text(path):
    with open(path, "rb") as f:
        return b"\0" not in f.read(8192)


def history_words(root, files):
    out = []
    for f in files:
        path = os.path.join(root, f)
        if not _is_text(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as fh:
            for i, line in enumerate(fh, 1):
                m = HISTORY.search(line)
                if m:
                    out.append("%s:%d: %r" % (f, i, m.group(0)))
    return out


RULES = (("import cycles", cycles), ("modules over %d lines" % MAX_LINES, long_modules),
         ("string dispatch", string_dispatch), ("development history", history_words))


def main(root=None):
    root = root or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = tracked(root)
    bad = 0
    for title, rule in RULES:
        found = rule(root, files)
        bad += len(found)
        print("%s: %d" % (title, len(found)))
        for line in found:
            print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
