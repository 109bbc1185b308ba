# Sourced by dev.sh, install.sh and app-toolset.sh: the Swift compiler flags of every shipped
# build (release, the Swift runtime linked in), Bezel's own executables and an app's alike, in
# one place. Not in Package.swift: SwiftPM refuses unsafeFlags in a library that an app depends
# on by version.
#
# -disable-concrete-type-metadata-mangled-name-accessors: a generic type's metadata (the
# storage of a Dictionary keyed by one of Bezel's types, say) is made by a direct call with its
# witness tables, not by demangling its name at run time, which checks each requirement by
# scanning every protocol conformance record in the binary (~120 K instructions for each of the
# first frame's 13 look-ups): 24.2 M -> 22.5 M instructions from process start to the standard
# scene's first frame (callgrind, issue 36 item 1); the per-frame figures M1-M14 within 0.4 %
# (M12 -3.3 %), peak RSS the same within its noise, the binary 0.1 MB larger.
#
# -function-sections: each function in a section of its own, so lld's --symbol-ordering-file
# (Package.swift, deploy/hot-functions.txt) can place exactly the functions a first frame runs
# together. Without it a module's objects kept most of their code in one .text section each,
# and a listed function brought its whole section forward (LayoutEngine's 60 KB, the rest of
# Bezel's 1.3 MB): 2.75 -> 2.4 MB of bezel-bench's code resident after the standard scene's
# first frame (--rss-probe, pages read from /proc/self/pagemap), M4 17.2-17.4 -> 16.9-17.1 MB.
BEZEL_RELEASE_SWIFTC_FLAGS=(-Xfrontend -disable-concrete-type-metadata-mangled-name-accessors -Xfrontend -function-sections)

# The flags as `swift build` takes them (each behind -Xswiftc).
bezel_release_swift_build_flags() {
    local flag
    for flag in "${BEZEL_RELEASE_SWIFTC_FLAGS[@]}"; do printf '%s\n' -Xswiftc "$flag"; done
}
