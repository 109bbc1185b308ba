#!/usr/bin/env bash
# The real-kernel scenarios on arm64 kernels (issue 32), each in its own QEMU guest, all at once:
#   ARM1  bezel-drm-check on Debian's arm64 kernel, Cortex-A72 (the Pi 4), 4K pages: the
#         screendumps of the standard scene and of button 12 pressed equal the x86 goldens (E1, E2)
#   ARM2  the same on the arm64-16k kernel, Cortex-A76 (the Pi 5), 16K pages
#   ARM3  bezel-input-check with uinput devices through udev and libinput (E3's ordered log),
#         on both kernels
#   ARM4  bezel-demo: its first frame on the DRM device, then a finger taps "Gestures" and the
#         playground slides in, on both kernels
#   ARM5  the demo's headless tour (every screen, typed form, swipe-delete, theme switch) on the
#         host's bookworm arm64 libraries (those of Raspberry Pi OS bookworm) under qemu-user:
#         its 15 screenshots (English, then German, Arabic, Japanese) equal the x86 goldens, pixel for pixel
#   ARM6  the same tour installed (deploy/install.sh --root) in a trixie arm64 root made of
#         deploy/pi-runtime-packages.txt and nothing else (make-debian-arm64-root.sh): the
#         current Raspberry Pi OS's libraries. It must run every screen; its pixels are reported
#         against the goldens, not judged: trixie's cairo 1.18, Pango 1.56, HarfBuzz 10 and
#         FreeType 2.13 place and anti-alias glyphs differently from bookworm's
# Prints PASS/FAIL ARMn lines and RESULT lines (the demo's first frame and peak RSS under
# emulation; with an x86 bezel-demo given, the same scenario on the x86 guest beside it and the
# ratio); exits non-zero when one failed.
#   usage: run-arm64-scenarios.sh <aarch64 release folder> [x86 bezel-demo]
set -uo pipefail
bin=$(realpath "$1")
x86_demo=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
snapshots="$root/Tests/BezelTests/Snapshots"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
a72="$root/.build/vm-arm64" a76="$root/.build/vm-arm64-16k"
[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || { echo "run-arm64-scenarios.sh: arm64 executables are not run by qemu-user (binfmt_misc): run it through deploy/dev.sh arm64-scenarios" >&2; exit 1; }
# The guests' kernels, initramfs and userland layers are made once, before the parallel boots.
GUEST_ARCH=arm64 bash "$here/make-guest.sh" "$a72" && GUEST_ARCH=arm64-16k bash "$here/make-guest.sh" "$a76" || exit 1

# Emulated guests on a loaded host: every wait is for a condition; the limits are generous.
GUEST_ARCH=arm64 timeout 1200 bash "$here/run-drm-test.sh" "$bin/bezel-drm-check" "$a72" > "$logs/arm1" 2>&1 &
GUEST_ARCH=arm64-16k timeout 1200 bash "$here/run-drm-test.sh" "$bin/bezel-drm-check" "$a76" > "$logs/arm2" 2>&1 &
GUEST_ARCH=arm64 timeout 1200 bash "$here/run-input-test.sh" "$bin/bezel-input-check" "$a72" > "$logs/arm3" 2>&1 &
GUEST_ARCH=arm64-16k timeout 1200 bash "$here/run-input-test.sh" "$bin/bezel-input-check" "$a76" > "$logs/arm3-16k" 2>&1 &
GUEST_ARCH=arm64 timeout 1200 bash "$here/run-display-test.sh" "$bin/bezel-demo" "$a72" demo > "$logs/arm4" 2>&1 &
GUEST_ARCH=arm64-16k timeout 1200 bash "$here/run-display-test.sh" "$bin/bezel-demo" "$a76" demo > "$logs/arm4-16k" 2>&1 &
if [ -n "$x86_demo" ]; then
    timeout 1200 bash "$here/run-display-test.sh" "$x86_demo" "$root/.build/vm" demo > "$logs/x86" 2>&1 &
fi
# ARM5: qemu-user runs the aarch64 binary on this host (the loader and libraries: multiarch).
shots5="$root/.build/arm64-tour"
rm -rf "$shots5"
(cd "$root" && BEZEL_CONFIG=/dev/null timeout 1200 qemu-aarch64-static "$bin/bezel-demo" --tour --screenshots "$shots5") > "$logs/arm5" 2>&1 &
# ARM6: a chroot into the trixie root; qemu-user is the interpreter the kernel's binfmt entry
# names (its P flag: that path, inside the root).
trixie="$root/.build/arm64-trixie-root"
(
    set -e
    bash "$here/make-debian-arm64-root.sh" trixie "$trixie"
    bash "$root/deploy/install.sh" --binary "$bin/bezel-demo" --root "$trixie" --no-start
    interpreter=$(sed -n 's/^interpreter //p' /proc/sys/fs/binfmt_misc/qemu-aarch64)
    mkdir -p "$trixie$(dirname "$interpreter")"
    cp "$(command -v qemu-aarch64-static)" "$trixie$interpreter"
    rm -rf "$trixie/tmp/shots"
    mount --bind /dev "$trixie/dev"
    mount -t proc proc "$trixie/proc"
    trap 'umount "$trixie/dev" "$trixie/proc"' EXIT
    BEZEL_CONFIG=/dev/null timeout 1200 chroot "$trixie" /usr/local/bin/bezel-demo --tour --screenshots /tmp/shots
) > "$logs/arm6" 2>&1 &
wait

failed=0
pass() { echo "PASS $1 $2"; }
fail() { echo "FAIL $1 $2"; failed=1; echo "--- $1's log:"; tail -40 "$logs/$3"; }

# ARM1, ARM2: the screendumps against the goldens the x86 renderer made, pixel for pixel.
drm_scenario() {   # drm_scenario NAME LOG OUT EXPECTED_PAGE_SIZE
    local machine
    machine=$(grep -a -m1 BEZEL-MACHINE "$3/serial.log" 2>/dev/null | tr -d '\r' | sed 's/.*BEZEL-MACHINE //; s/KernelPageSize://; s/  */ /g')
    if ! grep -q "^ok:" "$logs/$2"; then
        fail "$1" "the guest run failed" "$2"
    elif [ "$machine" != "aarch64 $4" ]; then
        fail "$1" "the guest is '$machine', not 'aarch64 $4'" "$2"
    elif ! scene=$(python3 "$here/compare-png.py" "$3/screen-1.png" "$snapshots/standard-scene.png") \
        || ! pressed=$(python3 "$here/compare-png.py" "$3/screen-2.png" "$snapshots/drm-item12-pressed.png"); then
        fail "$1" "screendumps differ from the goldens: standard scene ${scene:-?}, pressed ${pressed:-?}" "$2"
    else
        pass "$1" "$machine pages: standard scene and button 12 pressed equal the x86 goldens ($scene; $pressed)"
    fi
}
drm_scenario ARM1 arm1 "$a72" "4 kB"
drm_scenario ARM2 arm2 "$a76" "16 kB"

# ARM3: E3's ordered log (DRMTests.swift), the guest's own devices (QEMU's keyboard) left out.
expected="device added FT5406 memory based driver
tap Item 12
slider 74
pinch 2.0
fingers 10 on 10 views
cancel Item 1
device removed FT5406 memory based driver
device added Bezel test pointer
click Item 5
key 28 Return 13
device removed Bezel test pointer
done tapped=true slid=true cancelled=true clicked=true keyed=true pinched=true ten=true"
input_log() {   # input_log LOG: the BEZEL-INPUT lines, the guest's own devices left out
    sed -n 's/^BEZEL-INPUT //p' "$1" | tr -d '\r' \
        | awk '!/^device / || /FT5406 memory based driver$/ || /Bezel test pointer$/'
}
seen=$(input_log "$logs/arm3") seen16=$(input_log "$logs/arm3-16k")
if [ "$seen" = "$expected" ] && [ "$seen16" = "$expected" ] \
   && grep -q "BEZEL-EXIT 0" "$a72/input-serial.log" && grep -q "BEZEL-EXIT 0" "$a76/input-serial.log"; then
    pass ARM3 "touches through both arm64 kernels (4K and 16K pages): tap, drag, pinch 2.0, ten fingers, unplug, pointer, key (E3's log, in order)"
elif [ "$seen" != "$expected" ]; then
    fail ARM3 "the app saw (4K pages): $(echo "$seen" | tr '\n' '|')" arm3
else
    fail ARM3 "the app saw (16K pages): $(echo "$seen16" | tr '\n' '|')" arm3-16k
fi

# ARM4: the demo's first frame, then the tap's transition, on each kernel.
demo_ran() {   # demo_ran LOG
    grep -q BEZEL-DEMO-SHOWN "$1" && grep -q "demo: showing Gestures" "$1" && grep -q "BEZEL-DEMO-EXIT 0" "$1" \
        && grep -q "first frame on screen" "$1"
}
first_frame() { sed -n 's/.*first frame on screen \([0-9]*\) ms after the process started.*/\1/p' "$1" | head -1; }
peak_rss() { sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p' "$1" | head -1; }
first=$(first_frame "$logs/arm4")
if ! demo_ran "$logs/arm4"; then
    fail ARM4 "the demo did not show its first frame or the playground (4K pages)" arm4
elif ! demo_ran "$logs/arm4-16k"; then
    fail ARM4 "the demo did not show its first frame or the playground (16K pages)" arm4-16k
else
    pass ARM4 "bezel-demo on both arm64 kernels: first frame on screen after $first ms (A72, 4K) and $(first_frame "$logs/arm4-16k") ms (A76, 16K), emulated; a tap on Gestures showed the playground"
    echo "RESULT arm64_demo_start_to_first_frame $first ms (Cortex-A72 under emulation)"
    echo "RESULT arm64_demo_peak_rss $(peak_rss "$logs/arm4") KiB (4K pages), $(peak_rss "$logs/arm4-16k") KiB (16K pages)"
fi

# ARM5, ARM6: the tour's log and screenshots.
tour_ran() {   # tour_ran LOG: the tour got through every screen and the app's work
    grep -q "done: 15 screenshots" "$1" && grep -q "APP: Saved Ada <ada@bezel.dev>, PIN set" "$1" \
        && grep -q "APP: Row 22 deleted" "$1" && grep -q "APP: theme light: the window is light" "$1"
}
tour_pixels() {   # tour_pixels FOLDER [golden]: "name: N pixels differ ..." for each shot; fails if one differs
    local shot verdict status=0
    for shot in "$1"/*.png; do
        verdict=$(python3 "$here/compare-png.py" "$shot" "$snapshots/demo-$(basename "$shot")" ${2:-}) || status=1
        echo "$(basename "$shot" .png): $verdict"
    done
    return $status
}
if ! tour_ran "$logs/arm5"; then
    fail ARM5 "the aarch64 tour did not get through" arm5
elif ! pixels=$(tour_pixels "$shots5"); then
    fail ARM5 "screenshots differ from the x86 goldens: $(echo "$pixels" | tr '\n' ';')" arm5
else
    pass ARM5 "the demo's tour on bookworm's arm64 libraries: 15 screenshots equal the x86 goldens (0 pixels differ)"
fi
if [ "$(id -u)" -ne 0 ]; then
    fail ARM6 "needs root (chroot, mount)" arm6
elif ! tour_ran "$logs/arm6"; then
    fail ARM6 "the tour did not get through on trixie's libraries" arm6
else
    pass ARM6 "the demo's tour on trixie's arm64 libraries (a root of deploy/pi-runtime-packages.txt only): every screen, the form saved, the row deleted, the theme switched"
    tour_pixels "$trixie/tmp/shots" golden | sed 's/^/RESULT ARM6_pixels /'
fi
if [ -n "$x86_demo" ]; then
    x86_first=$(first_frame "$logs/x86")
    if [ -n "$x86_first" ] && [ -n "$first" ] && [ "$x86_first" -gt 0 ]; then
        echo "RESULT x86_demo_start_to_first_frame $x86_first ms (the x86 guest, in the same run)"
        echo "RESULT arm64_start_up_ratio $(awk -v a="$first" -v b="$x86_first" 'BEGIN { printf "%.2f", a / b }') (arm64 guest / x86 guest)"
    fi
fi
exit $failed
