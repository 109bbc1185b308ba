#!/usr/bin/python3
"""Scenario K7 (issue 34): a real browser operates a real Bezel app through bezel-remote.

Starts bezel-runtime-check (headless, the standard scene, its remote socket on), bezel-remote
serve in front of it on loopback, and Debian's Chromium headless, driven over the DevTools
protocol (python3-websocket). Then, printing PASS/FAIL K7 lines:

  K7 page    the live page with a control token shows the panel: the browser's own screenshot
             of the page's canvas equals the app's golden (Tests/BezelTests/Snapshots/standard-scene.png)
  K7 click   a mouse click on Item 12 in the page fires that button's action in the app (its
             output says BEZEL-RUNTIME tapped; its log has the audit line with the token holder),
             and the live view then shows the new title (the canvas equals /v1/screenshot.png)
  K7 refused without a token the API answers 401 and the page's live view is refused
  K7 readonly a read-only token's page shows the panel, and its click is refused: no action

Usage: k7-browser.py RUNTIME_CHECK BEZEL_REMOTE PUBLIC_DIR GOLDEN
Every wait is for a condition, with generous bounds (a loaded CI host).
"""
import base64, json, os, shutil, signal, socket, struct, subprocess, sys, tempfile, time, urllib.request, urllib.error, zlib

import websocket  # python3-websocket (websocket-client)

from harness import free_port, read, show_logs, start, stop_all, wait_for, write_tokens

runtime_check, bezel_remote, public_dir, golden = sys.argv[1:5]
work = tempfile.mkdtemp(prefix="bezel-k7-")
failures = 0


def report(ok, name, detail):
    global failures
    print(f"{'PASS' if ok else 'FAIL'} K7 {name}: {detail}", flush=True)
    if not ok:
        failures += 1










def png_pixels(data):
    """(width, height, rows of RGB bytes) of an 8-bit non-interlaced PNG (RGB or RGBA)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, idat, width = 8, b"", 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        chunk = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and color in (2, 6) and interlace == 0, f"PNG kind {depth}/{color}/{interlace}"
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        offset += 12 + length
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        rows.append(bytes(line[j] for j in range(stride) if j % channels < 3))
    return width, height, rows


def differences(a, b):
    """Pixels differing by more than 2 in a channel (rounding in a colour conversion), or None on a size mismatch."""
    if a[:2] != b[:2]:
        return None
    return sum(1 for ra, rb in zip(a[2], b[2]) for i in range(0, len(ra), 3)
               if max(abs(ra[i + k] - rb[i + k]) for k in range(3)) > 2)


class DevTools:
    def __init__(self, port):
        targets = wait_for("Chromium's DevTools", lambda: self.targets(port))
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=120, suppress_origin=True)
        self.next_id = 0

    @staticmethod
    def targets(port):
        try:
            return json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5))
        except OSError:
            return None

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def open(self, url):
        # Through a blank page: a new fragment alone would not load the page again.
        self.call("Page.navigate", url="about:blank")
        wait_for("a blank page", lambda: self.evaluate("location.href") == "about:blank")
        self.call("Page.navigate", url=url)
        wait_for(f"{url} to load", lambda: self.evaluate("document.readyState") == "complete")

    def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def canvas_screenshot(self):
        box = self.evaluate("(() => { const r = screen.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
        shot = self.call("Page.captureScreenshot", format="png",
                         clip={"x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1})
        return png_pixels(base64.b64decode(shot["data"])), box


def api(port, path, token):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/{path}")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except OSError:  # not listening yet
        return 0, b""


try:
    read_token, control_token = "k7-read-" + os.urandom(12).hex(), "k7-control-" + os.urandom(12).hex()
    tokens = os.path.join(work, "tokens")
    write_tokens(tokens, [f"read lobby {read_token}", f"control ops-k7 {control_token}"])
    app_socket, app_log = os.path.join(work, "app.sock"), os.path.join(work, "app.log")
    env = dict(os.environ, BEZEL_CONFIG="/dev/null", BEZEL_BACKEND="headless", BEZEL_REMOTE_SOCKET=app_socket,
               BEZEL_REMOTE_USER=str(os.getuid()))
    app = start([runtime_check, "", "", "wait-signal"], app_log, env)
    wait_for("the app's remote socket", lambda: os.path.exists(app_socket))
    port = free_port()
    service_log = os.path.join(work, "service.log")
    start([bezel_remote, "serve", "--port", str(port), "--tokens", tokens, "--app-socket", app_socket,
           "--public-directory", public_dir], service_log)
    wait_for("bezel-remote to listen", lambda: api(port, "health", None)[0] == 401)

    browser_dir = os.path.join(work, "chromium")
    debug_port = free_port()
    start(["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--force-color-profile=srgb",
           "--force-device-scale-factor=1", "--window-size=1200,800", f"--user-data-dir={browser_dir}",
           f"--remote-debugging-port={debug_port}", "about:blank"], os.path.join(work, "chromium.log"))
    browser = DevTools(debug_port)
    page_url = f"http://127.0.0.1:{port}/"

    # K7 page: the control page shows the panel as the app's golden.
    browser.open(page_url + "#token=" + control_token)
    wait_for("the page's first update", lambda: int(browser.evaluate("document.body.dataset.updates") or 0) > 0)
    wait_for("the canvas to be sized", lambda: browser.evaluate("screen.width") == 800)
    shown, box = browser.canvas_screenshot()
    expected = png_pixels(open(golden, "rb").read())
    different = differences(shown, expected)
    report(different == 0, "page", f"the browser's screenshot of the live canvas ({shown[0]}x{shown[1]}) equals standard-scene.png"
           + ("" if different == 0 else f": {different} pixels differ"))
    logs = read(service_log) + read(app_log)
    report(read_token not in logs and control_token not in logs, "page", "neither the service's log nor the app's holds a token")

    # K7 click: Item 12, found in the view tree, clicked with the mouse in the page.
    status, body = api(port, "tree", control_token)
    views = []
    def walk(view):
        views.append(view)
        for child in view.get("subviews", []) + view.get("windows", []):
            walk(child)
    walk(json.loads(body))
    item = next(v for v in views if v.get("text") == "Item 12")
    x, y, w, h = item["frame"]
    browser.click(box[0] + x + w / 2, box[1] + y + h / 2)
    tapped = wait_for("the app's action", lambda: "BEZEL-RUNTIME tapped" in read(app_log), 120)
    audit = "remote: ops-k7@127.0.0.1: remote finger 0 down at" in read(app_log)
    report(bool(tapped) and audit, "click", "a click on Item 12 in the page fired its action in the app (BEZEL-RUNTIME tapped), "
           + ("audited as ops-k7@127.0.0.1" if audit else "but no audit line"))

    def canvas_matches_app():
        status, png = api(port, "screenshot.png", read_token)
        return differences(browser.canvas_screenshot()[0], png_pixels(png)) == 0
    matches = wait_for("the live view to show the new title", canvas_matches_app, 120)
    report(matches, "click", "the live view then showed the app's new frame (the canvas equals /v1/screenshot.png)")

    # For the README (K7_PAGE_SCREENSHOT=path): the page with its view tree open and Item 12's
    # line hovered, outlined on the live view.
    if os.environ.get("K7_PAGE_SCREENSHOT"):
        browser.evaluate("document.getElementById('show-tree').click()")
        wait_for("the tree", lambda: browser.evaluate("document.querySelectorAll('#tree span').length") or 0)
        spot = browser.evaluate("(() => { const line = [...document.querySelectorAll('#tree span')].find((e) => e.textContent === 'Button “Item 12”');"
                                " const r = line.getBoundingClientRect(); return [r.left + 8, r.top + r.height / 2]; })()")
        browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=spot[0], y=spot[1])
        with open(os.environ["K7_PAGE_SCREENSHOT"], "wb") as f:
            f.write(base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"]))

    # K7 refused: no token, or a wrong one.
    status, _ = api(port, "screenshot.png", None)
    browser.call("Storage.clearDataForOrigin", origin=f"http://127.0.0.1:{port}", storageTypes="all")
    browser.open(page_url + "#token=not-a-token-" + os.urandom(8).hex())
    closed = wait_for("the page to be refused", lambda: browser.evaluate("document.body.dataset.closed") == "true")
    refused_status = browser.evaluate("document.body.dataset.status")
    report(status == 401 and closed and int(browser.evaluate("document.body.dataset.updates")) == 0, "refused",
           f"without a token the API answered {status}; with a wrong one the page's live view was refused ({refused_status!r}) and showed nothing")

    # K7 readonly: the read token's page shows the panel and cannot inject.
    browser.call("Storage.clearDataForOrigin", origin=f"http://127.0.0.1:{port}", storageTypes="all")
    taps_before = read(app_log).count("BEZEL-RUNTIME tapped")
    browser.open(page_url + "#token=" + read_token)
    wait_for("the read-only page's first update", lambda: int(browser.evaluate("document.body.dataset.updates") or 0) > 0)
    shown, box = browser.canvas_screenshot()
    browser.click(box[0] + x + w / 2, box[1] + y + h / 2)
    error = wait_for("the refusal", lambda: browser.evaluate("document.body.dataset.lastError"))
    taps_after = read(app_log).count("BEZEL-RUNTIME tapped")
    report(taps_after == taps_before and "read-only" in error, "readonly",
           f"a read-only page's click was refused ({error!r}); the app saw no touch")
except Exception as error:  # a scenario that cannot finish is a failure with its reason
    report(False, "run", f"{type(error).__name__}: {error}")
    show_logs(work, ("app.log", "service.log"))
finally:
    stop_all()
    shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if failures else 0)
