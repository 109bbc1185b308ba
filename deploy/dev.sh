#!/usr/bin/env bash
# Developer entry point: the README's commands.
#
#   bash deploy/dev.sh demo    install what is missing, run the headless demo
#   bash deploy/dev.sh test    install what is missing, build and run every test
#   bash deploy/dev.sh bench   install what is missing, run the benchmarks in release, and
#                              compare M1-M3's instruction counts with the committed ones
#   bash deploy/dev.sh measure install what is missing, measure the release runtime on a real
#                              kernel in QEMU (start -> first flip, idle wake-ups, touch latency)
#   bash deploy/dev.sh docs    install what is missing, build the DocC documentation of the
#                              libraries (warnings are errors) into .build/plugins/Swift-DocC
#   bash deploy/dev.sh limits  install what is missing, time the content limits (a PNG bomb,
#                              a 1 MiB label, a 100,000-deep view tree) in debug and release
#
# Needs the Swift 6 toolchain, which Debian does not package (looked for on PATH and in
# /opt/swift), and the Debian packages below, installed with apt-get only when missing.
set -euo pipefail

# cairo + Pango + fontconfig for drawing (BezelCairo); pkg-config to find them; a CJK and a
# colour emoji font for the fallback the snapshot tests render (DejaVu Sans, bundled, has
# neither CJK nor emoji glyphs).
PACKAGES=(pkg-config libcairo2-dev libpixman-1-dev libpango1.0-dev libfontconfig-dev fonts-wqy-microhei fonts-noto-color-emoji
          # libdrm, libinput, libudev, xkbcommon (+ its layouts) and libseat (+ seatd, which the VM
          # test runs) for the hardware backends; QEMU, busybox, cpio, kmod,
          # udev and python3-evdev for the guest in which the tests run them on a real kernel
          # with a virtual GPU and a uinput touchscreen (Tests/VM, vm-notes.md).
          libdrm-dev libinput-dev libudev-dev libxkbcommon-dev xkb-data libseat-dev seatd qemu-system-x86 busybox-static cpio kmod udev python3-evdev
          # modetest: a second DRM client that takes the screen while Bezel is switched away (R1).
          libdrm-tests
          # systemd (systemd-analyze checks the unit; the guest boots it as init for the service
          # tests) and procps (ps, in the guest).
          systemd procps
          # SDL2 for the desktop simulator; Xvfb, xdotool and xwd (x11-apps) to test it in CI.
          libsdl2-dev xvfb xdotool x11-apps x11-utils
          # the compose tables xkbcommon reads for dead keys and compose sequences (Text input).
          libx11-data
          # JPEG and SVG decoding, opened with dlopen when an app first loads one (Images/).
          libturbojpeg0 librsvg2-2
          # callgrind's instruction counts of M1-M3, compared with the committed ones (bench).
          valgrind)

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

ensure_packages() {
    local missing=()
    for package in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "bezel: installing ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${missing[@]}"
}

# measure_demo BINARY NAME: runs the demo in the QEMU guest and prints its RESULT lines
# (NAME_start_to_first_frame, NAME_peak_rss) from what the runtime logs.
measure_demo() {
    local demo first rss
    demo=$(bash Tests/VM/run-display-test.sh "$1" .build/vm demo)
    first=$(echo "$demo" | sed -n 's/.*first frame on screen \([0-9]*\) ms after the process started.*/\1/p' | head -1)
    rss=$(echo "$demo" | sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p' | head -1)
    [ -n "$first" ] && [ -n "$rss" ] || { echo "$demo" >&2; exit 1; }
    echo "RESULT $2_start_to_first_frame $first ms"
    echo "RESULT $2_peak_rss $rss KiB"
}

usage() {
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
    demo)
        find_swift
        ensure_packages
        swift run bezel-demo "$@"
        ;;
    test)
        find_swift
        ensure_packages
        swift build --build-tests
        swift test "$@"
        if [ $# -eq 0 ]; then
            # The example app (Tests/ExampleApp): another package depending on Bezel, holding
            # the README's code samples, with its own BezelTesting tests.
            swift build --package-path Tests/ExampleApp --build-tests
            swift test --package-path Tests/ExampleApp
        fi
        ;;
    bench)
        find_swift
        ensure_packages
        # The bench as issue 17 measures it: release, the Swift runtime linked statically (a
        # kiosk's build: 2 MB less resident, a faster start), in its own build folder so the
        # dynamic release build (the demo's size below, the VM runs) is not rebuilt each time.
        swift build -c release --static-swift-stdlib --build-path .build-static --product bezel-bench
        swift build -c release --product bezel-demo
        bin=$(swift build -c release --show-bin-path)
        bench=$(swift build -c release --static-swift-stdlib --build-path .build-static --show-bin-path)/bezel-bench
        "$bench" "$@"
        "$bench" --rss-probe --verbose
        # M4's floor in the same run: the scene drawn with cairo + Pango from C, no Swift.
        floor=$(mktemp)
        "$(command -v cc || command -v clang)" -O2 -o "$floor" Tests/Benchmarks/stack-floor.c $(pkg-config --cflags --libs pangocairo)
        "$floor"
        rm -f "$floor"
        # Process start to the first frame (issue 17 item 4).
        "$bench" --start-up
        # Instruction counts per frame (exact, unlike times): fails on a regression of more
        # than 3 % against Tests/BenchmarkResults/instructions.txt.
        bash Tests/Benchmarks/instruction-counts.sh "$bench"
        stripped=$(mktemp)
        strip -o "$stripped" "$bin/bezel-demo"
        echo "RESULT M4_binary_bytes=$(stat -c %s "$stripped") (bezel-demo, release, stripped)"
        rm -f "$stripped"
        ;;
    measure)
        find_swift
        ensure_packages
        swift build -c release --product bezel-runtime-check
        swift build -c release --product bezel-demo
        bin=$(swift build -c release --show-bin-path)
        output=$(bash Tests/VM/run-display-test.sh "$bin/bezel-runtime-check" .build/vm measure)
        echo "$output" | grep '^RESULT' || { echo "$output" >&2; exit 1; }
        # The demo kiosk on the guest's DRM device (its first frame, its peak RSS): as built
        # above, and as deploy/install.sh builds it, with the Swift runtime linked in.
        measure_demo "$bin/bezel-demo" demo
        swift build -c release --static-swift-stdlib --scratch-path .build/static --product bezel-demo
        measure_demo .build/static/release/bezel-demo demo_static
        ;;
    limits)
        find_swift
        ensure_packages
        # Issue 13's R4: PASS R4 / FAIL R4 lines; non-zero when one failed.
        swift build --product bezel-limits-check
        "$(swift build --show-bin-path)/bezel-limits-check"
        swift build -c release --product bezel-limits-check
        "$(swift build -c release --show-bin-path)/bezel-limits-check"
        ;;
    -h|--help|help)
        usage
        ;;
    docs)
        find_swift
        ensure_packages
        for target in Bezel BezelCairo BezelRuntime BezelTesting; do
            swift package --disable-sandbox generate-documentation --target "$target" --warnings-as-errors
        done
        ;;
    *)
        usage >&2
        exit 2
        ;;
esac
