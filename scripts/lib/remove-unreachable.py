#!/usr/bin/env python3
"""Replaces the bodies of the functions the page can never run with `unreachable`.

    remove-unreachable.py LIST IN.wasm OUT.wasm

LIST holds one regular expression a line (# starts a comment), each matched against the start of a
function's demangled name (as in `skrifa::outline::cff::Outlines::draw`, hash left out) in IN's
name section (cargo's module, before wasm-bindgen), or of the type's path in a trait's method for
a type (`<image::codecs::png::PngEncoder<W> as image::ImageEncoder>::write_image`). A body replaced by `unreachable` calls nothing,
so binaryen's optimiser (wasm-opt, next in scripts/web-build.sh) then drops every function that only
it called. The compiler cannot do this itself: these functions are reached through a match on what
a font file holds or on a value only known at run time. Fails, naming the expression, when an
expression matches no function: after a dependency's update the list must be looked at again.
"""
import re
import sys

ESCAPES = {"SP": "@", "BP": "*", "RF": "&", "LT": "<", "GT": ">", "LP": "(", "RP": ")", "C": ","}


def leb(data, i):
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def uleb(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def demangle(name):
    """Rust's legacy mangling (`_ZN…17h<hash>E`) as a path; other names as they are."""
    if not (name.startswith("_ZN") and name.endswith("E")):
        return name
    parts, i = [], 3
    while i < len(name) and name[i].isdigit():
        j = i
        while name[j].isdigit():
            j += 1
        length = int(name[i:j])
        parts.append(name[j : j + length])
        i = j + length
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()

    def unescape(part):
        part = part[1:] if part.startswith("_$") else part
        part = re.sub(r"\$u([0-9a-f]+)\$", lambda m: chr(int(m.group(1), 16)), part)
        part = re.sub(r"\$([A-Z]+)\$", lambda m: ESCAPES.get(m.group(1), m.group(0)), part)
        return part.replace("..", "::")

    return "::".join(unescape(part) for part in parts)


def sections(data):
    i = 8
    while i < len(data):
        kind = data[i]
        size, start = leb(data, i + 1)
        yield kind, i, start, size
        i = start + size


def imported_functions(data, start):
    count, i = leb(data, start)
    functions = 0
    for _ in range(count):
        for _ in range(2):  # module and field names
            length, i = leb(data, i)
            i += length
        kind = data[i]
        i += 1
        if kind == 0:  # a function: its type's index
            _, i = leb(data, i)
            functions += 1
        elif kind == 1:  # a table: element type, limits
            i += 1
            flags = data[i]
            _, i = leb(data, i + 1)
            if flags & 1:
                _, i = leb(data, i)
        elif kind == 2:  # a memory: limits
            flags = data[i]
            _, i = leb(data, i + 1)
            if flags & 1:
                _, i = leb(data, i)
        elif kind == 3:  # a global: value type, mutability
            i += 2
        else:
            sys.exit(f"remove-unreachable: an import of kind {kind} this script cannot read")
    return functions


def function_names(data, start, end):
    _, i = leb(data, start)  # the custom section's name ("name")
    i += 4
    names = {}
    while i < end:
        subsection = data[i]
        size, i = leb(data, i + 1)
        if subsection == 1:
            count, j = leb(data, i)
            for _ in range(count):
                index, j = leb(data, j)
                length, j = leb(data, j)
                names[index] = data[j : j + length].decode("utf-8", "replace")
                j += length
        i += size
    return names


def main():
    list_path, in_path, out_path = sys.argv[1:]
    patterns = []
    for line in open(list_path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if line:
            patterns.append(line)
    data = open(in_path, "rb").read()
    imports = 0
    names = {}
    code = None
    for kind, _, start, size in sections(data):
        if kind == 2:
            imports = imported_functions(data, start)
        elif kind == 10:
            code = (start, size)
        elif kind == 0 and data[start + 1 : start + 5] == b"name" and data[start] == 4:
            names = function_names(data, start, start + size)
    if code is None or not names:
        sys.exit(f"remove-unreachable: {in_path} has no code or no function names")
    bodies = []
    count, i = leb(data, code[0])
    for _ in range(count):
        size, i = leb(data, i)
        bodies.append((i, size))
        i += size
    demangled = [demangle(names.get(imports + k, "")) for k in range(count)]
    removed = set()
    for pattern in patterns:
        regex = re.compile(pattern)
        # A trait's method for a type (`<image::PngEncoder<W> as ImageEncoder>::write_image`) is
        # matched by its type's path too.
        matched = [
            k
            for k, name in enumerate(demangled)
            if regex.match(name) or (name.startswith("<") and regex.match(name[1:]))
        ]
        if not matched:
            sys.exit(f"remove-unreachable: no function matches {pattern!r} (a dependency changed?)")
        removed.update(matched)
    # No local variables, `unreachable`, `end`: a valid body whatever the function's type.
    new_code = bytearray(uleb(count))
    for k, (start, size) in enumerate(bodies):
        body = b"\x00\x00\x0b" if k in removed else data[start : start + size]
        new_code += uleb(len(body)) + body
    out = bytearray(data[:8])
    for kind, header, start, size in sections(data):
        if kind == 10:
            out += bytes([kind]) + uleb(len(new_code)) + new_code
        else:
            out += data[header : start + size]
    open(out_path, "wb").write(out)
    removed_bytes = sum(bodies[k][1] for k in removed)
    print(
        f"remove-unreachable: {len(removed)} functions the page never runs, "
        f"{removed_bytes // 1024} KB of code before optimisation"
    )


if __name__ == "__main__":
    main()
