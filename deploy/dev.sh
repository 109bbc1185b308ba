#!/usr/bin/env bash
# Developer entry point: the README's commands.
#
#   bash deploy/dev.sh demo    install what is missing, run the headless demo
#   bash deploy/dev.sh test    install what is missing, build and run every test
#   bash deploy/dev.sh bench   install what is missing, run the benchmarks in release
#
# The core is pure Swift (no C library yet), so the only requirement today is the Swift 6
# toolchain, which Debian does not package: it is looked for on PATH and in /opt/swift.
# Later layers (cairo, libdrm, libinput) add their Debian packages here, installed with
# apt-get only when missing.
set -euo pipefail

cd "$(dirname "$0")/.."

find_swift() {
    if command -v swift >/dev/null 2>&1; then return 0; fi
    for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        if [ -x "$dir/swift" ]; then
            export PATH="$dir:$PATH"
            return 0
        fi
    done
    cat >&2 <<'MSG'
bezel: the Swift toolchain (6.0 or later) is not installed.
  Debian does not package it. Install it from swift.org (Linux, Debian 12 tarball), unpack it
  to /opt/swift, and run this command again.
MSG
    exit 1
}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
    demo)
        find_swift
        swift run bezel-demo "$@"
        ;;
    test)
        find_swift
        swift build --build-tests
        swift test "$@"
        ;;
    bench)
        find_swift
        swift run -c release bezel-bench "$@"
        ;;
    -h|--help|help)
        usage
        ;;
    *)
        usage >&2
        exit 2
        ;;
esac
