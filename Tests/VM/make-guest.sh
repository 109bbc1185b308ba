#!/usr/bin/env bash
# Builds the QEMU guest of vm-notes.md in $1 (default .build/vm): Debian's kernel (unpacked,
# not installed), and a ~3 MB initramfs of static busybox, the virtio/DRM/9p modules and an
# /init that loads the GPU (virtio-gpu, bochs), 9p and input modules, mounts the host's / read-only over 9p (with a tmpfs on /run for scratch; the
# host's /tmp stays visible, checkouts may live there), chroots into it and runs the script named
# on the kernel command line (bezel.script=PATH), then powers off. Idempotent.
set -euo pipefail
out=${1:-.build/vm}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# Tests boot guests in parallel: one builds, the others wait for it.
exec 9>"$out/.make-guest.lock"
flock 9
version="4 virtio-gpu bochs 9p uinput evdev run-tmpfs host-tmp-visible"
[ -f "$out/initramfs.cpio.gz" ] && [ -f "$out/vmlinuz" ] && [ "$(cat "$out/guest-version" 2>/dev/null)" = "$version" ] && exit 0

package=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image/{print $2; exit}')
kver=${package#linux-image-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download "$package" >/dev/null 2>&1)
dpkg-deb -x "$work"/linux-image-*.deb "$work/kernel"
cp "$work/kernel/boot/vmlinuz-$kver" "$out/vmlinuz"
depmod -b "$work/kernel" "$kver"

root="$work/initramfs"
mkdir -p "$root"/{bin,proc,sys,dev,host,modules}
cp /bin/busybox "$root/bin/busybox"
: > "$root/modules.order"
for module in virtio_pci virtio_gpu bochs 9p 9pnet_virtio uinput evdev; do
    modprobe -d "$work/kernel" -S "$kver" --show-depends "$module" | awk '/^insmod/{print $2}'
done | awk '!seen[$0]++' | while read -r ko; do
    cp "$ko" "$root/modules/"
    basename "$ko" >> "$root/modules.order"
done
cat > "$root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for m in $(cat /modules.order); do insmod /modules/$m 2>/dev/null; done
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=262144 hostroot /host
mount -t proc proc /host/proc
mount -t sysfs sys /host/sys
mount -o bind /dev /host/dev
mount -t tmpfs run /host/run
script=$(sed -n 's/.*bezel.script=\([^ ]*\).*/\1/p' /proc/cmdline)
echo "BEZEL-GUEST-READY"
chroot /host /bin/sh "$script"
echo "BEZEL-EXIT $?"
poweroff -f
INIT
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1) > "$out/initramfs.cpio.gz"
echo "$version" > "$out/guest-version"
