#!/usr/bin/env bash
# Removes what deploy/install.sh installed (the paths in /var/lib/bezel/installed, the
# directories it created, the "bezel" and "bezel-remote" users it created), after stopping and
# disabling its services (the demo's or an app's, and bezel-remote). /etc/bezel/bezel.conf
# goes too unless --keep-config.
#   usage: sudo bash deploy/uninstall.sh [--keep-config] [--root DIR]
set -euo pipefail
root=""
keep_config=0
while [ $# -gt 0 ]; do
    case "$1" in
        --keep-config) keep_config=1; shift ;;
        --root) root=$(realpath -m "$2"); shift 2 ;;
        -h|--help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "uninstall.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
manifest="$root/var/lib/bezel/installed"
[ -f "$manifest" ] || { echo "uninstall.sh: nothing installed ($manifest is missing)" >&2; exit 1; }
if [ -z "$root" ] && [ "$(id -u)" -ne 0 ]; then
    echo "uninstall.sh: run as root" >&2
    exit 1
fi
if [ -z "$root" ] && [ -d /run/systemd/system ]; then
    # Every unit install.sh put in /etc/systemd/system (the kiosk's and bezel-remote's).
    units=$(grep -E '^/etc/systemd/system/[^/]*\.service$' "$manifest" | xargs -rn1 basename || true)
    for unit in $units; do systemctl disable --now "$unit" 2>/dev/null || true; done
fi
# The manifest lists itself: read it before removing anything.
paths=$(cat "$manifest")
# Files first, then directories deepest first (only if empty: something else may live there).
echo "$paths" | grep -v '/$' | grep -v '^user:' | while read -r path; do
    if [ $keep_config = 1 ] && [ "$path" = /etc/bezel/bezel.conf ]; then continue; fi
    rm -f "$root$path"
done
# The app's cache (fontconfig's list of Bezel's fonts), made by systemd (CacheDirectory=).
rm -rf "$root/var/cache/bezel"
echo "$paths" | grep '/$' | awk '{ print length, $0 }' | sort -rn | cut -d' ' -f2- | while read -r dir; do
    rmdir "$root$dir" 2>/dev/null || true
done
if [ -z "$root" ]; then
    if echo "$paths" | grep -q '^user:bezel$'; then userdel bezel 2>/dev/null || true; fi
    if echo "$paths" | grep -q '^user:bezel-remote$'; then userdel bezel-remote 2>/dev/null || true; fi
    [ -d /run/systemd/system ] && systemctl daemon-reload
    [ -d /run/udev ] && (udevadm control --reload 2>/dev/null || true)
fi
echo "uninstall.sh: removed" >&2
