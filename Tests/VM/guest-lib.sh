# Shared by the run-*-test.sh scripts (sourced): booting the QEMU guest of make-guest.sh and
# taking QMP screendumps of what its virtual GPU scans out.

# boot_guest OUT SCRIPT SERIAL [QMP_SOCKET]: starts the guest in the background (PID in $qemu)
# running SCRIPT; with a QMP socket, it also has a GPU at 800x480: virtio-gpu, or QEMU's
# bochs-display when GUEST_GPU=bochs, none when GUEST_GPU=none.
boot_guest() {
    local out=$1 script=$2 serial=$3 qmp=${4:-}
    # OUT shared once more on its own, uncached in the guest (make-guest.sh's /init): the
    # host's handshake files appear there while the guest waits for them.
    local out_path
    out_path=$(cd "$out" && pwd)
    local display=()
    if [ -n "$qmp" ]; then
        local gpu=virtio-gpu-pci
        [ "${GUEST_GPU:-virtio}" = bochs ] && gpu=bochs-display
        display=(-device "$gpu,xres=800,yres=480" -qmp "unix:$qmp,server,nowait")
        # none: no GPU at boot (one may be added later: qmp_device_add).
        [ "${GUEST_GPU:-virtio}" = none ] && display=(-qmp "unix:$qmp,server,nowait")
    fi
    # GUEST_ARCH (make-guest.sh): the machine that runs the guest's kernel. arm64 on QEMU's
    # virt board with the Pi 4's core (Cortex-A72), arm64-16k with the Pi 5's (Cortex-A76: the
    # A72 model has no 16K granule and hangs silently); both with the userland layer.
    # The layer is a 9p share of its own (tag userland): inside the host's share, overlayfs
    # refuses it as a lower folder overlapping another.
    local machine=(qemu-system-x86_64 -cpu max) console=ttyS0 userland=""
    local layer=(-virtfs "local,path=$out/userland,mount_tag=userland,security_model=none,readonly=on")
    case ${GUEST_ARCH:-amd64} in
        arm64) machine=(qemu-system-aarch64 -M virt -cpu cortex-a72 "${layer[@]}"); console=ttyAMA0; userland=bezel.userland=1 ;;
        arm64-16k) machine=(qemu-system-aarch64 -M virt -cpu cortex-a76 "${layer[@]}"); console=ttyAMA0; userland=bezel.userland=1 ;;
    esac
    # GUEST_AUDIO=FILE: a sound card (Intel HDA with a line-out/line-in codec) whose output
    # QEMU writes to FILE as a WAV (its wav audiodev), x86 guests only.
    local audio=()
    [ -n "${GUEST_AUDIO:-}" ] && audio=(-audiodev "wav,id=speech,path=$GUEST_AUDIO" -device intel-hda -device hda-duplex,audiodev=speech)
    "${machine[@]}" -accel tcg,thread=multi -smp 2 -m 1024 "${audio[@]}" \
        -kernel "$out/vmlinuz" -initrd "$out/initramfs.cpio.gz" \
        -append "console=$console quiet vt.global_cursor_default=0 bezel.script=$script bezel.out=$out_path $userland ${GUEST_APPEND:-}" \
        "${display[@]}" \
        -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
        -virtfs "local,path=$out_path,mount_tag=out,security_model=none,readonly=on" \
        -serial file:"$serial" -display none -no-reboot -nodefaults &
    qemu=$!
}

# screendump QMP_SOCKET FILE: writes what the guest's GPU scans out as a PNG.
screendump() {
    qmp "$1" '{"execute": "screendump", "arguments": {"filename": "'"$2"'", "format": "png"}}'
}

# qmp_device_add QMP_SOCKET DEVICE_JSON_ARGUMENTS: plugs a device into the running guest
# (PCI hotplug through ACPI), e.g. '{"driver": "bochs-display", "id": "gpu1"}' (QEMU 7.2 hotplugs
# bochs-display, secondary-vga and qxl, not virtio-gpu).
qmp_device_add() {
    qmp "$1" '{"execute": "device_add", "arguments": '"$2"'}'
}

# qmp QMP_SOCKET COMMAND_JSON: one QMP command; fails with QEMU's error.
qmp() {
    python3 - "$1" "$2" <<'PY'
import json, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
f = s.makefile("rw")
f.readline()
for command in ({"execute": "qmp_capabilities"}, json.loads(sys.argv[2])):
    f.write(json.dumps(command) + "\n"); f.flush()
    while True:
        reply = json.loads(f.readline())
        if "return" in reply or "error" in reply:
            break
    if "error" in reply:
        sys.exit("QMP: " + str(reply["error"]))
PY
}

# The guest script line for runs that compare RSS over time (R1's twenty switches, R6's
# flood): no transparent huge pages. The guest's kernel has them always on, and khugepaged
# makes one of a 2 MiB stretch of the heap at moments of its own choosing: a CI run saw RSS
# step by 2,024 KiB (2,048 less the 24 KiB of it already resident) and stay flat after,
# without the app allocating anything.
GUEST_NO_HUGE_PAGES='echo never > /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true'

# The guest script lines that start udevd and let it announce the devices there are (input
# tests need udev's seat; libinput finds devices through it).
GUEST_START_UDEV='export SYSTEMD_IGNORE_CHROOT=1
/lib/systemd/systemd-udevd --daemon >/dev/null 2>&1
udevadm trigger --action=add >/dev/null 2>&1
udevadm settle >/dev/null 2>&1'
