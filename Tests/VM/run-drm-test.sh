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
bash "$here/make-guest.sh" "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/serial.log "$out"/screen-*.png "$out"/host-ready.* "$out"/qmp.sock
cat > "$out/guest.sh" <<GUEST
$binary $out/host-ready
GUEST

qemu-system-x86_64 -accel tcg,thread=multi -cpu max -smp 2 -m 1024 \
    -kernel "$out/vmlinuz" -initrd "$out/initramfs.cpio.gz" \
    -append "console=ttyS0 quiet vt.global_cursor_default=0 bezel.script=$out/guest.sh" \
    -device virtio-gpu-pci,xres=800,yres=480 \
    -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
    -serial file:"$out/serial.log" -qmp unix:"$out/qmp.sock",server,nowait \
    -display none -no-reboot -nodefaults &
qemu=$!
trap 'kill $qemu 2>/dev/null || true' EXIT

wait_for() {  # wait_for PATTERN SECONDS
    for _ in $(seq 1 $(( $2 * 10 ))); do
        grep -q "$1" "$out/serial.log" 2>/dev/null && return 0
        kill -0 $qemu 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

screendump() {  # screendump FILE
    python3 - "$out/qmp.sock" "$1" <<'PY'
import json, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
f = s.makefile("rw")
f.readline()
for command in ({"execute": "qmp_capabilities"},
                {"execute": "screendump", "arguments": {"filename": sys.argv[2], "format": "png"}}):
    f.write(json.dumps(command) + "\n"); f.flush()
    while True:
        reply = json.loads(f.readline())
        if "return" in reply or "error" in reply:
            break
    if "error" in reply:
        sys.exit("QMP: " + str(reply["error"]))
PY
}

for step in 1 2; do
    if ! wait_for "BEZEL-FRAME-SHOWN" 120 || { [ $step = 2 ] && ! wait_for "item12-pressed" 60; }; then
        echo "the guest did not show frame $step; serial log:" >&2
        tail -20 "$out/serial.log" >&2
        exit 1
    fi
    sleep 0.5   # let the virtual GPU's scanout settle after the DirtyFB
    screendump "$out/screen-$step.png"
    touch "$out/host-ready.$step"
done
wait_for "BEZEL-EXIT" 60 || { tail -20 "$out/serial.log" >&2; exit 1; }
wait $qemu || true
trap - EXIT
grep -q "BEZEL-EXIT 0" "$out/serial.log" || { tail -20 "$out/serial.log" >&2; exit 1; }
echo "ok: $out/screen-1.png $out/screen-2.png"
