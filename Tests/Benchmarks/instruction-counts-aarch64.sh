#!/usr/bin/env bash
# instruction-counts.sh for the aarch64 bezel-bench (dev.sh cross arm64): the same figures,
# counted by Debian's arm64 valgrind run under qemu-user on this x86 host. callgrind counts the
# guest's aarch64 instructions, so the counts are exact and repeatable like x86's; only slower
# (~30 s a figure, run twice: counted by difference, see instruction-counts.sh). Compared with Tests/BenchmarkResults/instructions-aarch64.txt (--record
# writes it).
#   usage: instruction-counts-aarch64.sh <aarch64 bezel-bench> [--record]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
valgrind_root="$root/.build-cross/valgrind-arm64"
if [ ! -x "$valgrind_root/usr/libexec/valgrind/callgrind-arm64-linux" ]; then
    work=$(mktemp -d)
    (cd "$work" && apt-get download valgrind:arm64 >/dev/null 2>&1)
    rm -rf "$valgrind_root"
    dpkg-deb -x "$work"/valgrind_*_arm64.deb "$valgrind_root"
    rm -rf "$work"
fi
# valgrind's launcher execs its arm64 tool: the kernel must hand arm64 executables to
# qemu-user (binfmt_misc; dev.sh arm64-scenarios registers it).
[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || { echo "instruction-counts-aarch64.sh: arm64 executables are not run by qemu-user (binfmt_misc): run it through deploy/dev.sh arm64-scenarios" >&2; exit 1; }
export VALGRIND_LIB="$valgrind_root/usr/libexec/valgrind"
COUNT_BY_DIFFERENCE=1 VALGRIND="$valgrind_root/usr/bin/valgrind.bin" INSTRUCTIONS_FILE="$root/Tests/BenchmarkResults/instructions-aarch64.txt" \
    bash "$here/instruction-counts.sh" "$@"
