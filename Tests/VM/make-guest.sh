#!/usr/bin/env bash
# Builds the QEMU guest of vm-notes.md in $1 (default .build/vm): Debian's kernel (unpacked,
# not installed), and a ~3 MB initramfs of static busybox, the virtio/DRM/9p modules and an
# /init that loads the GPU (virtio-gpu, bochs), 9p and input modules, mounts the host's / read-only over 9p (with a tmpfs on /run for scratch; the
# host's /tmp stays visible, checkouts may live there), chroots into it and runs the script named
# on the kernel command line (bezel.script=PATH), then powers off. Idempotent.
#
# GUEST_ARCH chooses the kernel (Debian's own, as a board would run it):
#   amd64      linux-image-amd64 (the default)
#   arm64      linux-image-arm64: the Raspberry Pi 4's configuration, 4K pages (boot_guest runs
#              it on QEMU's Cortex-A72)
#   arm64-16k  linux-image-6.12-arm64-16k: the Pi 5's, 16K pages (Cortex-A76; the A72 model has
#              no 16K granule)
#   amd64-6.12 linux-image-6.12-amd64: Debian 12's newer kernel (the series Raspberry Pi OS
#              ships), whose vkms has what 6.1's lacks: a rotation property on its planes (E13's
#              rotated panel)
# An arm64 guest runs the host's arm64 binaries (multiarch: its libraries and loader are on the
# host) in the host's root, with a read-only layer on top holding what an arm64 userland needs
# that cannot sit beside the amd64 one (make-arm64-userland.sh: busybox as the shell tools,
# python3, udevd).
set -euo pipefail
out=${1:-.build/vm}
arch=${GUEST_ARCH:-amd64}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
# Tests boot guests in parallel: one builds, the others wait for it.
exec 9>"$out/.make-guest.lock"
flock 9
version="11 $arch virtio-gpu bochs 9p uinput evdev overlay run-tmpfs host-tmp-visible systemd-init userland-layer hda-sound vkms 9p-cache-loose out-share cache-switch helpers vivid"
[ -f "$out/initramfs.cpio.gz" ] && [ -f "$out/vmlinuz" ] && [ "$(cat "$out/guest-version" 2>/dev/null)" = "$version" ] && exit 0

case $arch in
    amd64) meta=linux-image-amd64 ;;
    arm64) meta=linux-image-arm64:arm64 ;;
    arm64-16k) meta=linux-image-6.12-arm64-16k:arm64 ;;
    amd64-6.12) meta=linux-image-6.12-amd64 ;;
    *) echo "make-guest.sh: unknown GUEST_ARCH $arch (amd64, arm64, arm64-16k, amd64-6.12)" >&2; exit 2 ;;
esac
debian_arch=${arch%-*}
package=$(apt-cache depends "$meta" | awk '/Depends: linux-image/{print $2; exit}')
package=${package%:arm64}
if [ "$arch" = amd64-6.12 ]; then
    # The release linux-source-6.12 holds (vkms is built from it), not the signed meta's,
    # which may lag it: the module then matches the kernel it runs in.
    release=$(apt-cache policy linux-source-6.12 | awk '/Candidate:/{print $2}')
    package=linux-image-${release%%-*}+deb12-amd64-unsigned
fi
kver=${package#linux-image-}
kver=${kver%-unsigned}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download "$package:$debian_arch" >/dev/null 2>&1)
dpkg-deb -x "$work"/linux-image-*.deb "$work/kernel"
cp "$work/kernel/boot/vmlinuz-$kver" "$out/vmlinuz"
depmod -b "$work/kernel" "$kver"

root="$work/initramfs"
mkdir -p "$root"/{bin,proc,sys,dev,host,modules,newroot}
if [ "$debian_arch" = amd64 ]; then
    cp /bin/busybox "$root/bin/busybox"
else
    (cd "$work" && apt-get download "busybox-static:$debian_arch" >/dev/null 2>&1)
    dpkg-deb -x "$work"/busybox-static_*.deb "$work/busybox"
    cp "$work/busybox/bin/busybox" "$root/bin/busybox"
    bash "$here/make-arm64-userland.sh" "$out/userland"
fi
: > "$root/modules.order"
# bochs is x86's second GPU (the arm64 kernels have it too, unused there). 6.12's modules are
# xz-compressed: busybox's insmod takes them decompressed.
# The sound card (E12: QEMU's intel-hda with an hda-duplex codec): the generic codec driver
# goes in before the controller's, which binds it when it finds the codec (busybox has no
# modprobe for the kernel to ask).
# vkms (amd64 only; Debian does not ship it): built for this kernel, loaded by /init only when
# the command line asks (bezel.vkms=1: E13, E14), so the other guests' cards stay as they were.
# The modules it needs join the list (6.12's vkms needs more of the DRM helpers than 6.1's).
vkms_depends=""
if [ "$debian_arch" = amd64 ]; then
    bash "$here/build-vkms.sh" "$kver" "$root/modules"
    strip --strip-debug "$root/modules/vkms.ko"
    vkms_depends=$(modinfo -F depends "$root/modules/vkms.ko" | tr ',' ' ')
fi
# vivid (amd64): the kernel's virtual V4L2 camera, whose buffers GStreamer's v4l2src exports
# as DMA-BUFs (E13's plane-dmabuf variant: a video imported onto a plane without a copy). Its
# modules go in the initramfs beside the rest but load only on bezel.vivid=1 (vivid.order).
extra=""
[ "$debian_arch" = amd64 ] && extra=vivid
copy_modules() {
    awk '!seen[$0]++' | while read -r ko; do
        case $ko in
            *.ko.xz) xz -dc "$ko" > "$root/modules/$(basename "${ko%.xz}")" ;;
            *) cp "$ko" "$root/modules/" ;;
        esac
        basename "${ko%.xz}"
    done
}
for module in virtio_pci virtio_gpu bochs drm_shmem_helper 9p 9pnet_virtio uinput evdev overlay snd_hda_codec_generic snd_hda_intel $vkms_depends; do
    modprobe -d "$work/kernel" -S "$kver" --show-depends "$module" | awk '/^insmod/{print $2}'
done | copy_modules >> "$root/modules.order"
: > "$root/vivid.order"
for module in $extra; do
    modprobe -d "$work/kernel" -S "$kver" --show-depends "$module" | awk '/^insmod/{print $2}'
done | while read -r ko; do
    grep -q -x -F "$(basename "${ko%.xz}")" "$root/modules.order" || echo "$ko"
done | copy_modules >> "$root/vivid.order"
cat > "$root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for m in $(cat /modules.order); do insmod /modules/$m 2>/dev/null; done
# vkms with its 8 overlay planes and its writeback connector (after virtio-gpu: card1 beside it).
grep -q 'bezel.vkms=1' /proc/cmdline && insmod /modules/vkms.ko enable_overlay=1 enable_writeback=1
# vivid with one capture device (/dev/video0 in a guest without other V4L2 devices).
grep -q 'bezel.vivid=1' /proc/cmdline && for m in $(cat /vivid.order); do insmod /modules/$m 2>/dev/null; done
# bezel_arg NAME: the value of bezel.NAME=... on the kernel command line (empty without it).
bezel_arg() { sed -n "s/.*bezel.$1=\\([^ ]*\\).*/\\1/p" /proc/cmdline; }
# mount_9p TAG DIR [OPTION]: a read-only 9p share of the host's, with OPTION added.
mount_9p() { mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=262144${3:+,$3} "$1" "$2"; }
# The host's root with the guest's caches on (cache=loose: it is read-only and nothing the
# guest reads in it changes while it runs, but for the host's handshake files in the test's
# folder, below). Measured: an app's start to its first frame took 10-11.7 s over the uncached
# share (fontconfig's ~100 files, the libraries' lookups, each a 9p round trip in an emulated
# guest), 2.3-3.6 s cached.
# (bezel.9pcache=none on the command line turns it off, to compare.)
cache=$(bezel_arg 9pcache)
mount_9p hostroot /host cache=${cache:-loose}
# The test's folder (bezel.out=PATH, boot_guest's share "out") uncached over its place in the
# root: the host creates files there while the guest waits for them, and a loose cache keeps
# a name it once found missing missing.
outdir=$(bezel_arg out)
mount_out() { [ -z "$outdir" ] || mount_9p out "$1$outdir"; }
script=$(bezel_arg script)
if grep -q 'bezel.systemd=1' /proc/cmdline; then
    # systemd as init: the host's root read-only under a tmpfs overlay (installs and users
    # land in memory), the test script run by a unit of its own (bezel.script=PATH).
    mkdir -p /overlay /newroot
    mount -t tmpfs overlay /overlay
    mkdir -p /overlay/upper /overlay/work
    mount -t overlay overlay -o lowerdir=/host,upperdir=/overlay/upper,workdir=/overlay/work /newroot
    mkdir -p /newroot/etc/systemd/system
    cat > /newroot/etc/systemd/system/bezel-test.service <<UNIT
[Unit]
Description=Bezel guest test
After=systemd-udevd.service systemd-udev-trigger.service systemd-journald.service
Wants=systemd-udevd.service systemd-udev-trigger.service
[Service]
Type=oneshot
ExecStart=/bin/sh $script
StandardOutput=journal+console
StandardError=journal+console
ExecStopPost=/bin/systemctl poweroff --force --force
UNIT
    cat > /newroot/etc/systemd/system/bezel-test.target <<UNIT
[Unit]
Description=Bezel guest test target
Requires=bezel-test.service sysinit.target
After=sysinit.target
AllowIsolate=yes
UNIT
    : > /newroot/etc/machine-id
    # The host is a container (/.dockerenv): hidden, or systemd would take the VM for one
    # and ignore the kernel command line. tmpfiles' boot setup walks the host's /tmp over 9p
    # for minutes: masked, as is everything the test target does not ask for.
    rm -f /newroot/.dockerenv /newroot/run/.containerenv
    for unit in systemd-tmpfiles-setup.service systemd-tmpfiles-clean.timer systemd-tmpfiles-setup-dev.service; do
        ln -sf /dev/null /newroot/etc/systemd/system/$unit
    done
    echo "BEZEL-GUEST-READY systemd"
    mount_out /newroot
    exec switch_root /newroot /lib/systemd/systemd --unit=bezel-test.target --show-status=false
fi
# An arm64 guest (bezel.userland=1): its userland layer, a 9p share of its own, read-only over
# the host's root.
root=/host
if grep -q 'bezel.userland=1' /proc/cmdline; then
    mkdir -p /layer
    mount_9p userland /layer
    mount -t overlay overlay -o lowerdir=/layer:/host /newroot
    root=/newroot
fi
mount_out $root
mount -t proc proc $root/proc
mount -t sysfs sys $root/sys
mount -o bind /dev $root/dev
mount -t tmpfs run $root/run
echo "BEZEL-GUEST-READY"
chroot $root /bin/sh "$script"
echo "BEZEL-EXIT $?"
poweroff -f
INIT
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1) > "$out/initramfs.cpio.gz"
echo "$version" > "$out/guest-version"
