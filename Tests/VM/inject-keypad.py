# Runs in the QEMU guest (Debian's python3-evdev) for scenario E12: a uinput keypad (arrows,
# Tab, Enter, Escape, F1, F5: an EZ Access keypad's keys as a USB keypad sends them) and a
# uinput headphone jack (EV_SW with SW_HEADPHONE_INSERT, as a sound card's jack reports it).
# Both exist before the app starts (argv[1] is touched once they do: the runtime finds its
# jacks at start). Once the app has found them and argv[1].go exists, paced by the app's log (argv[2]; BEZEL_TRACE=speech writes each
# utterance asked there, and each one played out or cut: a step waits until all have ended):
#   the headset is plugged in (the spoken mode starts and says the first element), Tab moves
#   the focus until it says argv[3] (at most 40 steps), Enter activates it, the headset is
#   unplugged (the spoken mode stops).
# Prints BEZEL-E12 lines: each step, and FAIL lines with the reason.
import os, sys, time
from evdev import UInput, ecodes as e

ready, log_path, target = sys.argv[1], sys.argv[2], sys.argv[3]
QUIET = 0.5  # nothing new asked for this long after the last word ended
keys = [e.KEY_UP, e.KEY_DOWN, e.KEY_LEFT, e.KEY_RIGHT, e.KEY_TAB, e.KEY_ENTER, e.KEY_ESC, e.KEY_F1, e.KEY_F5]
keypad = UInput({e.EV_KEY: keys}, name="Bezel test keypad")
jack = UInput({e.EV_SW: [e.SW_HEADPHONE_INSERT]}, name="Bezel test headset jack")
open(ready, "w").close()

def fail(why):
    print("BEZEL-E12 FAIL " + why, flush=True)
    sys.exit(1)

def log_lines():
    try:
        with open(log_path, errors="replace") as f:
            return f.read().splitlines()
    except FileNotFoundError:
        return []

def wait_logged(text, after=0, limit=120):
    end = time.time() + limit
    while time.time() < end:
        lines = log_lines()
        for line in lines[after:]:
            if text in line:
                return line
        time.sleep(0.05)
    fail("timeout waiting for %r; the log ends: %s" % (text, log_lines()[-5:]))

def wait_played(limit=120):
    # Played: every utterance asked ("[speech] speak") has ended ("[speech] spoke": its last
    # sample taken by the sound device, or "[speech] cut"), and nothing new for QUIET seconds.
    end = time.time() + limit
    settled_since = None
    while time.time() < end:
        lines = log_lines()
        asked = sum("[speech] speak " in line for line in lines)
        ended = sum("[speech] spoke " in line or "[speech] cut " in line for line in lines)
        if asked == ended:
            if settled_since is None:
                settled_since = (time.time(), asked)
            elif settled_since[1] != asked:
                settled_since = (time.time(), asked)
            elif time.time() - settled_since[0] >= QUIET:
                return
        else:
            settled_since = None
        time.sleep(0.05)
    fail("the words asked were not all said within %d s: %s" % (limit, [l for l in log_lines() if "[speech]" in l][-4:]))

def press(code):
    keypad.write(e.EV_KEY, code, 1)
    keypad.syn()
    keypad.write(e.EV_KEY, code, 0)
    keypad.syn()

def utterances():
    return [line for line in log_lines() if "[speech] speak " in line]

wait_logged("headphone jack: Bezel test headset jack")
wait_logged("input device added: Bezel test keypad")
print("BEZEL-E12 devices found", flush=True)
# The guest's script looks at the app's memory map before the plug goes in (<ready>.go).
for _ in range(2400):
    if os.path.exists(ready + ".go"):
        break
    time.sleep(0.05)

jack.write(e.EV_SW, e.SW_HEADPHONE_INSERT, 1)
jack.syn()
wait_logged("headset plugged in: the spoken mode starts")
wait_logged("[speech] speak ")
wait_played()
print("BEZEL-E12 plugged: " + utterances()[-1].split("[speech] speak ", 1)[1], flush=True)

for step in range(40):
    said = len(utterances())
    press(e.KEY_TAB)
    end = time.time() + 60
    while len(utterances()) <= said and time.time() < end:
        time.sleep(0.05)
    new = utterances()[said:]
    if not new:
        fail("Tab %d: nothing said" % (step + 1))
    wait_played()
    print("BEZEL-E12 tab %d: %s" % (step + 1, new[0].split("[speech] speak ", 1)[1]), flush=True)
    if target in new[0]:
        break
else:
    fail("the focus never reached %r" % target)

press(e.KEY_ENTER)
wait_logged("demo: showing ")
wait_played()
print("BEZEL-E12 activated", flush=True)

jack.write(e.EV_SW, e.SW_HEADPHONE_INSERT, 0)
jack.syn()
wait_logged("headset unplugged: the spoken mode stops")
print("BEZEL-E12 unplugged", flush=True)
keypad.close()
jack.close()
