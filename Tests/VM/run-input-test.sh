#!/usr/bin/env bash
# Runs bezel-input-check against a real kernel's input stack: boots the QEMU guest
# (make-guest.sh), starts udevd, runs bezel-input-check on udev's seat and has
# inject-touch.py create a uinput touchscreen and touch it. The guest's serial log
# (<out>/input-serial.log) has the BEZEL-INPUT lines; exits with bezel-input-check's status.
#   usage: run-input-test.sh <bezel-input-check binary> [out folder, default .build/vm]
set -euo pipefail
binary=$(realpath "$1")
out=${2:-.build/vm}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/guest-lib.sh"
bash "$here/make-guest.sh" "$out"
out=$(cd "$out" && pwd)
rm -f "$out/input-serial.log"
cat > "$out/guest-input.sh" <<GUEST
$GUEST_START_UDEV
$binary /run/input-ready &
check=\$!
/usr/bin/python3 $here/inject-touch.py /run/input-ready
wait \$check
GUEST
boot_guest "$out" "$out/guest-input.sh" "$out/input-serial.log"
# The guest powers off when its script ends; ten minutes at most (a loaded CI host running the
# other guests beside it once left this one silent past five: the limit is for a hang only).
for _ in $(seq 1 6000); do kill -0 $qemu 2>/dev/null || break; sleep 0.1; done
kill $qemu 2>/dev/null || true
wait $qemu 2>/dev/null || true
grep "BEZEL-INPUT" "$out/input-serial.log" || true
grep -q "BEZEL-EXIT 0" "$out/input-serial.log"
