#!/usr/bin/env bash
# Builds vkms, the kernel's virtual KMS driver, for Debian's amd64 guest kernel KVER (e.g.
# 6.1.0-56-amd64, 6.12.118+deb12-amd64) into OUT/vkms.ko: Debian does not build it
# (CONFIG_DRM_VKMS is not set), but its source is in linux-source-<series> and the guest
# kernel's headers build it out of tree in seconds (vm-notes.md). vkms gives the guest what
# virtio-gpu lacks: overlay planes (8, with the enable_overlay parameter) and a writeback
# connector that reads the composed frame back, so
# plane composition is tested on a real kernel (E13, E14). Packages are fetched with
# `apt-get download` and unpacked in a scratch folder, never installed.
# Needs gcc-12 and make (the kernel's own compiler: the headers name it).
set -euo pipefail
kver=$1
out=$2
series=${kver%%-*}               # 6.1.0
series=${series%.*}              # 6.1
common=${kver%-*}-common         # 6.1.0-56-common
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# kbuild is one package per series for 6.1 (linux-kbuild-6.1), one per release for 6.12
# (linux-kbuild-6.12.118+deb12).
kbuild=linux-kbuild-${kver%-*}
apt-cache show "$kbuild" >/dev/null 2>&1 || kbuild=linux-kbuild-$series
apt-get download "linux-source-$series" "linux-headers-$kver" "linux-headers-$common" "$kbuild" >/dev/null 2>&1 || {
    echo "build-vkms.sh: could not download linux-source-$series and the headers of $kver (apt-get update first?)" >&2
    exit 1
}
mkdir root
for deb in linux-headers-*.deb linux-kbuild-*.deb; do dpkg-deb -x "$deb" root; done
dpkg-deb --fsys-tarfile linux-source-*.deb | tar -x -O "./usr/src/linux-source-$series.tar.xz" \
    | tar -xJ "linux-source-$series/drivers/gpu/drm/vkms"
headers=$work/root/usr/src/linux-headers-$kver
# The arch headers' Makefile includes the common ones by absolute path: point it here.
sed -i "s|/usr/src/|$work/root/usr/src/|" "$headers/Makefile"
# Without the module's BTF type information (6.12's configuration asks for it, which needs
# pahole): the kernel loads a module without it.
make -s -C "$headers" M="$work/linux-source-$series/drivers/gpu/drm/vkms" CONFIG_DRM_VKMS=m CONFIG_DEBUG_INFO_BTF_MODULES= modules >"$work/make.log" 2>&1 || {
    echo "build-vkms.sh: building vkms for $kver failed (are gcc-12 and make installed?):" >&2
    tail -15 "$work/make.log" >&2
    exit 1
}
cp "$work/linux-source-$series/drivers/gpu/drm/vkms/vkms.ko" "$out/vkms.ko"
