#!/usr/bin/env bash
# The desktop simulator under Xvfb (a real X server, no screen): starts bezel-demo (the
# simulator is chosen by itself: DISPLAY is set, no DRM card is usable), dumps its window as
# the X server shows it (<out>/sim-home.png), clicks the "Gestures" tile with a synthesized
# mouse click (xdotool), presses F12 (the simulator's screenshot key, into <out>), dumps the
# window again (<out>/sim-gestures.png), pinches the card with Alt + drag (two mirrored
# fingers), then sends SIGTERM. Prints the app's log and SIM-* lines; exits non-zero if a
# step failed.
#   usage: run-simulator-test.sh <bezel-demo binary> <out folder>
set -euo pipefail
binary=$(realpath "$1")
out=$(mkdir -p "$2" && cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
rm -f "$out"/sim-*.png "$out"/simulator-*.png "$out/sim.log"
# Xvfb picks a display number nobody uses and writes it once it accepts connections
# (-displayfd). A number chosen here once collided in CI: Xvfb did not start, and SDL, finding
# no X server, drew into its offscreen driver while xdotool found no window.
app=""
xvfb=""
cleanup() { [ -n "$app" ] && kill "$app" 2>/dev/null; [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; rm -f "$out/xvfb.display"; true; }
trap cleanup EXIT
: > "$out/xvfb.display"
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3> "$out/xvfb.display" 2> "$out/xvfb.log" &
xvfb=$!
for _ in $(seq 1 1200); do
    [ -s "$out/xvfb.display" ] && break
    kill -0 "$xvfb" 2>/dev/null || break
    sleep 0.1
done
display=$(tr -dc 0-9 < "$out/xvfb.display")
[ -n "$display" ] || { echo "SIM-FAIL Xvfb did not start"; cat "$out/xvfb.log"; exit 1; }
export DISPLAY=":$display"
xdpyinfo >/dev/null || { echo "SIM-FAIL Xvfb on $DISPLAY does not answer"; exit 1; }
# No BEZEL_BACKEND: with DISPLAY set and no usable DRM card the simulator is chosen.
env -u BEZEL_BACKEND BEZEL_CONFIG=/dev/null BEZEL_SCREENSHOT_DIR="$out" "$binary" > "$out/sim.log" 2>&1 &
app=$!
window=""
# Waits are long and end as soon as their condition holds: CI machines are loaded (QEMU
# guests run beside this), and a step that comes early tests nothing.
for _ in $(seq 1 1200); do
    window=$(xdotool search --name "Bezel simulator" 2>/dev/null | head -1 || true)
    [ -n "$window" ] && grep -q "first frame on screen" "$out/sim.log" && break
    sleep 0.1
done
[ -n "$window" ] || { echo "SIM-FAIL no window"; cat "$out/sim.log"; exit 1; }
echo "SIM-WINDOW $(xdotool getwindowgeometry "$window" | grep Geometry | awk '{print $2}')"
# The home screen's first frame is on screen once the window exists and the app said so.
sleep 2
xwd -id "$window" -silent > "$out/sim-home.xwd"
python3 "$here/xwd-to-png.py" "$out/sim-home.xwd" "$out/sim-home.png"
# The centre of tile 1 ("Gestures"): (16 + 60, 60 + 16 + 40) in the window.
xdotool mousemove --window "$window" 76 116 click 1
for _ in $(seq 1 1200); do grep -q "showing Gestures" "$out/sim.log" && break; sleep 0.1; done
sleep 1
xdotool key --window "$window" F12
for _ in $(seq 1 1200); do [ -e "$out/simulator-1.png" ] && break; sleep 0.1; done
sleep 1
xwd -id "$window" -silent > "$out/sim-gestures.xwd"
python3 "$here/xwd-to-png.py" "$out/sim-gestures.xwd" "$out/sim-gestures.png"
# Alt + drag: two fingers mirrored around the window's centre, both on the playground:
# (360, 200) and (440, 280) spread to (340, 150) and (460, 330), a pinch out.
xdotool mousemove --window "$window" 360 200 keydown alt mousedown 1
for step in 1 2 3 4 5 6 7 8 9 10; do
    xdotool mousemove --window "$window" $((360 - 2 * step)) $((200 - 5 * step))
    sleep 0.03
done
xdotool mouseup 1 keyup alt
for _ in $(seq 1 1200); do grep -q "gesture pinch" "$out/sim.log" && break; sleep 0.1; done
kill -TERM "$app"
status=0
wait "$app" || status=$?
app=""
echo "SIM-EXIT $status"
cat "$out/sim.log"
rm -f "$out"/*.xwd
