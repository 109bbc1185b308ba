#!/usr/bin/env bash
# Developer entry point: the README's commands.
#
#   bash deploy/dev.sh demo    install what is missing, run the headless demo
#   bash deploy/dev.sh test    install what is missing, build and run every test (the library's,
#                              the example app's, bezel-remote's with K7 and K8)
#   bash deploy/dev.sh bench   install what is missing, run the benchmarks in release, and
#                              compare M1-M3's instruction counts with the committed ones
#   bash deploy/dev.sh measure install what is missing, measure the shipped build (release, the
#                              Swift runtime linked in, as install.sh makes it) on a real
#                              kernel in QEMU (start -> first flip, idle wake-ups, touch latency),
#                              and the example app installed by install.sh --app against the demo
#                              (its linking; peak RSS and start-up within 10 %)
#   bash deploy/dev.sh docs    install what is missing, build the DocC documentation of the
#                              libraries (warnings are errors) into .build/plugins/Swift-DocC
#   bash deploy/dev.sh limits  install what is missing, time the content limits (a PNG bomb,
#                              a 1 MiB label, a 100,000-deep view tree) in debug and release
#   bash deploy/dev.sh attacks install what is missing, run issue 37's attacks in release: the
#                              random-operation suites, 100,000 steps each (RESULT U1), and the
#                              bad-file run (RESULT U2: mutated and built images and fonts
#                              through the public loaders) and the demo's soak for a virtual
#                              day (RESULT U4)
#   bash deploy/dev.sh asan    install what is missing, run the tests (all but the QEMU and Xvfb
#                              scenarios) under AddressSanitizer (RESULT U3)
#   bash deploy/dev.sh tsan    install what is missing, run the observation path from four
#                              threads under ThreadSanitizer (RESULT U3 tsan)
#   bash deploy/dev.sh cross arm64
#                              install what is missing (arm64 multiarch -dev packages), assemble
#                              an aarch64 Swift SDK (.build-cross/sdk) and build every executable
#                              for the Raspberry Pi's CPU in release, the Swift runtime linked in;
#                              writes .build-cross/bezel-demo-arm64.tar.gz (binary, assets,
#                              install scripts) for `sudo bash deploy/install.sh --binary ...`
#   bash deploy/dev.sh remote  install what is missing, build bezel-remote (Sources/BezelRemote,
#                              a package of its own), run its tests and scenario K7 (Debian's
#                              Chromium operates an app through it: PASS K7 lines)
#   bash deploy/dev.sh prebuild [--prepare]
#                              (CI) build what asan, tsan, bench, measure, arm64-scenarios and
#                              remote build in folders of their own; --prepare: their packages,
#                              the aarch64 SDK and the package resolutions only
#   bash deploy/dev.sh arm64-scenarios
#                              the cross build above, then the real-kernel scenarios on arm64
#                              kernels in QEMU and the tour on Debian arm64 libraries (ARM1-ARM6)
#                              and the aarch64 instruction counts
#
# Needs the Swift 6.2 (or later) toolchain, which Debian 12 does not package (looked for on PATH and in
# /opt/swift), and the Debian packages below, installed with apt-get only when missing.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/release-flags.sh"
mapfile -t RELEASE_FLAGS < <(bezel_release_swift_build_flags)
# static_build ARGS...: a shipped build (release, the Swift runtime linked in, release-flags.sh's
# compiler flags) in .build-static, where the bench, the demo and install.sh's builds share it.
static_build() { swift build -c release --static-swift-stdlib --build-path .build-static "${RELEASE_FLAGS[@]}" "$@"; }

# What building and running Bezel needs (`dev.sh demo` installs only these: on a Raspberry
# Pi, nothing of the development set below):
# cairo + Pango + fontconfig for drawing (BezelCairo) and pkg-config to find them; libdrm,
# libinput, libudev, xkbcommon (+ its layouts) and libseat for the hardware backends; SDL2's
# headers for the desktop simulator (the library is opened only when the simulator runs); the
# compose tables xkbcommon reads for dead keys and compose sequences (Text input); JPEG and SVG
# decoding, opened with dlopen when an app first loads one (Images/), and libseccomp, which
# the image decoder helper opens to confine itself (Images/Isolation); ICU, opened when a
# localized string first varies by plural (BezelCairo/Localization).
BUILD_PACKAGES=(pkg-config libcairo2-dev libpixman-1-dev libpango1.0-dev libfontconfig-dev
                libdrm-dev libinput-dev libudev-dev libxkbcommon-dev xkb-data libseat-dev libsdl2-dev
                libx11-data libturbojpeg0 librsvg2-2 libseccomp2 libicu72
                # Video (BezelVideo opens GStreamer on first use): the core and appsink, playbin
                # and the converters (base), WebM/Matroska, VP8 and the test sources' encoders
                # (good), FFmpeg's decoders for H.264 and the rest (libav), and ALSA's sink (a
                # video's sound on a machine with a sound card: playbin's default audio sink).
                libgstreamer1.0-0 libgstreamer-plugins-base1.0-0 gstreamer1.0-plugins-base
                gstreamer1.0-plugins-good gstreamer1.0-libav gstreamer1.0-alsa)
# What the tests, the benchmarks and the documentation need besides:
PACKAGES=("${BUILD_PACKAGES[@]}"
          # a CJK and a colour emoji font for the fallback the snapshot tests render (DejaVu
          # Sans, bundled, has neither CJK nor emoji glyphs).
          fonts-wqy-microhei fonts-noto-color-emoji
          # Devanagari and Thai, for the script goldens (ScriptFontTests): the smallest
          # Debian fonts that shape them (187 and 425 KiB).
          fonts-lohit-deva fonts-tlwg-loma-ttf
          # espeak-ng (the spoken mode's voice; its library is opened on first use) and sox,
          # which measures the speech the tests synthesize.
          libespeak-ng1 espeak-ng-data sox
          # seatd (which the VM test runs); QEMU, busybox, cpio, kmod, udev and python3-evdev
          # for the guest in which the tests run the backends on a real kernel with a virtual
          # GPU and a uinput touchscreen (Tests/VM, vm-notes.md).
          seatd qemu-system-x86 busybox-static cpio kmod udev python3-evdev
          # gcc-12 and make build vkms for the guest's kernel (Tests/VM/build-vkms.sh: overlay
          # planes and writeback for E13, E14); xz-utils unpacks the kernel source.
          gcc-12 make xz-utils
          # GStreamer's own RTSP server through Debian's Python (Tests/BezelTests/Fixtures/
          # serve-rtsp.py): a live stream for the video tests.
          python3-gi gir1.2-gstreamer-1.0 gir1.2-gst-rtsp-server-1.0
          # modetest: a second DRM client that takes the screen while Bezel is switched away (R1).
          libdrm-tests
          # systemd (systemd-analyze checks the unit; the guest boots it as init for the service
          # tests) and procps (ps, in the guest).
          systemd procps
          # Xvfb, xdotool and xwd (x11-apps) to test the simulator in CI.
          xvfb xdotool x11-apps x11-utils
          # callgrind's instruction counts of M1-M3, compared with the committed ones (bench).
          valgrind
          # The remote service's tests (dev.sh remote): openssl makes their test certificates;
          # Debian's Chromium, driven over its DevTools protocol with python3-websocket, is the
          # real browser of scenario K7.
          # wrk loads the service while the app animates (K8).
          openssl chromium python3-websocket wrk)

cd "$(dirname "$0")/.."

find_swift() {
    if command -v swift >/dev/null 2>&1; then check_swift_version; return 0; fi
    for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        if [ -x "$dir/swift" ]; then
            export PATH="$dir:$PATH"
            check_swift_version
            return 0
        fi
    done
    cat >&2 <<'MSG'
bezel: the Swift toolchain (6.2 or later) is not installed.
  Debian 12 does not package it. Install it from swift.org (Linux, Debian 12 tarball, its
  signature checked as RASPBERRY-PI.md shows), unpack it to /opt/swift, and run this command again.
MSG
    exit 1
}

# Bezel needs Swift 6.2 (isolated deinit; the tests' TestScoping). Package.swift says so too
# (swift-tools-version:6.2), but an older toolchain's own message is about the manifest.
check_swift_version() {
    local version major minor
    version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -1)
    major=${version%%.*}; minor=${version#*.}
    if [ -z "$version" ] || [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 2 ]; }; then
        echo "bezel: Swift ${version:-of unknown version} found at $(command -v swift); Bezel needs Swift 6.2 or later (swift.org)." >&2
        exit 1
    fi
}

# ensure_packages [PACKAGE...]: installs those missing of the given packages (default: PACKAGES).
ensure_packages() {
    local missing=() wanted=("$@")
    [ $# -eq 0 ] && wanted=("${PACKAGES[@]}")
    for package in "${wanted[@]}"; do
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
# (NAME_start_to_first_frame, NAME_peak_rss, and the same of its second start, whose first
# screen's texts the first kept: NAME_kept_texts_...) from what the runtime logs.
measure_demo() {
    local demo first rss
    demo=$(bash Tests/VM/run-display-test.sh "$1" .build/vm demo)
    first=$(echo "$demo" | sed -n 's/.*first frame on screen \([0-9]*\) ms after the process started.*/\1/p' | head -1)
    rss=$(echo "$demo" | sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p' | head -1)
    [ -n "$first" ] && [ -n "$rss" ] || { echo "$demo" >&2; exit 1; }
    echo "RESULT $2_start_to_first_frame $first ms"
    echo "RESULT $2_peak_rss $rss KiB"
    # Its second start, with the first screen's texts the first kept (TextImageStore).
    local kept
    kept=$(echo "$demo" | tr -d '\r' | grep '^BEZEL-DEMO-KEPT ')
    first=$(echo "$kept" | sed -n 's/.*first frame on screen \([0-9]*\) ms after the process started.*/\1/p' | head -1)
    rss=$(echo "$kept" | sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p' | head -1)
    [ -n "$first" ] && [ -n "$rss" ] && echo "$kept" | grep -q 'drew [1-9][0-9]* texts of the first screen' || { echo "$demo" >&2; exit 1; }
    echo "RESULT $2_kept_texts_start_to_first_frame $first ms"
    echo "RESULT $2_kept_texts_peak_rss $rss KiB"
    # With bezel-remote built, the guest's demo had its remote socket on and the service read
    # it and tapped it (Tests/VM/remote-probe.py): its lines, ending in PASS or FAIL.
    echo "$demo" | tr -d '\r' | grep '^BEZEL-REMOTE-DEMO ' | sed "s/^BEZEL-REMOTE-DEMO /REMOTE $2: /" || true
}

# The example app (Tests/ExampleApp's coffee-kiosk) installed by `install.sh --app` into a
# folder (built in release with the Swift runtime linked in and app-toolset.sh's link settings,
# in Tests/ExampleApp/.build-static): the app as a panel gets it.
EXAMPLE_APP_ROOT=.build/example-app-root
example_app_install() {
    rm -rf "$EXAMPLE_APP_ROOT"
    bash deploy/install.sh --app Tests/ExampleApp coffee-kiosk --root "$EXAMPLE_APP_ROOT" --no-start
}

# check_app_linking BINARY: linked as Bezel's own executables are (Package.swift's
# executableLinking, which SwiftPM does not hand down to an app; app-toolset.sh carries it):
# by lld, with packed relative relocations (DT_RELR), the Swift runtime and its C++ library
# linked in, and no symbols of its own exported (the demo's dynamic symbols, 618, are the C
# libraries' it calls; the static Swift runtime's -export-dynamic exported 14,072 of the coffee kiosk's).
check_app_linking() {
    local dynamic symbols
    dynamic=$(readelf -d "$1")
    symbols=$(readelf --dyn-syms -W "$1" | wc -l)
    readelf -p .comment "$1" | grep -q 'LLD' || { echo "FAIL example_app linking: $1 was not linked by lld" >&2; exit 1; }
    echo "$dynamic" | grep -q '(RELR)' || { echo "FAIL example_app linking: $1 has no packed relative relocations" >&2; exit 1; }
    ! echo "$dynamic" | grep -Eq 'libswiftCore|libstdc\+\+' || { echo "FAIL example_app linking: $1 needs the shared Swift runtime or libstdc++" >&2; exit 1; }
    [ "$symbols" -lt 2000 ] || { echo "FAIL example_app linking: $1 exports $symbols dynamic symbols" >&2; exit 1; }
    echo "PASS example_app linking: lld, RELR, the Swift runtime and libstdc++ linked in, $symbols dynamic symbols"
}

# measure_example_app DEMO: issue 36 item 2: the example app as installed above against the
# demo built the same way (DEMO), started in turn on the guest's DRM device: the
# medians of rounds 2-9 of their first frames and peak RSS (RESULT example_app_* lines), and a
# FAIL when the app's is more than 10 % above the demo's.
measure_example_app() {
    local runs
    runs=$(FIRST_FRAME_BASELINE="$1" bash Tests/VM/run-display-test.sh "$EXAMPLE_APP_ROOT/usr/local/bin/coffee-kiosk" .build/vm first-frames) \
        || { echo "$runs" >&2; echo "the first-frames guest failed" >&2; exit 1; }
    echo "$runs" | tr -d '\r' | python3 Tests/VM/first-frames-verdict.py || { echo "$runs" | tail -40 >&2; exit 1; }
}

# Test suites run in a process of their own (dev.sh test, asan).
VIDEO_SUITES='VideoPlayerTests|DemoVideoTests'
# The suites `dev.sh asan` runs in its second process, beside the rest in the first: about
# half of the run's time (measured in a debug build, the suites one at a time: these three
# 64 s of the 119 s of all but the guests' and video suites).
ASAN_SECOND_PROCESS='RandomOperationTests|RandomSequenceTests|ViewTreeLimitTests'

usage() {
    # The header comment, up to the first command.
    sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}

# The aarch64 cross-build (dev.sh cross arm64): the host's tools, and the arm64 -dev packages
# beside the amd64 ones (multiarch: `dpkg --add-architecture arm64`, about 155 packages, no
# removals; a few amd64 ones are upgraded to the same versions). The arm64 scenarios' guests
# also load these arm64 libraries from the host: python3's standard library, udevd's
# (libsystemd-shared's) and the dlopen'ed image decoders; qemu-user runs the arm64 bezel-bench
# with the arm64 espeak-ng (M11 on aarch64, Tests/BenchmarkResults/2026-11-26-accessibility.txt).
CROSS_PACKAGES=(gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu
                libc6-dev:arm64 libdrm-dev:arm64 libinput-dev:arm64 libudev-dev:arm64 libcairo2-dev:arm64
                libpango1.0-dev:arm64 libfontconfig-dev:arm64 libpixman-1-dev:arm64 libxkbcommon-dev:arm64
                libseat-dev:arm64 libstdc++-12-dev:arm64 libgcc-12-dev:arm64 libsdl2-dev:arm64)
ARM64_GUEST_PACKAGES=(qemu-system-arm qemu-user-static binfmt-support
                      libturbojpeg0:arm64 librsvg2-2:arm64 libpython3.11-stdlib:arm64 libexpat1:arm64 zlib1g:arm64
                      libacl1:arm64 libapparmor1:arm64 libaudit1:arm64 libblkid1:arm64 libcap2:arm64 libcrypt1:arm64
                      libgcrypt20:arm64 libip4tc2:arm64 libkmod2:arm64 liblz4-1:arm64 liblzma5:arm64 libmount1:arm64
                      libpam0g:arm64 libseccomp2:arm64 libselinux1:arm64 libssl3:arm64 libzstd1:arm64
                      libespeak-ng1:arm64)

# cross_prepare ARCH: the arm64 multiarch -dev packages and the aarch64 SDK (.build-cross/sdk).
cross_prepare() {
    [ "${1:-}" = arm64 ] || { echo "usage: dev.sh cross arm64 (the one target architecture so far)" >&2; exit 2; }
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        echo "bezel: adding the arm64 architecture to dpkg (multiarch)" >&2
        $sudo dpkg --add-architecture arm64
    fi
    ensure_packages "${CROSS_PACKAGES[@]}"
    bash deploy/cross/make-swift-sdk.sh .build-cross/sdk
}

# cross_compile: a release build of every executable for aarch64 (.build-cross/arm64), with
# the SDK cross_prepare made.
cross_compile() {
    # SwiftPM's pkg-config must read the arm64 .pc files, or it links the host's libraries.
    PKG_CONFIG_PATH=/usr/lib/aarch64-linux-gnu/pkgconfig swift build -c release --static-swift-stdlib "${RELEASE_FLAGS[@]}" \
        --swift-sdks-path .build-cross/sdk --swift-sdk aarch64-unknown-linux-gnu-bezel --build-path .build-cross/arm64
}

# cross_build ARCH: cross_prepare, cross_compile and the package for install.sh.
cross_build() {
    cross_prepare "${1:-}"
    cross_compile
    bash deploy/cross/package.sh .build-cross/arm64/release .build-cross/bezel-demo-arm64.tar.gz
}

# The builds later CI steps make in build folders of their own (.ci/run starts `prebuild` at
# the lowest priority beside `test`, whose QEMU guests run one at a time and leave a core
# mostly idle for about 20 minutes): every executable in release as install.sh builds them
# (limits, attacks, bench, measure), the instrumented test build (asan), the instrumented
# observation check (tsan), the aarch64 build (arm64-scenarios), the remote service (remote)
# and the example app (measure). Each later step's own `swift build` then finds nothing to do.
# The shared .build folder is not touched: SwiftPM locks it while `swift test` runs.
prebuild() {
    mkdir -p .build
    rm -f .build/prebuild-steps.done .build/prebuild-sanitizers.done
    # Every executable in release as install.sh builds them (limits, attacks, bench, measure;
    # install.sh's image decoder for the example app's install below, which then builds only
    # the app): first, since `limits` follows the test step.
    static_build
    swift build --build-tests --sanitize=address --scratch-path .build-asan
    swift build --sanitize=thread --scratch-path .build-tsan --product bezel-observation-check
    # CI's sanitizers wait for this file, and run beside the aarch64 build.
    touch .build/prebuild-sanitizers.done
    cross_compile
    # The later steps' builds are done (CI's arm64 step waits for this file, not for the remote
    # service's build and the example app's, which measure waits for).
    touch .build/prebuild-steps.done
    remote_build
    example_app_install
}

# The remote service (Sources/BezelRemote, a package of its own: SwiftNIO is built there and
# never for an app) with its tests, in its own .build folder.
remote_build() {
    swift build --package-path Sources/BezelRemote --build-tests
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
    demo)
        find_swift
        ensure_packages "${BUILD_PACKAGES[@]}"
        swift run bezel-demo "$@"
        ;;
    test)
        find_swift
        ensure_packages
        # Each part's end, from the step's start (CI's log: where its minutes go).
        test_part_done() { echo "TEST-TIME $1 ended at $((SECONDS / 60)) min $((SECONDS % 60)) s"; }
        SECONDS=0
        swift build --build-tests
        test_part_done build
        if [ $# -eq 0 ]; then
            # The video tests in a process of their own (VIDEO_SUITES): they wait in real time
            # (at most a minute) for GStreamer's messages, which a task hands to the main actor,
            # and in the whole suite's process the main actor is busy with the UI suites for
            # longer than that (it was blocked outright while a QEMU guest ran, before
            # runGuest); alone they pass, under ASan too.
            swift test --skip "BezelTests\.($VIDEO_SUITES)/"
            test_part_done tests
            swift test --skip-build --filter "BezelTests\.($VIDEO_SUITES)/"
            test_part_done video-tests
        else
            swift test "$@"
        fi
        if [ $# -eq 0 ]; then
            # The example app (Tests/ExampleApp): another package depending on Bezel, holding
            # the README's code samples, with its own BezelTesting tests.
            swift build --package-path Tests/ExampleApp --build-tests
            swift test --package-path Tests/ExampleApp
            test_part_done example-app
            # bezel-remote's tests, K7 and K8 (`dev.sh remote`: a package of its own). CI sets
            # REMOTE_TESTS_LATER and runs them as its last step, once the package's build, done
            # in the background at the lowest priority, has ended.
            if [ -z "${REMOTE_TESTS_LATER:-}" ]; then
                bash deploy/dev.sh remote
                test_part_done remote
            fi
        fi
        ;;
    bench)
        find_swift
        ensure_packages
        # The bench as issue 17 measures it: release, the Swift runtime linked statically (a
        # kiosk's build: 2 MB less resident, a faster start), in its own build folder.
        static_build --product bezel-bench
        static_build --product bezel-demo
        bin=$(static_build --show-bin-path)
        bench=$bin/bezel-bench
        "$bench" "$@"
        "$bench" --rss-probe --verbose
        # The same start with the scene's texts kept by the start before (TextImageStore, as the
        # service keeps them in its cache folder): one start to keep them, one measured.
        kept=$(mktemp -d)
        "$bench" --rss-probe --text-images "$kept" > /dev/null
        "$bench" --rss-probe --text-images "$kept" | grep '^RESULT M4_kept_texts'
        rm -rf "$kept"
        # M4's floor in the same run: the scene drawn with cairo + Pango from C, no Swift.
        floor=$(mktemp)
        "$(command -v cc || command -v clang)" -O2 -o "$floor" Tests/Benchmarks/stack-floor.c $(pkg-config --cflags --libs pangocairo)
        "$floor"
        # Process start to the first frame (issue 17 item 4), in turn with the floor of a start
        # on this stack: that C program only loading cairo and Pango (issue 36 item 1).
        "$bench" --start-up --floor "$floor"
        rm -f "$floor"
        # Instruction counts per frame (exact, unlike times): fails on a regression of more
        # than 3 % against Tests/BenchmarkResults/instructions.txt.
        bash Tests/Benchmarks/instruction-counts.sh "$bench"
        stripped=$(mktemp)
        strip -o "$stripped" "$bin/bezel-demo"
        # (Before 2026-12-07 this was the demo linked to the shared Swift runtime, ~4.9 MB: CI
        # no longer makes that build; the kiosk's is this one.)
        echo "RESULT M4_binary_bytes=$(stat -c %s "$stripped") (bezel-demo as install.sh builds it: release, the Swift runtime linked in, stripped)"
        rm -f "$stripped"
        ;;
    measure)
        find_swift
        ensure_packages
        # Release as deploy/install.sh builds it, the Swift runtime linked in (the bench's
        # static build folder; CI's background build made these).
        static_build --product bezel-runtime-check
        static_build --product bezel-demo
        # bezel-remote serves in the guest during the idle measurement (issue 34, K8).
        remote_build
        bin=$(static_build --show-bin-path)
        output=$(bash Tests/VM/run-display-test.sh "$bin/bezel-runtime-check" .build/vm measure)
        echo "$output" | grep '^RESULT' || { echo "$output" >&2; exit 1; }
        # The demo kiosk on the guest's DRM device (its first frame, its peak RSS). (Until
        # 2026-12-07 also the demo linked to the shared Swift runtime, RESULT demo_*: CI no
        # longer makes that build.)
        measure_demo "$bin/bezel-demo" demo_static
        # An app as install.sh --app installs it, against that demo (issue 36 item 2).
        example_app_install
        check_app_linking "$EXAMPLE_APP_ROOT/usr/local/bin/coffee-kiosk"
        measure_example_app .build-static/release/bezel-demo
        ;;
    limits)
        find_swift
        ensure_packages
        # Issue 13's R4: PASS R4 / FAIL R4 lines; non-zero when one failed.
        # With the image decoder helper beside it, as an installed app has it.
        swift build --product bezel-limits-check
        swift build --product bezel-image-decoder
        "$(swift build --show-bin-path)/bezel-limits-check"
        # Release as install.sh builds it, in the static build folder (the one release build
        # of x86 CI: the bench, the measurements and the attacks use it too).
        static_build --product bezel-limits-check
        static_build --product bezel-image-decoder
        "$(static_build --show-bin-path)/bezel-limits-check"
        ;;
    attacks)
        find_swift
        ensure_packages
        # The helper is built beside bezel-attacks: ImageLoader finds it there. Release as
        # install.sh builds it (the static build folder, as `limits`).
        static_build --product bezel-image-decoder
        static_build --product bezel-attacks
        attacks="$(static_build --show-bin-path)/bezel-attacks"
        # The random suites and the soak are single-threaded processes of their own: they run
        # beside the bad-file run, their output printed after it, in order. The configuration
        # suite (241 s of the suites' 385 in a CI run: its files have lines of up to 80,000
        # characters) runs in a process of its own beside the other six, one after another.
        side=$(mktemp -d)
        (
            for suite in animations presentations lists collections observation text; do
                "$attacks" random --suite "$suite" --steps "${U1_STEPS:-100000}" || exit 1
            done
        ) > "$side/random" 2>&1 &
        random_pid=$!
        "$attacks" random --suite configuration --steps "${U1_STEPS:-100000}" > "$side/random-configuration" 2>&1 &
        configuration_pid=$!
        # The demo for a virtual day; flat after its first 12 hours (its bounded text and
        # layout caches fill until then): within 4 MiB of resident size and of heap.
        "$attacks" soak --hours 24 --warm-up 12 --max-growth-kib 4096 > "$side/soak" 2>&1 &
        soak_pid=$!
        status=0
        "$attacks" files "$@" || status=1
        wait "$random_pid" || status=1
        wait "$configuration_pid" || status=1
        wait "$soak_pid" || status=1
        cat "$side/random" "$side/random-configuration" "$side/soak"
        rm -rf "$side"
        exit "$status"
        ;;
    asan)
        find_swift
        ensure_packages
        # Its own build folder (an instrumented build of everything). The image decoder
        # helper stays uninstrumented: ASan's shadow memory cannot live under the helper's
        # RLIMIT_DATA, and what runs in the helper is Debian's decoders, not Bezel's code.
        swift build --product bezel-image-decoder
        BEZEL_IMAGE_DECODER="$(swift build --show-bin-path)/bezel-image-decoder"
        export BEZEL_IMAGE_DECODER
        swift build --build-tests --sanitize=address --scratch-path .build-asan
        # The scenarios that boot the QEMU guest or an X server run other programs (built
        # with ASan they would need its runtime there): the rest runs here.
        vm_suites='DRMTests|LibinputTests|RuntimeTests|UdevCalibrationTests|RuntimeConfigurationTests|DRMErrorTests|RotatedRuntimeTests|DisplayScenarioTests|ServiceTests|SimulatorTests'
        # --ignore-lock: the processes below only read the build folder (--skip-build), and
        # SwiftPM's lock on it would make each wait for the one before.
        asan_test() {
            ASAN_OPTIONS=detect_leaks=0:halt_on_error=0:print_summary=1 \
                swift test --skip-build --ignore-lock --sanitize=address --scratch-path .build-asan "$@"
        }
        set +e
        # Two processes at once, each with a main actor of its own (most suites run on it: in
        # one process the run kept one core busy for 14 min of a CI run while the other did
        # little): the suites of ASAN_SECOND_PROCESS beside all the others.
        asan_test --skip "BezelTests\.($vm_suites|$VIDEO_SUITES|$ASAN_SECOND_PROCESS)/" > .build-asan/test-1.log 2>&1 &
        first=$!
        asan_test --filter "BezelTests\.($ASAN_SECOND_PROCESS)/" > .build-asan/test-2.log 2>&1
        status=$?
        wait "$first" || status=1
        # The video tests in their own process, as `dev.sh test` runs them.
        asan_test --filter "BezelTests\.($VIDEO_SUITES)/" > .build-asan/test-3.log 2>&1 || status=1
        set -e
        cat .build-asan/test-1.log .build-asan/test-2.log .build-asan/test-3.log > .build-asan/test.log
        tests=$(grep -o 'Test run with [0-9]* tests' .build-asan/test.log | grep -o '[0-9]*' | awk '{ total += $1 } END { print total + 0 }')
        findings=$(grep -c 'ERROR: AddressSanitizer' .build-asan/test.log || true)
        grep -E '✘|ERROR: AddressSanitizer|SUMMARY: AddressSanitizer' .build-asan/test.log | head -40 || true
        echo "RESULT U3 asan_tests=$tests findings=$findings exit=$status"
        [ "$status" -eq 0 ] && [ "$findings" -eq 0 ]
        ;;
    tsan)
        find_swift
        ensure_packages
        swift build --sanitize=thread --scratch-path .build-tsan --product bezel-observation-check
        set +e
        TSAN_OPTIONS="suppressions=$PWD/Tests/Sanitizers/tsan-suppressions.txt print_suppressions=1 halt_on_error=0" \
            "$(swift build --sanitize=thread --scratch-path .build-tsan --show-bin-path)/bezel-observation-check" > .build-tsan/run.log 2>&1
        status=$?
        set -e
        reports=$(grep -c 'WARNING: ThreadSanitizer' .build-tsan/run.log || true)
        suppressed=$(grep -o 'Matched [0-9]* suppressions' .build-tsan/run.log | grep -o '[0-9]*' | head -1 || true)
        grep -A12 'WARNING: ThreadSanitizer' .build-tsan/run.log | head -60 || true
        grep '^RESULT' .build-tsan/run.log || true
        echo "RESULT U3 tsan reports=$reports suppressed=${suppressed:-0} exit=$status"
        [ "$status" -eq 0 ] && [ "$reports" -eq 0 ]
        ;;
    cross)
        find_swift
        ensure_packages
        cross_build "${1:-}"
        ;;
    prebuild)
        find_swift
        if [ "${1:-}" = --prepare ]; then
            # Every apt install and the package resolution first, one at a time: the builds
            # may then run beside `test` without two apt-gets or two resolutions at once.
            ensure_packages
            cross_prepare arm64
            swift package resolve
            swift package --package-path Sources/BezelRemote resolve
        else
            prebuild
        fi
        ;;
    arm64-scenarios)
        find_swift
        ensure_packages
        # Each part's end, from the step's start (CI's log: where its minutes go).
        arm64_part_done() { echo "ARM64-TIME $1 ended at $((SECONDS / 60)) min $((SECONDS % 60)) s"; }
        SECONDS=0
        cross_build arm64
        arm64_part_done cross-build
        ensure_packages "${ARM64_GUEST_PACKAGES[@]}"
        # arm64 executables run on this host through qemu-user (ARM5, ARM6, valgrind's arm64
        # tools): qemu-user-static registers itself with binfmt_misc, which a container may
        # have unmounted.
        if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
            [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
            update-binfmts --enable qemu-aarch64
        fi
        # ARM1-ARM4 in parallel guests (PASS/FAIL lines), then the aarch64 instruction counts
        # (valgrind's arm64 build under qemu-user: exact, only slow) against the committed ones.
        # The x86 static demo (dev.sh measure builds it), when there, runs beside ARM4 as the
        # baseline of its start-up ratio.
        x86_demo=.build-static/release/bezel-demo
        [ -x "$x86_demo" ] || x86_demo=""
        bash Tests/VM/run-arm64-scenarios.sh .build-cross/arm64/release $x86_demo
        arm64_part_done scenarios
        # A frame's drawing and a touch's delivery (M1, M3); the others (M2, M12, the picker,
        # the scaling figures, M13) are counted on x86 only unless FIGURES names them: each run
        # costs ~50 s of CPU under valgrind in qemu-user, one run at a time, and all 13 figures
        # (26 runs) took 13.3 min of CI's 90 (5 figures: 5.2 min; these 2: about 2).
        FIGURES="${FIGURES:-M1 M3}" \
            bash Tests/Benchmarks/instruction-counts-aarch64.sh .build-cross/arm64/release/bezel-bench "$@"
        arm64_part_done instruction-counts
        ;;
    remote)
        find_swift
        ensure_packages
        # Issue 34: bezel-remote's tests (tokens, roles, limits, TLS, fuzzed bodies and
        # WebSocket messages against a real app), then scenario K7: Debian's Chromium opens the
        # live page over loopback in front of bezel-runtime-check (PASS K7 lines).
        remote_build
        swift build --product bezel-runtime-check
        swift build --product bezel-demo
        # K9 beside the service's tests and K7 (none of them timed; the figures below are, so
        # they wait for it): the service as install.sh --remote puts it in, under systemd on
        # the QEMU guest, reporting the app's restarts (PASS K9 line).
        bash Tests/VM/run-remote-service-test.sh .build/debug/bezel-demo Sources/BezelRemote/.build/debug/bezel-remote .build/vm \
            > .build/remote-service-test.log 2>&1 &
        service_scenario=$!
        swift test --package-path Sources/BezelRemote --skip-build
        /usr/bin/python3 Tests/Remote/k7-browser.py .build/debug/bezel-runtime-check Sources/BezelRemote/.build/debug/bezel-remote \
            Sources/BezelRemote/Public Tests/BezelTests/Snapshots/standard-scene.png
        wait "$service_scenario" || { cat .build/remote-service-test.log; exit 1; }
        grep -E '^(PASS|FAIL) K9 ' .build/remote-service-test.log
        # The figures (RESULT lines): the demo in the simulator under Xvfb with the service on.
        /usr/bin/python3 Tests/Remote/remote-figures.py .build/debug/bezel-demo Sources/BezelRemote/.build/debug/bezel-remote \
            Sources/BezelRemote/Public
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
