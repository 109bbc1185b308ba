#!/usr/bin/env bash
# Installs the demo kiosk as a system service (run as root on the panel's machine):
#   - builds bezel-demo in release with the Swift runtime linked in (no toolchain needed on a
#     machine the binary is copied to), unless --binary PATH gives one;
#   - creates the system user "bezel" in the video, input and render groups;
#   - installs /usr/local/bin/bezel-demo and, beside it, bezel-image-decoder (the confined
#     helper that decodes untrusted images; taken from beside --binary's file),
#     /usr/local/share/bezel/ (assets, README),
#     /usr/local/share/bezel-demo/ (the demo's own images and fonts),
#     /etc/bezel/bezel.conf (kept if it exists), the backlight udev rule and the systemd unit;
#   - enables and starts bezel-demo.service (--no-start: installs only);
#   - with --app PACKAGE PRODUCT: an app instead of the demo (issue 36; README "For apps:
#     getting the small binary"): the executable PRODUCT of the Swift package in the folder
#     PACKAGE, built the same way (release, the Swift runtime linked in, PACKAGE/.build-static)
#     and linked as the demo is (deploy/app-toolset.sh's toolset), unless --binary PATH gives
#     it; installed as /usr/local/bin/PRODUCT with the image decoder (built from this checkout)
#     and Bezel's assets, its resources from --resources DIR as /usr/local/share/PRODUCT/
#     (ResourceBundle.main), and PRODUCT.service, bezel-demo.service's hardened unit running
#     it. A kiosk unit installed earlier (the demo's) is stopped and disabled: one owns the panel;
#   - with --remote [PATH]: also the remote service (issue 34; README "Operating from afar"):
#     bezel-remote (built in release unless PATH gives one) and its page, its unit, the system
#     user "bezel-remote" (the app's user joins its group: the app's socket is that group's),
#     /etc/bezel/remote-tokens (made if missing, root's, mode 600: one read and one control
#     token, printed once) and remote_socket in /etc/bezel/bezel.conf; loopback only until the
#     operator gives a certificate in /etc/bezel/remote.env.
# Every path it creates is recorded in /var/lib/bezel/installed, which deploy/uninstall.sh
# removes again.
#   usage: sudo bash deploy/install.sh [--app PACKAGE PRODUCT [--resources DIR]] [--binary PATH]
#                                      [--remote [PATH]] [--no-start] [--root DIR]
# --root DIR installs into DIR instead of / (for packaging and tests; no user, no systemctl).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
binary=""
start=1
root=""
remote=0
remote_binary=""
app_package=""
product=bezel-demo
resources=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=$2; shift 2 ;;
        --no-start) start=0; shift ;;
        --app)
            if [ $# -lt 3 ] || [ "${2#--}" != "$2" ] || [ "${3#--}" != "$3" ]; then
                echo "install.sh: --app needs a package folder and the name of its executable product" >&2; exit 2
            fi
            app_package=$2; product=$3; shift 3 ;;
        --resources) [ $# -ge 2 ] || { echo "install.sh: --resources needs a folder" >&2; exit 2; }
            resources=$2; shift 2 ;;
        --root) root=$(realpath -m "$2"); shift 2 ;;
        --remote)
            remote=1
            if [ $# -gt 1 ] && [ "${2#--}" = "$2" ]; then remote_binary=$2; shift; fi
            shift ;;
        -h|--help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
if [ -n "$app_package" ]; then
    # The name becomes a file in /usr/local/bin and a systemd unit's: a plain one, not Bezel's own.
    if ! printf '%s' "$product" | grep -Eqx '[A-Za-z0-9][A-Za-z0-9_.-]{0,63}' \
        || [ "$product" = bezel-remote ] || [ "$product" = bezel-image-decoder ]; then
        echo "install.sh: '$product' cannot be an installed app's name (letters, digits, '.', '_' and '-', not bezel-remote or bezel-image-decoder)" >&2
        exit 2
    fi
    [ -f "$app_package/Package.swift" ] || { echo "install.sh: $app_package has no Package.swift (--app takes the app's package folder)" >&2; exit 1; }
    app_package=$(cd "$app_package" && pwd)
fi
[ -z "$resources" ] || [ -n "$app_package" ] || { echo "install.sh: --resources is for an app (--app)" >&2; exit 2; }
[ -z "$resources" ] || [ -d "$resources" ] || { echo "install.sh: the resources folder $resources does not exist" >&2; exit 1; }
if [ -z "$root" ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root (sudo bash deploy/install.sh)" >&2
    exit 1
fi
# as_builder DIR COMMAND...: COMMAND in DIR as the user who ran sudo, not as root: the build
# folder (and the toolset in it) stays theirs, and root runs no package build scripts.
as_builder() {
    local dir=$1
    shift
    if [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ] && [ "$(id -u)" -eq 0 ]; then
        (cd "$dir" && runuser -u "$SUDO_USER" -- env PATH="$PATH" HOME="$(getent passwd "$SUDO_USER" | cut -d: -f6)" "$@" >&2)
    else
        (cd "$dir" && "$@" >&2)
    fi
}
swift_build() { local dir=$1; shift; as_builder "$dir" swift build "$@"; }
decoder=""
if [ -z "$binary" ]; then
    # The compiler flags of every shipped build (not in a --binary package: nothing is built).
    . "$here/release-flags.sh"
    mapfile -t release_flags < <(bezel_release_swift_build_flags)
    # Its own build folder: static and dynamic builds would otherwise rebuild each other.
    swift_build "$repo" -c release --static-swift-stdlib --build-path .build-static "${release_flags[@]}" --product bezel-image-decoder
    decoder="$repo/.build-static/release/bezel-image-decoder"
    if [ -n "$app_package" ]; then
        # The link settings of Bezel's own executables, which SwiftPM does not hand down to an
        # app's manifest, as a toolset (app-toolset.sh).
        as_builder "$app_package" bash "$here/app-toolset.sh" "$app_package/.build-static/bezel-toolset.json"
        swift_build "$app_package" -c release --static-swift-stdlib --build-path .build-static \
            --toolset "$app_package/.build-static/bezel-toolset.json" --product "$product"
        binary="$app_package/.build-static/release/$product"
    else
        swift_build "$repo" -c release --static-swift-stdlib --build-path .build-static "${release_flags[@]}" --product bezel-demo
        binary="$repo/.build-static/release/bezel-demo"
    fi
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }
if [ $remote = 1 ] && [ -z "$remote_binary" ]; then
    swift_build "$repo" -c release --static-swift-stdlib --package-path Sources/BezelRemote --product bezel-remote
    remote_binary="$repo/Sources/BezelRemote/.build/release/bezel-remote"
fi
[ $remote = 0 ] || [ -x "$remote_binary" ] || { echo "install.sh: $remote_binary is not an executable" >&2; exit 1; }

manifest="$root/var/lib/bezel/installed"
records=$(mktemp)
trap 'rm -f "$records"' EXIT
# Keep what an earlier install recorded (a reinstall must not forget directories it made).
[ -f "$manifest" ] && grep -v '^/var/lib/bezel/installed$' "$manifest" > "$records" || true
record() { grep -qxF "$1" "$records" || echo "$1" >> "$records"; }
# Directories are recorded when this script creates them, so uninstall removes only those.
make_dir() {
    local dir=$1
    [ "$dir" = / ] && { mkdir -p "$root/"; return 0; }
    [ -d "$root$dir" ] && return 0
    local parent
    parent=$(dirname "$dir")
    [ "$parent" != "$dir" ] && make_dir "$parent"
    mkdir -p "$root$dir"
    record "$dir/"
}
put() {   # put SOURCE DEST MODE
    make_dir "$(dirname "$2")"
    install -m "$3" "$1" "$root$2"
    record "$2"
}

put "$binary" "/usr/local/bin/$product" 0755
# ImageLoader looks for the helper beside the running program first.
[ -n "$decoder" ] || decoder="$(dirname "$binary")/bezel-image-decoder"
if [ -x "$decoder" ]; then
    put "$decoder" /usr/local/bin/bezel-image-decoder 0755
else
    echo "install.sh: no bezel-image-decoder beside $binary: untrusted images will be decoded in the app's process, unconfined" >&2
fi
make_dir /usr/local/share/bezel
(cd "$repo" && find Assets -type f -not -path 'Assets/Demo/*') | while read -r asset; do
    put "$repo/$asset" "/usr/local/share/bezel/$asset" 0644
done
# The app's own pictures and fonts (the demo's: Assets/Demo), where an app's resource folder
# goes: beside its executable as ../share/<name>/ (ResourceBundle.main).
[ -n "$app_package" ] || resources="$repo/Assets/Demo"
if [ -n "$resources" ]; then
    resources=$(cd "$resources" && pwd)
    (cd "$resources" && find . -type f) | while read -r resource; do
        put "$resources/${resource#./}" "/usr/local/share/$product/${resource#./}" 0644
    done
fi
put "$repo/README.md" /usr/local/share/bezel/README.md 0644
if [ -e "$root/etc/bezel/bezel.conf" ]; then
    echo "install.sh: keeping the existing /etc/bezel/bezel.conf" >&2
else
    put "$here/config/bezel.conf" /etc/bezel/bezel.conf 0644
fi
put "$here/udev/90-bezel-backlight.rules" /etc/udev/rules.d/90-bezel-backlight.rules 0644
# The kiosk's unit: the demo's, or the same hardened unit running the app (an app's unit is
# the demo's with the binary's name, so the two never drift apart).
# unit_for SOURCE: SOURCE with the demo's unit and binary renamed to the app's.
unit_for() {
    if [ "$product" = bezel-demo ]; then cat "$1"; return; fi
    echo "# Made by deploy/install.sh --app from Bezel's deploy/systemd/$(basename "$1"), for $product."
    sed -e "s|/usr/local/bin/bezel-demo|/usr/local/bin/$product|g" -e "s|bezel-demo\.service|$product.service|g" \
        -e "s|^Description=Bezel kiosk (bezel-demo)|Description=Bezel kiosk ($product)|" "$1"
}
generated=$(mktemp -d)
trap 'rm -f "$records"; rm -rf "$generated"' EXIT
unit_for "$here/systemd/bezel-demo.service" > "$generated/app.service"
put "$generated/app.service" "/etc/systemd/system/$product.service" 0644
if [ $remote = 1 ]; then
    put "$remote_binary" /usr/local/bin/bezel-remote 0755
    (cd "$repo/Sources/BezelRemote/Public" && find . -type f) | while read -r file; do
        put "$repo/Sources/BezelRemote/Public/${file#./}" "/usr/local/share/bezel-remote/public/${file#./}" 0644
    done
    unit_for "$here/systemd/bezel-remote.service" > "$generated/remote.service"
    put "$generated/remote.service" /etc/systemd/system/bezel-remote.service 0644
    put "$here/systemd/bezel-demo.service.d/remote.conf" "/etc/systemd/system/$product.service.d/remote.conf" 0644
    if [ ! -e "$root/etc/bezel/remote-tokens" ]; then
        make_dir /etc/bezel
        read_token=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
        control_token=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
        (umask 077; printf '# role    name     token (bezel-remote; README "Operating from afar")\nread      viewer   %s\ncontrol   operator %s\n' \
            "$read_token" "$control_token" > "$root/etc/bezel/remote-tokens")
        record /etc/bezel/remote-tokens
        echo "install.sh: made /etc/bezel/remote-tokens (root's, mode 600): read $read_token, control $control_token" >&2
    fi
    # The app listens for the service on its socket (in the app's runtime directory).
    if ! grep -q '^[[:space:]]*remote_socket[[:space:]]*=' "$root/etc/bezel/bezel.conf"; then
        printf '\n# The remote service (install.sh --remote)\nremote_socket = /run/bezel/remote.sock\nremote_user = bezel-remote\n' >> "$root/etc/bezel/bezel.conf"
    fi
fi
make_dir /var/lib/bezel
record /var/lib/bezel/installed
cp "$records" "$manifest"

if [ -z "$root" ]; then
    if ! id bezel >/dev/null 2>&1; then
        groups=""
        for g in video input render; do getent group "$g" >/dev/null && groups="$groups${groups:+,}$g"; done
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin --user-group \
            ${groups:+--groups "$groups"} bezel
        echo "user:bezel" >> "$manifest"
    fi
    if [ $remote = 1 ] && ! id bezel-remote >/dev/null 2>&1; then
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin --user-group bezel-remote
        echo "user:bezel-remote" >> "$manifest"
    fi
    # The app makes its socket in the remote user's group: it must be a member.
    [ $remote = 1 ] && usermod -a -G bezel-remote bezel
    if [ -d /run/udev ]; then udevadm control --reload 2>/dev/null || true; udevadm trigger --subsystem-match=backlight 2>/dev/null || true; fi
    if [ -d /run/systemd/system ]; then
        systemctl daemon-reload
        # One kiosk owns the panel: another one installed earlier is stopped and disabled.
        for unit in $(grep -E '^/etc/systemd/system/[^/]*\.service$' "$manifest" | xargs -rn1 basename); do
            [ "$unit" = "$product.service" ] || [ "$unit" = bezel-remote.service ] || systemctl disable --now "$unit" 2>/dev/null || true
        done
        systemctl enable "$product.service"
        [ $start = 1 ] && systemctl restart "$product.service"
        if [ $remote = 1 ]; then
            systemctl enable bezel-remote.service
            [ $start = 1 ] && systemctl restart bezel-remote.service
        fi
        echo "install.sh: $product.service enabled$([ $start = 1 ] && echo ' and started'); logs: journalctl -u $product -f" >&2
    else
        echo "install.sh: systemd is not running here; enable it later with: systemctl enable --now $product" >&2
    fi
fi
echo "install.sh: installed $(grep -vc '/$' "$manifest") files into ${root:-/}" >&2
