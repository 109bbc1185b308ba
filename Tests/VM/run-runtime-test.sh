#!/usr/bin/env bash
# The whole runtime on a real kernel: boots the QEMU guest with a virtio GPU, starts udevd,
# runs bezel-runtime-check (MainLoop + DRM page flips + libinput) while inject-touch.py's
# uinput touchscreen taps Item 12 (reporting x mirrored, which BEZEL_TOUCH_MATRIX corrects);
# once the app's new title is on screen, takes a QMP
# screendump (<out>/runtime-screen.png). Exits non-zero on failure.
#   usage: run-runtime-test.sh <bezel-runtime-check binary> [out folder, default .build/vm] [variant]
# variant "rotated-sigterm": BEZEL_ROTATION=180, the tap at Item 12's panel position, then
# SIGTERM; a second screendump after the app exited shows what the console got back
# (<out>/rotated-screen.png, <out>/rotated-after-exit.png).
# variant "udev-matrix": the mirrored panel corrected by a udev rule (LIBINPUT_CALIBRATION_MATRIX)
# instead of BEZEL_TOUCH_MATRIX.
set -euo pipefail
binary=$(realpath "$1")
out=${2:-.build/vm}
variant=${3:-mirrored}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/guest-lib.sh"
bash "$here/make-guest.sh" "$out"
out=$(cd "$out" && pwd)
prefix=runtime
[ "$variant" = rotated-sigterm ] && prefix=rotated
[ "$variant" = udev-matrix ] && prefix=udevmatrix
presetup=''
rm -f "$out/$prefix-serial.log" "$out/$prefix-screen.png" "$out/$prefix-after-exit.png" "$out/$prefix-host-ready" "$out/$prefix-qmp.sock"
if [ "$variant" = rotated-sigterm ]; then
    setup='export BEZEL_ROTATION=180'
    run="$binary $out/$prefix-host-ready /run/device-ready wait-signal"
    tap=tap-only-rotated-180
    # After the host's screendump, SIGTERM; then hold the console for the host to look at it.
    finish='while [ ! -e '"$out/$prefix-host-ready"' ]; do sleep 0.1; done; kill -TERM $check; wait $check; status=$?; echo BEZEL-APP-EXIT $status; sleep 3; exit $status'
elif [ "$variant" = udev-matrix ]; then
    # The same mirrored panel corrected by udev instead: the mirrored-x example rule of
    # deploy/udev/99-touchscreen-rotated.rules.example, uncommented, for this device.
    rule=$(grep '^#ENV.*WaveShare' "$here/../../deploy/udev/99-touchscreen-rotated.rules.example" | sed 's/^#//; s/WaveShare WS170120/FT5406 memory based driver/')
    presetup="mkdir -p /run/udev/rules.d; echo '$rule' > /run/udev/rules.d/99-bezel-test.rules"
    setup=''
    run="$binary $out/$prefix-host-ready /run/device-ready"
    tap=tap-only-mirrored
    finish='wait $check'
else
    # A panel that reports x mirrored, corrected by a calibration matrix (x' = 1 - x).
    setup='export BEZEL_TOUCH_MATRIX="-1 0 1 0 1 0"'
    run="$binary $out/$prefix-host-ready /run/device-ready"
    tap=tap-only-mirrored
    finish='wait $check'
fi
cat > "$out/guest-$prefix.sh" <<GUEST
$presetup
$GUEST_START_UDEV
$setup
$run &
check=\$!
/usr/bin/python3 $here/inject-touch.py /run/device-ready $tap &
$finish
GUEST

boot_guest "$out" "$out/guest-$prefix.sh" "$out/$prefix-serial.log" "$out/$prefix-qmp.sock"
trap 'kill $qemu 2>/dev/null || true' EXIT
shown=0
for _ in $(seq 1 1800); do
    if grep -q "BEZEL-RUNTIME shown" "$out/$prefix-serial.log" 2>/dev/null; then shown=1; break; fi
    kill -0 $qemu 2>/dev/null || break
    sleep 0.1
done
if [ $shown = 1 ]; then
    sleep 0.3
    screendump "$out/$prefix-qmp.sock" "$out/$prefix-screen.png"
    touch "$out/$prefix-host-ready"
    if [ "$variant" = rotated-sigterm ]; then
        for _ in $(seq 1 600); do
            grep -q "BEZEL-APP-EXIT" "$out/$prefix-serial.log" 2>/dev/null && break
            sleep 0.1
        done
        sleep 1
        screendump "$out/$prefix-qmp.sock" "$out/$prefix-after-exit.png"
    fi
fi
for _ in $(seq 1 600); do kill -0 $qemu 2>/dev/null || break; sleep 0.1; done
trap - EXIT
kill $qemu 2>/dev/null || true
grep "BEZEL-RUNTIME\|BEZEL-APP-EXIT\|^bezel:" "$out/$prefix-serial.log" || true
[ $shown = 1 ] && grep -q "BEZEL-EXIT 0" "$out/$prefix-serial.log"
