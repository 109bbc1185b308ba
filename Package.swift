// swift-tools-version:6.2
import PackageDescription

// How the two shipped executables are linked (issue 17 item 3, measured with `bezel-bench
// --rss-probe`, peak RSS of the scene after one render, release, static Swift runtime):
// - lld with packed relative relocations (DT_RELR, glibc >= 2.36): the 35,000 relocations of a
//   position-independent binary shrink from 833 KB of RELA entries the loader reads at start to
//   6 KB, and the binary stays position-independent (ASLR kept);
// - no exported symbols: the static Swift runtime's link flags export every symbol of the
//   executable (-export-dynamic), 600 KB of .dynsym/.dynstr that every library's symbol lookup
//   searches first; nothing here looks a symbol up in the executable (dlopen'ed SDL2, libjpeg-turbo
//   and librsvg call nothing back by name).
// - the code a first frame runs placed together at the front (deploy/hot-functions.txt, written
//   by Tests/Benchmarks/hot-functions.sh from callgrind): code pages are mapped around each one
//   touched (64 KiB fault-around, whole folios on kernels that cache files in large ones), and
//   the static Swift runtime alone is 3.9 MB of .text, so the ~0.35 MB that runs was spread
//   over 5 MB of resident pages.
// - the C++ library the static Swift runtime needs linked in too (deploy/link/libstdc++.so, a
//   linker script, is found before the shared one): only the parts it uses are kept, where the
//   shared libstdc++ maps ~950 KB (its symbol tables and relocations are read whole at start).
//   The toolchain's own -static-executable links it the same way.
// Together: 20.8 -> 19.0-19.2 MB peak RSS (lld, RELR, no exports), 17.2-17.5 MB (the order),
// 16.5-16.9 MB (libstdc++), and 0.3 MB off the stripped binary. Names the list has that the
// binary no longer defines are skipped: a stale list costs memory, never correctness.
// The order works function by function only with a section per function: release-flags.sh's
// -function-sections for Bezel's modules, and the list's functions from the Swift runtime's
// large shared sections (the standard library's 1.6 MB Swift.o .text) put last, so they no
// longer split the list: 2.75 -> 2.4 MB of code resident (2026-12-04, 17.2-17.4 -> 16.8-17.2 MB).
let executableLinking: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                  "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/deploy/hot-functions.txt",
                  "-Xlinker", "--no-warn-symbol-ordering",
                  "-L", "\(Context.packageDirectory)/deploy/link"]),
]

let package = Package(
    name: "Bezel",
    products: [
        .library(name: "Bezel", targets: ["Bezel"]),
        .library(name: "BezelCairo", targets: ["BezelCairo"]),
        .library(name: "BezelLinux", targets: ["BezelLinux"]),
        .library(name: "BezelRuntime", targets: ["BezelRuntime"]),
        .library(name: "BezelSpeech", targets: ["BezelSpeech"]),
        .library(name: "BezelVideo", targets: ["BezelVideo"]),
        .library(name: "BezelTesting", targets: ["BezelTesting"]),
        .executable(name: "bezel-demo", targets: ["BezelDemo"]),
        .executable(name: "bezel-bench", targets: ["BezelBench"]),
        .executable(name: "bezel-image-decoder", targets: ["BezelImageDecoder"]),
    ],
    dependencies: [
        // DocC for the documentation (`swift package generate-documentation`); a plugin only:
        // nothing of it is linked into Bezel or an app.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The core: views, hit-testing, the responder chain, gesture recognizers, controls.
        // No C dependency and no Foundation (Foundation alone costs ~11 MiB RSS, design.md §2).
        // The core: no C library. CMainQueue declares three functions of libdispatch, which the
        // Swift runtime itself links (Sources/CMainQueue/shim.h says why not `import Dispatch`).
        .target(name: "Bezel", dependencies: ["CMainQueue"], path: "Sources/Bezel"),
        .systemLibrary(name: "CMainQueue", path: "Sources/CMainQueue"),
        // cairo + Pango + fontconfig, wrapped once in BezelCairo (the core never sees a C pointer).
        .systemLibrary(
            // No pkgConfig: glib's flags carry -pthread, refused (with a warning) for packages
            // that depend on Bezel; Pango's API is declared in the shim instead (shim.h).
            name: "CCairo", path: "Sources/CCairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev", "libpixman-1-dev"])]
        ),
        // The cairo drawing backend: image buffers, the DrawingContext, text, PNG, headless display.
        .target(name: "BezelCairo", dependencies: ["Bezel", "CCairo", "CProcess"], path: "Sources/BezelCairo"),
        // prctl, close_range and the wait-status macros for the confined image decoder (glibc only).
        .systemLibrary(name: "CProcess", path: "Sources/CProcess"),
        // The confined helper that decodes untrusted images (ImageLoader.isolatesUntrustedImages).
        .executableTarget(name: "BezelImageDecoder", dependencies: ["BezelCairo"], path: "Sources/BezelImageDecoder"),
        // Linux event primitives (epoll, eventfd, timerfd, signalfd) and libdispatch's main-queue hooks.
        .systemLibrary(name: "CLinuxEvents", path: "Sources/CLinuxEvents"),
        // The platform layer: the main-thread event loop (the DRM and libinput backends come next).
        .target(name: "BezelLinux", dependencies: ["Bezel", "CLinuxEvents"], path: "Sources/BezelLinux"),
        // Runs MainLoop for real in its own process; the tests start it.
        .executableTarget(name: "bezel-loop-check", dependencies: ["Bezel", "BezelLinux"], path: "Sources/BezelLoopCheck"),
        // libdrm (KMS, dumb buffers), wrapped once in BezelDRM.
        .systemLibrary(name: "CDRM", path: "Sources/CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        // libseat (seatd / logind device access), wrapped once in BezelSeat.
        .systemLibrary(name: "CSeat", path: "Sources/CSeat", pkgConfig: "libseat", providers: [.apt(["libseat-dev"])]),
        // Device access: direct, or granted by a seat manager (SeatSession).
        .target(name: "BezelSeat", dependencies: ["Bezel", "CSeat"], path: "Sources/BezelSeat"),
        // The DRM/KMS display backend: card, connector, mode, CRTC, dumb buffers, presenting frames.
        .target(name: "BezelDRM", dependencies: ["Bezel", "BezelCairo", "BezelSeat", "CDRM"], path: "Sources/BezelDRM"),
        // Shows the standard scene on a real DRM device (the QEMU test runs it in the guest).
        .executableTarget(name: "bezel-drm-check", dependencies: ["Bezel", "BezelCairo", "BezelDRM", "BezelScenes"],
                          path: "Sources/BezelDRMCheck"),
        // libinput + libudev, wrapped once in BezelInput.
        .systemLibrary(name: "CInput", path: "Sources/CInput", pkgConfig: "libinput",
                       providers: [.apt(["libinput-dev", "libudev-dev"])]),
        // xkbcommon (keymaps: key codes -> key symbols and text), wrapped once in BezelInput.
        .systemLibrary(name: "CXKB", path: "Sources/CXKB", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        // The libinput backend: touch frames from the seat's touchscreens (hotplug) or a device
        // list, pointers as one finger, keys with xkbcommon symbols.
        .target(name: "BezelInput", dependencies: ["Bezel", "BezelSeat", "CInput", "CXKB"], path: "Sources/BezelInput"),
        // Taps the standard scene through libinput on a real kernel (the QEMU test runs it).
        .executableTarget(name: "bezel-input-check", dependencies: ["Bezel", "BezelInput", "BezelLinux", "BezelScenes"],
                          path: "Sources/BezelInputCheck"),
        // SDL2 (with Xlib for its connection's descriptor), wrapped once in BezelSimulator.
        // No pkgConfig: sdl2.pc's -D_REENTRANT is a flag SwiftPM refuses for packages that depend
        // on Bezel (a warning in every build of theirs); the headers are found as <SDL2/...>.
        .systemLibrary(name: "CSDL", path: "Sources/CSDL", providers: [.apt(["libsdl2-dev"])]),
        // The desktop simulator: an SDL2 window, the mouse as a finger (Alt: two fingers), keys.
        .target(name: "BezelSimulator", dependencies: ["Bezel", "BezelCairo", "CSDL"], path: "Sources/BezelSimulator"),
        // Runs an app: MainLoop + DRM (or headless) + libinput, configured from BEZEL_*.
        // The spoken mode's voice: espeak-ng and ALSA, both opened with dlopen when it first speaks.
        .target(name: "BezelSpeech", dependencies: ["Bezel"], path: "Sources/BezelSpeech"),
        // Video (issue 35): VideoView, Player, PlayerLooper; GStreamer opened with dlopen when
        // the first player gets an item (an app without video maps none of it).
        .target(name: "BezelVideo", dependencies: ["Bezel", "BezelCairo"], path: "Sources/BezelVideo"),
        .target(name: "BezelRuntime", dependencies: ["Bezel", "BezelCairo", "BezelDRM", "BezelInput", "BezelLinux", "BezelSimulator", "BezelSpeech"],
                path: "Sources/BezelRuntime"),
        // The standard scene under the full runtime (the QEMU test taps it through a real kernel).
        .executableTarget(name: "bezel-runtime-check", dependencies: ["Bezel", "BezelLinux", "BezelRuntime", "BezelScenes"],
                          path: "Sources/BezelRuntimeCheck"),
        // E13 (issue 35): a video on an overlay plane, read back through vkms's writeback in the guest.
        .executableTarget(name: "bezel-plane-check", dependencies: ["Bezel", "BezelCairo", "BezelDemoApp", "BezelRuntime", "BezelScenes", "BezelVideo"],
                          path: "Sources/BezelPlaneCheck", linkerSettings: executableLinking),
        // Scenes shared by the demo, the benchmarks and the tests (design.md §5's standard kiosk scene).
        // The demo kiosk app's screens, on the public API of Bezel only (bezel-demo runs them).
        .target(name: "BezelDemoApp", dependencies: ["Bezel", "BezelCairo", "BezelVideo"], path: "Sources/BezelDemoApp"),
        .target(name: "BezelScenes", dependencies: ["Bezel"], path: "Sources/BezelScenes"),
        // App tests: a window on a virtual clock, headless, with fingers, keys, traces and goldens.
        .target(name: "BezelTesting", dependencies: ["Bezel", "BezelCairo"], path: "Sources/BezelTesting"),
        .executableTarget(name: "BezelDemo", dependencies: ["Bezel", "BezelCairo", "BezelDemoApp", "BezelInput", "BezelLinux", "BezelRuntime"], path: "Sources/BezelDemo",
                          linkerSettings: executableLinking),
        // Issue 13's R4 (content limits), timed in a process of its own; .ci/run runs it.
        // Issue 37's attacks: the bad-file generator and runner, the random-operation suites.
        .target(name: "BezelAttacks", dependencies: ["Bezel", "BezelCairo", "BezelDemoApp", "BezelRuntime", "BezelTesting", "CProcess"], path: "Sources/BezelAttacks"),
        .executableTarget(name: "bezel-attacks", dependencies: ["Bezel", "BezelAttacks", "BezelCairo"], path: "Sources/BezelAttacksCheck"),
        // Issue 37 U3: the observation path under ThreadSanitizer (dev.sh tsan); the core only.
        .executableTarget(name: "bezel-observation-check", dependencies: ["Bezel"], path: "Sources/BezelObservationCheck"),
        .executableTarget(name: "bezel-limits-check", dependencies: ["Bezel", "BezelCairo"], path: "Sources/BezelLimitsCheck"),
        .executableTarget(name: "BezelBench", dependencies: ["Bezel", "BezelCairo", "BezelDemoApp", "BezelScenes", "BezelSpeech", "BezelVideo"], path: "Sources/BezelBench",
                          linkerSettings: executableLinking),
        .testTarget(name: "BezelTests", dependencies: ["Bezel", "BezelAttacks", "BezelCairo", "BezelDemoApp", "BezelInput", "BezelRuntime", "BezelScenes", "BezelSpeech", "BezelTesting", "BezelVideo"], path: "Tests/BezelTests",
                    exclude: ["Snapshots", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
