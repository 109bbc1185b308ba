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
BEZEL_RELEASE_SWIFTC_FLAGS=(-Xfrontend -disable-concrete-type-metadata-mangled-name-accessors)

# The flags as `swift build` takes them (each behind -Xswiftc).
bezel_release_swift_build_flags() {
    local flag
    for flag in "${BEZEL_RELEASE_SWIFTC_FLAGS[@]}"; do printf '%s\n' -Xswiftc "$flag"; done
}
