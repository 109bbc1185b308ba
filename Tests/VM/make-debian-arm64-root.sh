#!/usr/bin/env bash
# Makes a minimal arm64 root of Debian SUITE (trixie: what the current Raspberry Pi OS is
# based on) in OUT holding deploy/pi-runtime-packages.txt and what they depend on: the
# packages apt resolves for exactly that list (a private apt configuration with an empty
# package database, arm64 as the native architecture), unpacked, not configured (nothing of
# them runs at install time, so no emulation is needed to make it). Idempotent.
#   usage: make-debian-arm64-root.sh SUITE OUT
set -euo pipefail
suite=$1
mkdir -p "$2"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
list="$here/../../deploy/pi-runtime-packages.txt"
mapfile -t packages < <(grep -v '^#' "$list")
stamp="1 $suite ${packages[*]}"
[ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ] && exit 0
apt_dir="$out.apt"
# run-arm64-scenarios.sh binds /dev and mounts /proc inside the root while the tour runs: a
# run killed half-way leaves them, and removing the root must never reach into them.
for mounted in "$out/dev" "$out/proc"; do
    mountpoint -q "$mounted" 2>/dev/null && umount -l "$mounted"
done
rm -rf --one-file-system "$out" "$apt_dir"
mkdir -p "$apt_dir"/{lists/partial,archives/partial,sources.list.d} "$out"
: > "$apt_dir/status"
echo "deb [arch=arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" > "$apt_dir/sources.list"
apt_options=(-o Dir::Etc::sourcelist="$apt_dir/sources.list" -o Dir::Etc::sourceparts="$apt_dir/sources.list.d" -o Dir::State::Lists="$apt_dir/lists"
             -o Dir::State::status="$apt_dir/status" -o Dir::Cache="$apt_dir" -o Dir::Cache::archives="$apt_dir/archives"
             -o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
apt-get "${apt_options[@]}" update -qq
apt-get "${apt_options[@]}" install -y -qq --download-only --no-install-recommends "${packages[@]}" >/dev/null
for deb in "$apt_dir"/archives/*.deb; do
    dpkg-deb -x "$deb" "$out"
done
# The merged /usr links (trixie's packages ship everything under /usr; base-files or usrmerge
# would make these when configured): the loader is /lib/ld-linux-aarch64.so.1 to a binary.
for top in bin sbin lib; do
    [ -e "$out/$top" ] || ln -s "usr/$top" "$out/$top"
done
mkdir -p "$out/tmp" "$out/proc" "$out/dev"
echo "bezel: $(ls "$apt_dir"/archives/*.deb | wc -l) $suite arm64 packages unpacked in $out" >&2
rm -rf "$apt_dir"
echo "$stamp" > "$out.stamp"
