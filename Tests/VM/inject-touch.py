# Runs in the QEMU guest (Debian's python3-evdev): creates a uinput touchscreen shaped like
# the Raspberry Pi 7" display (FT5406: 800x480, 10 slots, INPUT_PROP_DIRECT), waits until
# bezel-input-check has seen it (the file named by argv[1]), then taps Item 12, drags the
# slider's thumb, pinches, puts ten fingers down at once, and unplugs the device with a finger down on Item 1; then an absolute pointer
# with an Enter key clicks Item 5 and presses Enter. Other modes (argv[2]): one tap, a pointer
# parked for the cursor test, the measurement's tap, the demo form typed by keyboard and
# finger (E10), a fling on the demo's table (E11), touches the guest's script commands
# (follow:), and a ten-finger flood at 2 kHz (flood:SECONDS, R6).
import os, sys, time
from evdev import UInput, AbsInfo, ecodes as e

ready = sys.argv[1]
caps = {
    e.EV_KEY: [e.BTN_TOUCH],
    e.EV_ABS: [
        (e.ABS_X, AbsInfo(0, 0, 799, 0, 0, 0)), (e.ABS_Y, AbsInfo(0, 0, 479, 0, 0, 0)),
        (e.ABS_MT_SLOT, AbsInfo(0, 0, 9, 0, 0, 0)), (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
        (e.ABS_MT_POSITION_X, AbsInfo(0, 0, 799, 0, 0, 0)), (e.ABS_MT_POSITION_Y, AbsInfo(0, 0, 479, 0, 0, 0)),
    ],
}
ui = UInput(caps, name="FT5406 memory based driver", input_props=[e.INPUT_PROP_DIRECT])

def wait_for(device):
    # The checker creates <ready>.<device name with non-alphanumerics as _> when it sees it.
    path = ready + "." + "".join(c if c.isalnum() else "_" for c in device)
    for _ in range(3000):
        if os.path.exists(path):
            return
        time.sleep(0.05)

wait_for("FT5406 memory based driver")
time.sleep(0.2)
tracking = [100]

def down(x, y):
    tracking[0] += 1
    ui.write(e.EV_ABS, e.ABS_MT_SLOT, 0)
    ui.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, tracking[0])
    move(x, y, first=True)

def move(x, y, first=False):
    ui.write(e.EV_ABS, e.ABS_MT_POSITION_X, x)
    ui.write(e.EV_ABS, e.ABS_MT_POSITION_Y, y)
    if first:
        ui.write(e.EV_KEY, e.BTN_TOUCH, 1)
    ui.write(e.EV_ABS, e.ABS_X, x)
    ui.write(e.EV_ABS, e.ABS_Y, y)
    ui.syn()

def up():
    ui.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
    ui.write(e.EV_KEY, e.BTN_TOUCH, 0)
    ui.syn()

mode = sys.argv[2] if len(sys.argv) > 2 else ""
# Tap the centre of Item 12 (736, 208); "mirrored": where a panel mounted mirrored reports it
# (the runtime test sets a calibration matrix that mirrors x back).
x, y = (800 - 736, 208) if mode == "tap-only-mirrored" else (736, 208)
if mode.startswith("pointer-at:"):
    # A mouse-like absolute pointer appears and moves to X,Y, and stays (the cursor test).
    px, py = (int(v) for v in mode.split(":", 1)[1].split(","))
    pointer = UInput({
        e.EV_KEY: [e.BTN_LEFT, e.BTN_RIGHT],
        e.EV_ABS: [(e.ABS_X, AbsInfo(0, 0, 799, 0, 0, 0)), (e.ABS_Y, AbsInfo(0, 0, 479, 0, 0, 0))],
    }, name="Bezel test pointer")
    wait_for("Bezel test pointer")
    time.sleep(0.3)
    pointer.write(e.EV_ABS, e.ABS_X, px); pointer.write(e.EV_ABS, e.ABS_Y, py); pointer.syn()
    time.sleep(60)
    sys.exit(0)
if mode.startswith("form:"):
    # The demo's form (E10), paced by the demo's log (the file after "form:"): the finger opens
    # the Form tile and taps the Name field; a uinput keyboard types "Ada", Tab, the e-mail
    # address and Enter (the form's return moves to the PIN field, on the number pad); the
    # finger taps the PIN 2468 on the on-screen keys and Done, then Save.
    log = mode.split(":", 1)[1]
    keyboard = UInput({e.EV_KEY: [e.KEY_LEFTSHIFT, e.KEY_TAB, e.KEY_ENTER, e.KEY_DOT, e.KEY_2]
                       + [getattr(e, "KEY_" + c.upper()) for c in "abcdefghijklmnopqrstuvwxyz"]},
                      name="Bezel test keyboard")
    def logged(text):
        for _ in range(6000):
            if os.path.exists(log) and text in open(log, errors="replace").read():
                return
            time.sleep(0.05)
        sys.exit("BEZEL-FORM-FAIL no '%s' in the demo's log" % text)
    def key(code, shift=False):
        if shift:
            keyboard.write(e.EV_KEY, e.KEY_LEFTSHIFT, 1)
        keyboard.write(e.EV_KEY, code, 1); keyboard.syn(); time.sleep(0.03)
        keyboard.write(e.EV_KEY, code, 0); keyboard.syn()
        if shift:
            keyboard.write(e.EV_KEY, e.KEY_LEFTSHIFT, 0); keyboard.syn()
        time.sleep(0.05)
    def type_text(text):
        for c in text:
            if c == "@":
                key(e.KEY_2, shift=True)
            elif c == ".":
                key(e.KEY_DOT)
            else:
                key(getattr(e, "KEY_" + c.upper()), shift=c.isupper())
    def tap(x, y):
        down(x, y); time.sleep(0.05); up(); time.sleep(0.15)
    logged("input device added: Bezel test keyboard")
    tap(604, 116)                 # the Form tile
    logged("showing Form")
    tap(390, 102)                 # the Name field
    logged("keyboard shown")
    type_text("Ada")
    key(e.KEY_TAB)                # Tab: the next field in reading order
    logged("editing E-mail")
    type_text("ada@bezel.dev")
    key(e.KEY_ENTER)              # return: the form moves on to the PIN
    logged("editing Staff PIN")
    time.sleep(0.5)               # the number pad replaces the letters (no slide)
    # The number pad's keys at 800x480 (the 09-pin screenshot): 2, 4, 6, 8, then Done.
    for x, y in [(297, 297), (98, 348), (495, 348), (297, 399), (694, 373)]:
        tap(x, y)
    logged("keyboard hidden")
    tap(690, 102)                 # Save
    logged("Saved")
    time.sleep(60)                # keep the devices while the host takes its screendump
    sys.exit(0)
if mode.startswith("fling:"):
    # The demo's list (E11), paced by its log: the finger taps the List tile, then flings the
    # 10,000-row table upwards (280 px in 80 ms) and lifts; the table decelerates on page flips.
    log = mode.split(":", 1)[1]
    def logged(text):
        for _ in range(6000):
            if os.path.exists(log) and text in open(log, errors="replace").read():
                return
            time.sleep(0.05)
        sys.exit("BEZEL-FLING-FAIL no '%s' in the demo's log" % text)
    down(208, 116); time.sleep(0.05); up()
    logged("showing List")
    time.sleep(0.3)
    down(300, 420)
    for i in range(1, 11):
        time.sleep(0.008)
        move(300, 420 - 28 * i)
    up()
    time.sleep(60)
    sys.exit(0)
if mode.startswith("media:"):
    # Media keys (E9): a uinput keyboard with play/pause, next and fast-forward, pressed once
    # the demo has it; its log (the file after "media:") then shows remote-control events.
    log = mode.split(":", 1)[1]
    media = UInput({e.EV_KEY: [e.KEY_PLAYPAUSE, e.KEY_NEXTSONG, e.KEY_FASTFORWARD]}, name="Bezel test media keys")
    for _ in range(6000):
        if os.path.exists(log) and "input device added: Bezel test media keys" in open(log, errors="replace").read():
            break
        time.sleep(0.05)
    for code in [e.KEY_PLAYPAUSE, e.KEY_NEXTSONG, e.KEY_FASTFORWARD]:
        media.write(e.EV_KEY, code, 1); media.syn(); time.sleep(0.05)
        media.write(e.EV_KEY, code, 0); media.syn(); time.sleep(0.1)
    time.sleep(30)
    sys.exit(0)
if mode.startswith("flood:"):
    # R6: ten fingers moving in circles at 2,000 frames a second for the given seconds, as
    # raw input_events written to uinput (a frame of 31 events in one write; python-evdev's
    # write per event is far too slow under emulation). Frames are paced by the clock: a late
    # loop writes the frames it owes in one go (at most 8). Prints what it achieved.
    import math, struct
    seconds = float(mode.split(":", 1)[1])
    def event(kind, code, value):
        return struct.pack("qqHHi", 0, 0, kind, code, value)
    def frame(step, first=False):
        data = b""
        for finger in range(10):
            angle = 2 * math.pi * (step / 200.0 + finger / 10.0)
            data += event(e.EV_ABS, e.ABS_MT_SLOT, finger)
            if first:
                data += event(e.EV_ABS, e.ABS_MT_TRACKING_ID, 1000 + finger)
            data += event(e.EV_ABS, e.ABS_MT_POSITION_X, int(400 + 300 * math.cos(angle)))
            data += event(e.EV_ABS, e.ABS_MT_POSITION_Y, int(240 + 200 * math.sin(angle)))
        if first:
            data += event(e.EV_KEY, e.BTN_TOUCH, 1)
        return data + event(e.EV_SYN, e.SYN_REPORT, 0)
    frames = [frame(step) for step in range(200)]
    os.write(ui.fd, frame(0, first=True))
    start = time.monotonic()
    sent = 1
    while True:
        elapsed = time.monotonic() - start
        if elapsed >= seconds:
            break
        due = min(int(elapsed * 2000), sent + 8)
        if due > sent:
            os.write(ui.fd, b"".join(frames[k % 200] for k in range(sent, due)))
            sent = due
        else:
            time.sleep(0.0003)
    lift = b"".join(event(e.EV_ABS, e.ABS_MT_SLOT, f) + event(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1) for f in range(10))
    os.write(ui.fd, lift + event(e.EV_KEY, e.BTN_TOUCH, 0) + event(e.EV_SYN, e.SYN_REPORT, 0))
    elapsed = time.monotonic() - start
    print("BEZEL-R6 injected frames=%d seconds=%.1f rate_hz=%d" % (sent, elapsed, sent / elapsed), flush=True)
    time.sleep(0.5)
    sys.exit(0)
if mode.startswith("follow:"):
    # Commands from the guest's script, one per line appended to the file after "follow:":
    # "tap X Y", "down X Y", "up", "quit"; after line N is done, <file>.ack.N exists (R1, R3:
    # touches paced by what the app's log and the DRM state show).
    commands = mode.split(":", 1)[1]
    done = 0
    while True:
        lines = open(commands).read().splitlines() if os.path.exists(commands) else []
        if len(lines) <= done:
            time.sleep(0.05)
            continue
        words = lines[done].split()
        if words[0] == "tap":
            down(int(words[1]), int(words[2])); time.sleep(0.05); up()
        elif words[0] == "down":
            down(int(words[1]), int(words[2]))
        elif words[0] == "up":
            up()
        elif words[0] == "quit":
            # Acknowledged too: the script's touch_cmd waits for every line's ack (it waited
            # out its whole limit here, 30 s idle and minutes on a loaded guest).
            open("%s.ack.%d" % (commands, done + 1), "w").close()
            sys.exit(0)
        done += 1
        open("%s.ack.%d" % (commands, done), "w").close()
if mode.startswith("tap-at:"):
    # One tap at a given panel position ("tap-at:X,Y"), e.g. a tile of the demo kiosk.
    x, y = (int(v) for v in mode.split(":", 1)[1].split(","))
    mode = "tap-only"
if mode.startswith("tap-after:"):
    # The measurement run: tap once the app says its idle period is over.
    allowed = mode.split(":", 1)[1]
    while not os.path.exists(allowed):
        time.sleep(0.05)
    mode = "tap-only"
if mode == "tap-only-rotated-180":
    # The UI is drawn upside down: Item 12's centre is at the panel's (800 - 736, 480 - 208).
    x, y = 800 - 736, 480 - 208
down(x, y); time.sleep(0.05); up(); time.sleep(0.5)
if mode.startswith("tap-only"):
    time.sleep(30)   # keep the device while the runtime shows the result
    sys.exit(0)
# Drag the slider's thumb (at 40 %: x = 16 + 8 + 584 * 0.4) 200 pt to the right.
down(258, 452)
for i in range(1, 11):
    time.sleep(0.02)
    move(258 + 20 * i, 452)
time.sleep(0.05); up(); time.sleep(0.5)
# Two fingers spread from 100 to 200 pt apart: a pinch of scale 2 (slots 0 and 1).
def finger(slot, x, y, tracking_id=None):
    ui.write(e.EV_ABS, e.ABS_MT_SLOT, slot)
    if tracking_id is not None:
        ui.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, tracking_id)
    if x is not None:
        ui.write(e.EV_ABS, e.ABS_MT_POSITION_X, x)
        ui.write(e.EV_ABS, e.ABS_MT_POSITION_Y, y)

finger(0, 300, 300, 200); finger(1, 400, 300, 201)
ui.write(e.EV_KEY, e.BTN_TOUCH, 1); ui.syn()
for i in range(1, 11):
    time.sleep(0.02)
    finger(0, 300 - 5 * i, 300); finger(1, 400 + 5 * i, 300); ui.syn()
time.sleep(0.05)
finger(0, None, None, -1); finger(1, None, None, -1)
ui.write(e.EV_KEY, e.BTN_TOUCH, 0); ui.syn(); time.sleep(0.5)

# Ten fingers at once (slots 0-9) on Items 13-22, held, then lifted together.
for i in range(10):
    finger(i, 76 + 132 * (i % 6), 300 + 92 * (i // 6), 300 + i)
ui.write(e.EV_KEY, e.BTN_TOUCH, 1); ui.syn(); time.sleep(0.2)
for i in range(10):
    finger(i, None, None, -1)
ui.write(e.EV_KEY, e.BTN_TOUCH, 0); ui.syn(); time.sleep(0.5)
# A finger on Item 1, then the device disappears.
down(76, 116); time.sleep(0.3)
ui.close()
time.sleep(0.5)

# An absolute pointer with keys (like QEMU's tablet, plus Enter): a click on Item 5, then Enter.
pointer = UInput({
    e.EV_KEY: [e.BTN_LEFT, e.BTN_RIGHT, e.KEY_ENTER],
    e.EV_ABS: [(e.ABS_X, AbsInfo(0, 0, 799, 0, 0, 0)), (e.ABS_Y, AbsInfo(0, 0, 479, 0, 0, 0))],
}, name="Bezel test pointer")
wait_for("Bezel test pointer")
time.sleep(0.2)
pointer.write(e.EV_ABS, e.ABS_X, 604); pointer.write(e.EV_ABS, e.ABS_Y, 116); pointer.syn()
time.sleep(0.05)
pointer.write(e.EV_KEY, e.BTN_LEFT, 1); pointer.syn(); time.sleep(0.05)
pointer.write(e.EV_KEY, e.BTN_LEFT, 0); pointer.syn(); time.sleep(0.3)
pointer.write(e.EV_KEY, e.KEY_ENTER, 1); pointer.syn(); time.sleep(0.05)
pointer.write(e.EV_KEY, e.KEY_ENTER, 0); pointer.syn(); time.sleep(0.5)
pointer.close()
time.sleep(1)
