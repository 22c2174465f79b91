#!/usr/bin/env python3
"""The module graph of a crate: which source file names which, and its import circles.

Usage: scripts/module_graph.py CRATE_SRC [--dot FILE] [--folders-dot FILE] [--check]

Reads every `.rs` file under CRATE_SRC (for example `solvers/scrabble/src`), maps each file to its
module path (`lib.rs` is the root, `board/mod.rs` is `board`, `board/rules.rs` is `board::rules`) and
collects the edges "file A names a path `crate::...`, `super::...`, `self::...` or `child::...` (a
submodule of its own) that lands in file B", whether in a `use` or inline in the code; a `mod`
declaration alone is no edge. Test modules (`#[cfg(test)] mod ...`) and comments are left out,
since they do not shape the library. A path lands in the longest module prefix that is a file.

Prints the number of files, the floors (the deepest module path, the root being floor 1), the
layers (the longest chain of imports, in files, a circle counting as one file), the edges, the
names the crate root re-exports (the leaves of the `pub use` trees in `lib.rs`), and every import
circle: a strongly connected component of more than one file (Tarjan 1972), and how many of them
hold more than two files. With `--dot FILE`, writes the graph in Graphviz dot,
one cluster per folder, circles drawn red; with `--folders-dot FILE`, the graph of the top-level
modules (a folder as one node, each edge labelled with the file imports it stands for; the crate
root left out).
"""

import argparse
import re
import sys
from pathlib import Path

PATH = re.compile(r"\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+|::\{)")
USE_GROUP = re.compile(r"\buse\s+(crate|super|self)::([^;]*);", re.S)
# `use child::...` in a module naming one of its own submodules (2018 edition paths).
USE_CHILD = re.compile(r"\buse\s+([a-z_][a-z0-9_]*)::([^;]*);", re.S)


def module_of(src: Path, file: Path) -> tuple:
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("lib", "mod", "main"):
        parts.pop()
    return tuple(parts)


def strip(text: str) -> str:
    """Leaves out comments and the test modules."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    match = re.search(r"#\[cfg\(test\)\]\s*(pub(\([a-z]+\))?\s+)?mod\s+\w+\s*\{", text)
    if match:
        text = text[: match.start()]
    # Test-only declarations such as `#[cfg(test)] mod tests;` or `#[cfg(test)] use ...;`.
    text = re.sub(r"#\[cfg\(test\)\]\s*[^;{]*;", "", text)
    return text


def expand(prefix: list, body: str) -> list:
    """The paths of a use tree `a::{b, c::{d, e}}` below `prefix`."""
    body = body.strip()
    if not body:
        return [prefix]
    depth, start = 0, None
    for i, ch in enumerate(body):
        if ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}":
            depth -= 1
    if start is None:
        return [prefix + [p.strip() for p in body.split("::") if p.strip() and p.strip() != "*"]]
    head = [p.strip() for p in body[:start].split("::") if p.strip()]
    inner = body[start + 1 : body.rindex("}")]
    pieces, depth, current = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            pieces.append(current)
            current = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        current += ch
    pieces.append(current)
    paths = []
    for piece in pieces:
        piece = piece.split(" as ")[0].strip()
        if piece and piece != "self":
            paths += expand(prefix + head, piece)
        elif piece == "self":
            paths.append(prefix + head)
    return paths


def graph(src: Path):
    files = {module_of(src, f): f for f in sorted(src.rglob("*.rs"))}
    edges = set()
    for module, file in files.items():
        text = strip(file.read_text())
        paths = []
        for kind, body in USE_GROUP.findall(text):
            paths.append((kind, expand([], body)))
        text = USE_GROUP.sub("", text)
        for child, body in USE_CHILD.findall(text):
            if module + (child,) in files:
                paths.append(("self", expand([child], body)))
        text = USE_CHILD.sub("", text)
        for kind, tail in PATH.findall(text):
            paths.append((kind, [[p for p in tail.split("::") if p and p != "{"]]))
        for kind, expanded in paths:
            for path in expanded:
                if kind == "crate":
                    base = []
                elif kind == "self":
                    base = list(module)
                else:
                    base = list(module)[:-1]
                    while path and path[0] == "super":
                        path, base = path[1:], base[:-1]
                full = base + path
                target = None
                for n in range(len(full), -1, -1):
                    if tuple(full[:n]) in files:
                        target = tuple(full[:n])
                        break
                if target is not None and target != module:
                    edges.add((module, target))
    return files, edges


def tarjan(nodes, edges):
    succ = {n: [] for n in nodes}
    for a, b in edges:
        succ[a].append(b)
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            out.append(component)

    sys.setrecursionlimit(10000)
    for n in nodes:
        if n not in index:
            visit(n)
    return [c for c in out if len(c) > 1]


def layers(nodes, edges, circles) -> int:
    """The longest chain of imports, in files, once each circle is taken as one file."""
    component = {n: n for n in nodes}
    for c in circles:
        for m in c:
            component[m] = c[0]
    succ = {}
    for a, b in edges:
        if component[a] != component[b]:
            succ.setdefault(component[a], set()).add(component[b])
    memo = {}

    def depth(n):
        if n not in memo:
            memo[n] = 1 + max((depth(m) for m in succ.get(n, ())), default=0)
        return memo[n]

    return max(depth(component[n]) for n in nodes)


def name(module) -> str:
    return "::".join(module) or "lib"


def dot(files, edges, circles) -> str:
    in_circle = {m for c in circles for m in c}
    lines = ["digraph modules {", "  rankdir=LR;", '  node [shape=box, fontname="monospace", fontsize=10];']
    parents = {module[:-1] for module in files if len(module) > 1}
    folders = {}
    for module in files:
        folders.setdefault(module if module in parents else module[:-1], []).append(module)
    for folder, members in sorted(folders.items()):
        indent = "  "
        if folder:
            lines.append(f'  subgraph "cluster_{name(folder)}" {{ label="{name(folder)}/";')
            indent = "    "
        for m in members:
            colour = ', color=red' if m in in_circle else ""
            label = "mod" if m == folder and m else (m[-1] if m else "lib")
            lines.append(f'{indent}"{name(m)}" [label="{label}"{colour}];')
        if folder:
            lines.append("  }")
    for a, b in sorted(edges):
        red = " [color=red]" if any(a in c and b in c for c in circles) else ""
        lines.append(f'  "{name(a)}" -> "{name(b)}"{red};')
    lines.append("}")
    return "\n".join(lines) + "\n"


def folder_dot(files, edges) -> str:
    """The graph of the crate's top-level modules (a folder counts as one), each edge labelled with
    the number of file-to-file imports it stands for."""
    top = lambda m: m[0] if m else "lib"
    counts = {}
    for a, b in edges:
        if top(a) != top(b) and "lib" not in (top(a), top(b)):
            counts[(top(a), top(b))] = counts.get((top(a), top(b)), 0) + 1
    folders = {m[0] for m in files if len(m) > 1}
    lines = ["digraph folders {", "  rankdir=BT;", '  node [shape=box, fontname="monospace"];']
    for node in sorted({top(m) for m in files} - {"lib"}):
        label = node + "/" if node in folders else node
        lines.append(f'  "{node}" [label="{label}"];')
    for (a, b), n in sorted(counts.items()):
        lines.append(f'  "{a}" -> "{b}" [label="{n}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def root_names(src: Path) -> int:
    """The names the crate root re-exports: every leaf of its `pub use` trees."""
    text = strip((src / "lib.rs").read_text())
    return sum(len(expand([], body)) for body in re.findall(r"\bpub\s+use\s+([^;]*);", text, re.S))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="example: scripts/module_graph.py solvers/scrabble/src --folders-dot folders.dot",
    )
    parser.add_argument("crate_src", type=Path, help="a crate's source folder, holding its lib.rs")
    parser.add_argument("--dot", type=Path, metavar="FILE", help="write the file graph in Graphviz dot")
    parser.add_argument("--folders-dot", type=Path, metavar="FILE", help="write the graph of the top-level modules")
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when a circle holds more than 2 files or the root re-exports more than 25 names",
    )
    args = parser.parse_args()
    src = args.crate_src
    if not (src / "lib.rs").is_file():
        parser.error(f"{src}: no lib.rs there (give a crate's source folder, such as solvers/scrabble/src)")
    files, edges = graph(src)
    circles = tarjan(list(files), edges)
    floors = max(len(m) for m in files) + 1
    chain = layers(list(files), edges, circles)
    print(f"{src}: {len(files)} files, {floors} floors, {chain} layers, {len(edges)} edges, {len(circles)} circles "
          f"({sum(len(c) > 2 for c in circles)} of more than 2 files), {root_names(src)} names re-exported at the root")
    for c in sorted(circles, key=len, reverse=True):
        print(f"  circle of {len(c)}: " + ", ".join(sorted(name(m) for m in c)))
    if args.dot:
        args.dot.write_text(dot(files, edges, circles))
    if args.folders_dot:
        args.folders_dot.write_text(folder_dot(files, edges))
    if args.check:
        faults = [f"a circle of {len(c)} files" for c in circles if len(c) > 2]
        if root_names(src) > 25:
            faults.append(f"{root_names(src)} names re-exported at the root")
        if faults:
            sys.exit(f"{src}: " + "; ".join(faults) + " (at most 2 files a circle, 25 names at the root)")


if __name__ == "__main__":
    main()
