#!/usr/bin/env bash
# The whole runtime on a real kernel: boots the QEMU guest with a virtio GPU, starts udevd,
# runs bezel-runtime-check (MainLoop + DRM page flips + libinput) while inject-touch.py's
# uinput touchscreen taps Item 12 (reporting x mirrored, which BEZEL_TOUCH_MATRIX corrects);
# once the app's new title is on screen, takes a QMP
# screendump (<out>/runtime-screen.png). Exits non-zero on failure.
#   usage: run-runtime-test.sh <bezel-runtime-check binary> [out folder, default .build/vm]
set -euo pipefail
binary=$(realpath "$1")
out=${2:-.build/vm}
here=$(cd "$(dirname "$0")" && pwd)
bash "$here/make-guest.sh" "$out"
out=$(cd "$out" && pwd)
rm -f "$out/runtime-serial.log" "$out/runtime-screen.png" "$out/runtime-host-ready" "$out/runtime-qmp.sock"
cat > "$out/guest-runtime.sh" <<GUEST
export SYSTEMD_IGNORE_CHROOT=1
/lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
udevadm trigger --action=add >/dev/null 2>&1
udevadm settle >/dev/null 2>&1
# A panel that reports x mirrored, corrected by a calibration matrix (x' = 1 - x).
export BEZEL_TOUCH_MATRIX="-1 0 1 0 1 0"
$binary $out/runtime-host-ready /run/device-ready &
check=\$!
/usr/bin/python3 $here/inject-touch.py /run/device-ready tap-only-mirrored &
wait \$check
GUEST
qemu-system-x86_64 -accel tcg,thread=multi -cpu max -smp 2 -m 1024 \
    -kernel "$out/vmlinuz" -initrd "$out/initramfs.cpio.gz" \
    -append "console=ttyS0 quiet vt.global_cursor_default=0 bezel.script=$out/guest-runtime.sh" \
    -device virtio-gpu-pci,xres=800,yres=480 \
    -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
    -serial file:"$out/runtime-serial.log" -qmp unix:"$out/runtime-qmp.sock",server,nowait \
    -display none -no-reboot -nodefaults &
qemu=$!
trap 'kill $qemu 2>/dev/null || true' EXIT
shown=0
for _ in $(seq 1 1800); do
    if grep -q "BEZEL-RUNTIME shown" "$out/runtime-serial.log" 2>/dev/null; then shown=1; break; fi
    kill -0 $qemu 2>/dev/null || break
    sleep 0.1
done
if [ $shown = 1 ]; then
    sleep 0.3
    python3 - "$out/runtime-qmp.sock" "$out/runtime-screen.png" <<'PY'
import json, socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile("rw"); f.readline()
for command in ({"execute": "qmp_capabilities"},
                {"execute": "screendump", "arguments": {"filename": sys.argv[2], "format": "png"}}):
    f.write(json.dumps(command) + "\n"); f.flush()
    while True:
        reply = json.loads(f.readline())
        if "return" in reply or "error" in reply: break
    if "error" in reply: sys.exit("QMP: " + str(reply["error"]))
PY
    touch "$out/runtime-host-ready"
fi
for _ in $(seq 1 600); do kill -0 $qemu 2>/dev/null || break; sleep 0.1; done
trap - EXIT
kill $qemu 2>/dev/null || true
grep "BEZEL-RUNTIME\|^bezel:" "$out/runtime-serial.log" || true
[ $shown = 1 ] && grep -q "BEZEL-EXIT 0" "$out/runtime-serial.log"
