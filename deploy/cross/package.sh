#!/usr/bin/env bash
# Packs a cross-built release (dev.sh cross arm64) for a Raspberry Pi: the demo, its image
# decoder helper (install.sh installs it beside the demo) and the two
# bring-up checks (bezel-drm-check draws the standard scene on the panel, bezel-input-check
# reports its touches), stripped, with what deploy/install.sh installs beside them. On the Pi:
#   tar -xzf bezel-demo-arm64.tar.gz && cd bezel-demo-arm64
#   sudo bash deploy/install.sh --binary ./bezel-demo
# Prints what the binary needs of the system it lands on: its architecture, the shared
# libraries it names (Debian arm64 packages, RASPBERRY-PI.md) and the highest glibc symbol
# version it uses.
#   usage: package.sh <release build folder> <output .tar.gz>
set -euo pipefail
bin=$1
archive=$(realpath -m "$2")
repo=$(cd "$(dirname "$0")/../.." && pwd)
name=$(basename "$archive" .tar.gz)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/$name/deploy"
for tool in bezel-demo bezel-image-decoder bezel-drm-check bezel-input-check; do
    aarch64-linux-gnu-strip -o "$work/$name/$tool" "$bin/$tool"
done
cp -r "$repo/Assets" "$repo/README.md" "$work/$name/"
cp -r "$repo/deploy/install.sh" "$repo/deploy/uninstall.sh" "$repo/deploy/config" "$repo/deploy/systemd" \
      "$repo/deploy/udev" "$repo/deploy/RASPBERRY-PI.md" "$work/$name/deploy/"
tar -czf "$archive" -C "$work" "$name"

demo="$work/$name/bezel-demo"
file -b "$demo" | cut -d, -f1-2 | sed 's/^/bezel: bezel-demo: /'
echo "bezel: bezel-demo: $(stat -c %s "$demo") bytes stripped"
echo "bezel: bezel-demo needs: $(readelf -d "$demo" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')"
# Sid's Swift runtime would need glibc 2.38; deploy/cross/glibc-2.36-compat.c brings that down.
echo "bezel: bezel-demo's highest glibc symbol version: $(readelf --version-info "$demo" | grep -o 'GLIBC_[0-9.]*' | sort -Vu | tail -1)"
echo "bezel: packed $archive ($(stat -c %s "$archive") bytes)"
