#!/usr/bin/env bash
# Scenario K9 (issue 34): the remote service as the operator installs it, on a real kernel with
# systemd as init (the guest of run-service-test.sh). deploy/install.sh --remote puts in the
# demo and bezel-remote with their units, users and tokens; then, through the hardened
# bezel-remote.service and the `bezel-remote health` client with the read token:
#   - the app's health reports restarts=0 on its unit's first start;
#   - after each SIGKILL of the app (systemd restarts it: Restart=always) one more, equal to
#     systemd's own NRestarts;
#   - stopped and started by the operator, the count is 0 again (the runtime directory goes
#     with the stop, as NRestarts does);
#   - the service runs as its own user and its exposure (systemd-analyze security) is printed.
# Prints "PASS K9 ..." and exits 0, or "FAIL K9 ..." with the guest's lines and exits 1.
#   usage: run-remote-service-test.sh <bezel-demo> <bezel-remote> [out folder, default .build/vm]
set -euo pipefail
demo=$(realpath "$1")
remote_binary=$(realpath "$2")
out=${3:-.build/vm}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$here/guest-lib.sh"
bash "$here/make-guest.sh" "$out"
out=$(cd "$out" && pwd)
serial="$out/remote-service-serial.log"
rm -f "$serial"

cat > "$out/guest-remote-service.sh" <<GUEST
say() { echo "BEZEL-K9 \$*"; }
udevadm settle
main_pid() { systemctl show -p MainPID --value \$1; }
# Waits (up to 5 min: an emulated start on a loaded host) until bezel-demo is active with a
# main PID other than \$1, and prints it (0 if it never is).
wait_active_pid_other_than() {
    for _ in \$(seq 1 600); do
        pid=\$(main_pid bezel-demo.service)
        if systemctl is-active -q bezel-demo.service && [ "\$pid" != 0 ] && [ "\$pid" != "\$1" ]; then echo \$pid; return 0; fi
        sleep 0.5
    done
    echo 0
}
# The app's restarts through the service (the health client and the read token), once its
# health names them and the app that answers started after \$1 (seconds since the epoch; 0:
# any); "none" after 2 min, with the last reply and the app's journal on the console.
restarts_since() {
    for _ in \$(seq 1 240); do
        reply=\$(BEZEL_REMOTE_TOKEN=\$token /usr/local/bin/bezel-remote health localhost 2>&1 || true)
        value=\$(printf '%s' "\$reply" | python3 -c 'import json, sys, time
try:
    h = json.load(sys.stdin)
    started = time.time() - h.get("uptimeSeconds", 0)
    print(int(h["restarts"]) if "restarts" in h and started > float(sys.argv[1]) - 1 else "")
except Exception:
    print("")' "\$1")
        [ -n "\$value" ] && { echo \$value; return 0; }
        sleep 0.5
    done
    echo "BEZEL-K9 last health reply: \$(printf '%s' "\$reply" | tr '\\n' ' ' | cut -c1-400)" >&2
    journalctl -u bezel-demo.service --no-pager -n 30 2>&1 | sed 's/^/BEZEL-K9 app: /' >&2
    echo none
}
bash $repo/deploy/install.sh --binary $demo --remote $remote_binary 2>&1 | grep -v 'made /etc/bezel/remote-tokens' | sed 's/^/BEZEL-K9 install: /'
token=\$(awk '\$1 == "read" { print \$3 }' /etc/bezel/remote-tokens)
first=\$(wait_active_pid_other_than 0)
for _ in \$(seq 1 600); do systemctl is-active -q bezel-remote.service && break; sleep 0.5; done
service_pid=\$(main_pid bezel-remote.service)
say "service active=\$(systemctl is-active bezel-remote.service) user=\$(ps -o user= -p \$service_pid 2>/dev/null) app_user=\$(ps -o user= -p \$first 2>/dev/null)"
say "start restarts=\$(restarts_since 0) nrestarts=\$(systemctl show -p NRestarts --value bezel-demo.service)"
pid=\$first
for round in 1 2; do
    killed_at=\$(date +%s)
    kill -KILL \$pid
    pid=\$(wait_active_pid_other_than \$pid)
    restarts=\$(restarts_since \$killed_at)
    say "kill\$round restarts=\$restarts nrestarts=\$(systemctl show -p NRestarts --value bezel-demo.service)"
done
systemctl stop bezel-demo.service
runtime_left=\$([ -e /run/bezel ] && echo yes || echo no)
started_at=\$(date +%s)
systemctl start bezel-demo.service
wait_active_pid_other_than 0 > /dev/null
say "restart_by_operator restarts=\$(restarts_since \$started_at) nrestarts=\$(systemctl show -p NRestarts --value bezel-demo.service) runtime_directory_after_stop=\$runtime_left"
say "exposure \$(systemd-analyze security bezel-remote.service 2>/dev/null | grep -o 'Overall exposure level for bezel-remote.service: [0-9.]*' | grep -o '[0-9.]*\$') app \$(systemd-analyze security bezel-demo.service 2>/dev/null | grep -o 'Overall exposure level for bezel-demo.service: [0-9.]*' | grep -o '[0-9.]*\$')"
journalctl -u bezel-remote.service --no-pager -n 5 2>/dev/null | sed 's/^/BEZEL-K9 journal: /'
say "done"
GUEST

GUEST_APPEND="bezel.systemd=1" boot_guest "$out" "$out/guest-remote-service.sh" "$serial" "$out/remote-service-qmp.sock"
trap 'kill $qemu 2>/dev/null || true' EXIT
# The guest powers off after its script; 15 min is for a loaded CI host.
for _ in $(seq 1 4500); do kill -0 $qemu 2>/dev/null || break; sleep 0.2; done
trap - EXIT
kill $qemu 2>/dev/null || true
lines=$(grep -a "BEZEL-K9" "$serial" | sed 's/^.*BEZEL-K9 /K9 /; s/\r$//' || true)
field() { echo "$lines" | grep "^K9 $1 " | grep -o " $2=[^ ]*" | head -1 | cut -d= -f2; }
problems=()
[ "$(field service active)" = active ] || problems+=("bezel-remote.service not active")
[ "$(field service user)" = bezel-remote ] || problems+=("the service does not run as bezel-remote")
[ "$(field start restarts)" = 0 ] || problems+=("restarts on the first start: $(field start restarts), not 0")
for round in 1 2; do
    [ "$(field kill$round restarts)" = "$round" ] || problems+=("restarts after kill $round: $(field kill$round restarts), not $round")
    [ "$(field kill$round restarts)" = "$(field kill$round nrestarts)" ] || problems+=("kill $round: the app counts $(field kill$round restarts), systemd $(field kill$round nrestarts)")
done
[ "$(field restart_by_operator restarts)" = 0 ] || problems+=("restarts after the operator's stop and start: $(field restart_by_operator restarts), not 0")
[ "$(field restart_by_operator runtime_directory_after_stop)" = no ] || problems+=("/run/bezel outlived the stop")
exposure=$(echo "$lines" | grep '^K9 exposure ' | sed 's/^K9 exposure //')
if [ ${#problems[@]} -eq 0 ] && echo "$lines" | grep -q '^K9 done'; then
    echo "PASS K9 restarts: 0 at start, $(field kill1 restarts) and $(field kill2 restarts) after SIGKILLs (systemd's NRestarts $(field kill1 nrestarts), $(field kill2 nrestarts)), 0 after the operator's stop and start; service as $(field service user), exposure ${exposure:-unknown}"
else
    echo "$lines"
    echo "FAIL K9 ${problems[*]:-the guest did not finish}"
    exit 1
fi
