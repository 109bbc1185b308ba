#!/usr/bin/env bash
# Writes deploy/hot-functions.txt: the functions of bezel-bench and bezel-demo that run while
# the standard scene is built and drawn (`bezel-bench --rss-probe`) and while the demo tours
# every screen headless (`bezel-demo --tour`), as callgrind sees them. Package.swift links the
# two executables with lld's --symbol-ordering-file on it, so this code sits together at the
# front of .text instead of spread over the 5.6 MB of the binary (most of it the static Swift
# runtime, kept whole by its conformance records). Pages of code are mapped around each one
# touched (fault-around, or the whole folio on a kernel that caches files in large folios), so
# packing the hot code maps less of the binary: measured in Package.swift's comment.
#
#   hot-functions.sh BEZEL_BENCH BEZEL_DEMO
#
# Run it again after large changes (both built in release). A stale list is never wrong, only
# less useful: names no longer in the binary are skipped (--no-warn-symbol-ordering), and code
# not listed is laid out as before.
set -euo pipefail
bench=$(realpath "$1")
demo=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../deploy/hot-functions.txt"
command -v valgrind >/dev/null || { echo "hot-functions.sh: valgrind is not installed" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/bench.cg" "$bench" --rss-probe >/dev/null 2>&1
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/demo.cg" "$demo" --tour --quiet \
    --screenshots "$work/screens" >/dev/null 2>&1

# A callgrind file names an object once (ob=(id) path) and a function once (fn=(id) name), then
# refers to them by id; a function's cost lines follow its fn= line, under the current ob=.
# The static Swift runtime's archives: their functions that share one large .text section.
swift_static=$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift_static/linux
python3 - "$work/bench.cg" "$work/demo.cg" "$(basename "$bench")" "$(basename "$demo")" "$swift_static" > "$work/list" <<'PY'
import glob, re, subprocess, sys
files, executables = sys.argv[1:3], set(sys.argv[3:5])
# lld orders input sections, not functions: a listed function in an object compiled without a
# section per function moves that object's whole .text with it. The standard library's
# Swift.o keeps 1.6 MB of non-generic code in one such section, so its first listed function
# put all of it in the middle of the list, pushing every function listed after it 1.6 MB
# away. Those functions go last: everything before them is packed, and the big sections
# follow (--rss-probe: 2.75 MB of code resident, see Package.swift).
shared = set()
for archive in glob.glob(sys.argv[5] + "/*.a"):
    listing = subprocess.run(["readelf", "-SWsW", archive], capture_output=True, text=True, errors="replace").stdout
    for member in listing.split("\nFile: ")[1:]:
        sections = {m[1]: (m[2], int(m[3], 16)) for m in re.finditer(
            r"^\s*\[\s*(\d+)\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", member, re.M)}
        for m in re.finditer(r"^\s*\d+:\s+[0-9a-f]+\s+\d+\s+FUNC\s+\S+\s+\S+\s+(\d+)\s+(\S+)", member, re.M):
            name, size = sections.get(m[1], ("", 0))
            if name == ".text" and size > 65536:
                shared.add(m[2])
# The bench's functions first (the scene: every kiosk's first frame), then what only the demo
# runs, each part sorted so the file changes only where the code does.
lists = []
for path in files:
    names = set()
    objects, functions, current = {}, {}, None
    for line in open(path, errors="replace"):
        m = re.match(r"^(c?ob|c?fn|cfi|cfl)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not m:
            continue
        kind, key, name = m.groups()
        if kind in ("ob", "cob"):
            if name: objects[key] = name
            if kind == "ob": current = objects.get(key, "")
        elif kind in ("fn", "cfn"):
            if name: functions[key] = name
            if kind == "fn" and current.rsplit("/", 1)[-1] in executables:
                names.add(functions[key])
    lists.append({n for n in names if not n.startswith("0x")})
ordered = sorted(lists[0]) + sorted(lists[1] - lists[0])
for name in [n for n in ordered if n not in shared] + [n for n in ordered if n in shared]:
    print(name)
PY
{
    echo "# The functions bezel-bench --rss-probe and bezel-demo --tour run (Tests/Benchmarks/hot-functions.sh)."
    echo "# Package.swift links them first (lld --symbol-ordering-file). Generated: do not edit by hand."
    cat "$work/list"
} > "$out"
echo "hot-functions.sh: $(wc -l < "$work/list") functions in $out"
