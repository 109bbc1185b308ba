#!/usr/bin/env bash
# Runs bezel-drm-check on a real kernel DRM device: boots the QEMU guest (make-guest.sh) with
# a virtio GPU at 800x480, and takes QMP screendumps of what it scans out after each frame
# bezel-drm-check shows. Writes <out>/screen-1.png (the standard scene) and
# <out>/screen-2.png (button 12 pressed) and <out>/serial.log; exits non-zero on failure.
#   usage: run-drm-test.sh <bezel-drm-check binary> [out folder, default .build/vm]
set -euo pipefail
binary=$(realpath "$1")
out=${2:-.build/vm}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/guest-lib.sh"
bash "$here/make-guest.sh" "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/serial.log "$out"/screen-*.png "$out"/host-ready.* "$out"/qmp.sock
cat > "$out/guest.sh" <<GUEST
echo "BEZEL-MACHINE \$(uname -m) \$(grep -m1 KernelPageSize /proc/self/smaps)"
$binary $out/host-ready
GUEST

boot_guest "$out" "$out/guest.sh" "$out/serial.log" "$out/qmp.sock"
trap 'kill $qemu 2>/dev/null || true' EXIT

wait_for() {  # wait_for PATTERN SECONDS
    for _ in $(seq 1 $(( $2 * 10 ))); do
        grep -q "$1" "$out/serial.log" 2>/dev/null && return 0
        kill -0 $qemu 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}


for step in 1 2; do
    if ! wait_for "BEZEL-FRAME-SHOWN" 120 || { [ $step = 2 ] && ! wait_for "item12-pressed" 60; }; then
        echo "the guest did not show frame $step; serial log:" >&2
        tail -20 "$out/serial.log" >&2
        exit 1
    fi
    sleep 0.5   # let the virtual GPU's scanout settle after the DirtyFB
    screendump "$out/qmp.sock" "$out/screen-$step.png"
    touch "$out/host-ready.$step"
done
wait_for "BEZEL-EXIT" 60 || { tail -20 "$out/serial.log" >&2; exit 1; }
wait $qemu || true
trap - EXIT
grep -q "BEZEL-EXIT 0" "$out/serial.log" || { tail -20 "$out/serial.log" >&2; exit 1; }
echo "ok: $out/screen-1.png $out/screen-2.png"
