"""Issue 34 in the QEMU guest: bezel-demo on the guest's DRM device with its remote socket on,
bezel-remote serving on the guest's loopback, and this script as the operator's side of it
(run inside the guest by run-display-test.sh's demo variant).

  remote-probe.py PORT READ_TOKEN CONTROL_TOKEN DEMO_LOG

It reads the health (JSON), a screenshot (a PNG of the scanned-out frame's size) and the view
tree; a remote tap on the navigation bar's back button must pop the demo back to its home
("showing Kiosk" once more in the demo's log); the same tap with the read-only token must be
refused (403). It prints one BEZEL-REMOTE-DEMO line per step and BEZEL-REMOTE-DEMO PASS or FAIL.
Every wait is for a condition, bounded generously (an emulated guest on a loaded host)."""
import http.client, json, os, struct, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Remote"))
from harness import wait_for  # noqa: E402 (the remote scenarios' own waits)

port, read_token, control_token, demo_log = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]


def say(text):
    print("BEZEL-REMOTE-DEMO " + text, flush=True)


def api(path, token, method="GET", body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    connection.request(method, "/v1/" + path, body=body, headers={"Authorization": "Bearer " + token})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def shown_home():
    with open(demo_log, errors="replace") as f:
        return f.read().count("showing Kiosk")


def views(tree):
    found = [tree]
    for child in tree.get("subviews", []) + tree.get("windows", []):
        found += views(child)
    return found


def tap(view, token):
    x, y, w, h = view["frame"]
    events = [{"finger": 0, "phase": "down", "x": x + w / 2, "y": y + h / 2}, {"finger": 0, "phase": "up"}]
    return api("touch", token, "POST", json.dumps({"events": events}).encode())[0]


passed = False
try:
    status, body = api("health", read_token)
    health = json.loads(body)
    say("health %d: uptime %s s, display %s, input devices %s" % (status, health.get("uptimeSeconds"), health.get("display"), health.get("inputDevices")))
    status, png = api("screenshot.png", read_token)
    width, height = struct.unpack(">II", png[16:24]) if png[:8] == b"\x89PNG\r\n\x1a\n" else (0, 0)
    say("screenshot %d: %dx%d PNG, %d bytes" % (status, width, height, len(png)))
    status, body = api("tree", read_token)
    tree = views(json.loads(body))
    # The navigation bar's back button: titled with the home's title ("‹ Kiosk").
    back = next((v for v in tree if v.get("class") == "Button" and (v.get("text") or "").endswith("Kiosk") and not v.get("hidden")), None)
    say("tree %d: %d views, back button %s" % (status, len(tree), back and back.get("frame")))
    if back is None:
        say("no back button among: %s" % [(v.get("class"), v.get("text"), v.get("identifier")) for v in tree])
    before = shown_home()
    refused = tap(back, read_token)
    say("a tap with the read-only token: %d" % refused)
    accepted = tap(back, control_token)
    wait_for("the demo's home after the remote tap", lambda: shown_home() > before, seconds=300)
    say("a tap with the control token: %d, the demo showed its home again" % accepted)
    passed = (health.get("display") is not None and width == 800 and height == 480 and back is not None
              and refused == 403 and accepted == 200)
except Exception as error:
    say("error: %s: %s" % (type(error).__name__, error))
say("PASS" if passed else "FAIL")
sys.exit(0 if passed else 1)
