#!/usr/bin/env bash
# Builds the read-only layer an arm64 guest (make-guest.sh, GUEST_ARCH=arm64*) puts over the
# host's root in $1: what an arm64 userland needs that cannot be installed beside the host's
# amd64 one. The host already has every arm64 library Bezel and these tools load (multiarch:
# `deploy/dev.sh arm64-scenarios` installs them as :arm64); what it cannot hold are the programs
# the guest scripts run, whose amd64 builds sit at the same paths:
#   - busybox (static) as the shell and every tool it has an applet for (sh, grep, sed, seq...);
#   - python3.11 and python3-evdev's C module (inject-touch.py's uinput devices);
#   - systemd-udevd and udevadm, with libsystemd-shared (libinput finds devices through udev).
# Debian's arm64 packages, unpacked (not installed); their /lib, /bin and /sbin are moved
# under /usr, as the host's merged /usr has them (a /lib folder in the layer would hide the
# host's /lib -> usr/lib link). Idempotent.
set -euo pipefail
layer=$1
packages=(busybox-static python3.11-minimal python3-evdev udev libsystemd-shared)
stamp="2 ${packages[*]}"
[ "$(cat "$layer/.stamp" 2>/dev/null)" = "$stamp" ] && exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$layer"
mkdir -p "$layer/usr/bin" "$layer/usr/sbin" "$layer/usr/lib" "$layer/usr/libexec/bezel-guest"
(cd "$work" && apt-get download "${packages[@]/%/:arm64}" >/dev/null 2>&1)
for deb in "$work"/*.deb; do
    dpkg-deb -x "$deb" "$work/tree"
done
for top in bin sbin lib; do
    [ -d "$work/tree/$top" ] || continue
    cp -a "$work/tree/$top/." "$work/tree/usr/$top/"
    rm -rf "${work:?}/tree/$top"
done
# busybox as every tool it has an applet for, at the path Debian has it (normalized to /usr).
# Its applet list is read from the host's busybox (the same Debian version, amd64), so building
# the layer runs no arm64 code.
mv "$work/tree/usr/bin/busybox" "$layer/usr/libexec/bezel-guest/busybox"
/bin/busybox --list-full | while read -r applet; do
    case $applet in
        bin/*|usr/bin/*) target=usr/bin/$(basename "$applet") ;;
        sbin/*|usr/sbin/*) target=usr/sbin/$(basename "$applet") ;;
        *) continue ;;
    esac
    ln -sf /usr/libexec/bezel-guest/busybox "$layer/$target"
done
rm -rf "$work/tree/usr/share/doc" "$work/tree/usr/share/man" "$work/tree/etc"
cp -a "$work/tree/usr/." "$layer/usr/"
echo "$stamp" > "$layer/.stamp"
