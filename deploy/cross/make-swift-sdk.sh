#!/usr/bin/env bash
# Assembles a Swift SDK for aarch64 Linux (an artifact bundle SwiftPM cross-builds with) in $1
# (default .build-cross/sdk), from Debian's packages only; run by `deploy/dev.sh cross arm64`,
# which installs the arm64 -dev packages (multiarch) first. Idempotent: a finished SDK whose
# stamp matches is left as it is.
#
#   <out>/bezel-aarch64.artifactbundle/
#     info.json                               the bundle's one artifact
#     aarch64-unknown-linux-gnu/
#       swift-sdk.json, toolset.json          sysroot, runtime folders, lld and the compat object
#       sysroot/                              symlinks to the host's multiarch arm64 files
#       runtime/swift, runtime/swift_static   the aarch64 Swift runtime (Debian sid, see below)
#       glibc-2.36-compat.o                   deploy/cross/glibc-2.36-compat.c, for bookworm
#
# The runtime: Debian packages Swift for arm64 as `swiftlang` (trixie has 6.0.3, too old for
# Bezel's `isolated deinit`; sid has 6.2.3). Neither installs on bookworm (glibc >= 2.38), so
# the package is fetched with a private apt configuration for sid (the system's sources are not
# touched) and only its lib/swift and lib/swift_static folders are kept (~80 MB of 508 MB).
# The installed compiler (6.3.1) refuses 6.2.3's binary modules but rebuilds them from the
# shipped .swiftinterface files (about a CPU minute, cached in the build folder), so the binary
# modules are removed. Why this pair and not sid's own 6.2.3 compiler in a sid chroot: README,
# "Cross-building for the Raspberry Pi".
set -euo pipefail
out=${1:-.build-cross/sdk}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
triple=aarch64-unknown-linux-gnu
bundle="$out/bezel-aarch64.artifactbundle"
sdk="$bundle/$triple"
runtime_package=swiftlang
stamp="2 $runtime_package sid $(sha256sum "$here/glibc-2.36-compat.c" | cut -c1-16) $(swiftc --version 2>&1 | head -1)"
[ "$(cat "$sdk/stamp" 2>/dev/null)" = "$stamp" ] && exit 0

# The aarch64 runtime from sid, through a private apt configuration.
apt_dir="$out/apt-sid"
mkdir -p "$apt_dir"/{lists/partial,cache/archives/partial,sources.list.d}
echo "deb [arch=arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" > "$apt_dir/sources.list"
apt_options=(-o Dir::Etc::sourcelist="$apt_dir/sources.list" -o Dir::Etc::sourceparts="$apt_dir/sources.list.d" -o Dir::State::Lists="$apt_dir/lists"
             -o Dir::Cache="$apt_dir/cache" -o APT::Architectures::=arm64 -o Debug::NoLocking=1)
if [ ! -d "$sdk/runtime/swift_static" ] || [ "$(cat "$sdk/runtime/version" 2>/dev/null)" = "" ]; then
    echo "bezel: fetching the aarch64 Swift runtime (Debian sid's $runtime_package:arm64, ~500 MB download)" >&2
    apt-get "${apt_options[@]}" update -qq
    version=$(apt-cache "${apt_options[@]}" show "$runtime_package:arm64" | sed -n 's/^Version: //p' | head -1)
    [ -n "$version" ] || { echo "bezel: Debian sid has no $runtime_package for arm64 any more" >&2; exit 1; }
    (cd "$apt_dir" && apt-get "${apt_options[@]}" download "$runtime_package:arm64" >/dev/null 2>&1)
    rm -rf "$sdk/runtime" && mkdir -p "$sdk/runtime"
    # host/ (compiler plugins for an aarch64 compiler), embedded/ and the ABI baselines are not
    # needed to build for Linux: 760 MB left out.
    dpkg-deb --fsys-tarfile "$apt_dir"/${runtime_package}_*_arm64.deb \
        | tar -x -C "$sdk/runtime" --strip-components=5 \
              --exclude='./usr/libexec/swift/lib/swift/host' --exclude='./usr/libexec/swift/lib/swift/embedded' \
              --exclude='./usr/libexec/swift/lib/swift_static/embedded' --exclude='./usr/libexec/swift/lib/swift/FrameworkABIBaseline' \
              './usr/libexec/swift/lib/swift' './usr/libexec/swift/lib/swift_static'
    rm -f "$apt_dir"/${runtime_package}_*_arm64.deb
    # Binary modules of another compiler version are refused; the interfaces next to them are not.
    for interface in "$sdk"/runtime/swift*/linux/*.swiftmodule/$triple.swiftinterface; do
        rm -f "${interface%.swiftinterface}.swiftmodule"
    done
    echo "$version" > "$sdk/runtime/version"
fi
# Debian's clang resource links point at its clang 17 (not there): use the toolchain's own.
clang_resources=$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/clang
for folder in swift swift_static; do
    ln -sfn "$clang_resources" "$sdk/runtime/$folder/clang"
done

# The sysroot: the host's multiarch arm64 headers and libraries (dpkg --add-architecture arm64
# and the -dev packages as :arm64), by symlink. The driver takes swiftrt.o from
# <sysroot>/usr/lib/swift/linux/aarch64/, so the runtime is linked in there too.
sysroot="$sdk/sysroot"
rm -rf "$sysroot"
mkdir -p "$sysroot/usr/lib" "$sysroot/lib"
ln -s /usr/include "$sysroot/usr/include"
ln -s /usr/lib/aarch64-linux-gnu "$sysroot/usr/lib/aarch64-linux-gnu"
ln -s /usr/lib/aarch64-linux-gnu "$sysroot/lib/aarch64-linux-gnu"
ln -s /usr/lib/gcc "$sysroot/usr/lib/gcc"
ln -s /usr/lib/ld-linux-aarch64.so.1 "$sysroot/lib/ld-linux-aarch64.so.1"
ln -s ../../../runtime/swift "$sysroot/usr/lib/swift"
ln -s ../../../runtime/swift_static "$sysroot/usr/lib/swift_static"

aarch64-linux-gnu-gcc -O2 -fPIC -c "$here/glibc-2.36-compat.c" -o "$sdk/glibc-2.36-compat.o"

cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "$triple-bezel": {
      "type": "swiftSDK",
      "version": "$(cat "$sdk/runtime/version")",
      "variants": [{ "path": "$triple", "supportedTriples": ["x86_64-unknown-linux-gnu"] }]
    }
  }
}
JSON
cat > "$sdk/swift-sdk.json" <<JSON
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "$triple": {
      "sdkRootPath": "sysroot",
      "swiftResourcesPath": "sysroot/usr/lib/swift",
      "swiftStaticResourcesPath": "sysroot/usr/lib/swift_static",
      "toolsetPaths": ["toolset.json"]
    }
  }
}
JSON
# lld for every link (the host's ld/gold do not link aarch64), and the glibc 2.36 compat object.
cat > "$sdk/toolset.json" <<JSON
{
  "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld", "-Xlinker", "$sdk/glibc-2.36-compat.o"] }
}
JSON
echo "$stamp" > "$sdk/stamp"
echo "bezel: aarch64 Swift SDK ready in $bundle (runtime $(cat "$sdk/runtime/version"))" >&2
