// The live page of bezel-remote: the panel drawn from the service's updates (LiveView.swift),
// touches and keys sent back as window points, the view tree with the hovered view outlined.
// No build step and no library: served as is by the service.
'use strict';

const screen = document.getElementById('screen');
const highlight = document.getElementById('highlight');
const statusLine = document.getElementById('status');
const context = screen.getContext('2d');
let socket = null;
let hello = null;          // the app's window size (points), scale, rotation and our role
let token = '';
let drawing = Promise.resolve();
document.body.dataset.updates = '0';

function say(text, isError) {
  statusLine.textContent = text;
  statusLine.className = isError ? 'error' : '';
  document.body.dataset.status = text;
}

// The token: from the address's fragment (#token=…, never sent to a server, so never in a log)
// or typed in; kept for this tab only.
function readToken() {
  const fromFragment = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromFragment) {
    sessionStorage.setItem('bezel-token', fromFragment);
    history.replaceState(null, '', location.pathname);
  }
  return sessionStorage.getItem('bezel-token') || '';
}

function connect() {
  token = readToken();
  if (!token) {
    document.getElementById('token-form').hidden = false;
    say('a token is needed', true);
    return;
  }
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  say('connecting…');
  socket = new WebSocket(`${scheme}//${location.host}/v1/live`, ['bezel.v1', 'bezel-token.' + token]);
  socket.binaryType = 'arraybuffer';
  socket.onmessage = (event) => {
    if (typeof event.data === 'string') return received(JSON.parse(event.data));
    const header = new DataView(event.data, 0, 24);
    const [width, height, x, y] = [0, 4, 8, 12].map((offset) => header.getUint32(offset));
    const png = new Blob([event.data.slice(24)], { type: 'image/png' });
    // Updates are drawn in the order they came (decoding is asynchronous).
    drawing = drawing.then(async () => {
      if (screen.width !== width || screen.height !== height) {
        screen.width = highlight.width = width;
        screen.height = highlight.height = height;
      }
      context.drawImage(await createImageBitmap(png), x, y);
      document.body.dataset.updates = String(Number(document.body.dataset.updates) + 1);
    });
  };
  socket.onclose = (event) => {
    say(`disconnected: ${event.reason || 'the service refused the connection (a wrong token?)'}`, true);
    document.body.dataset.closed = 'true';
  };
}

function received(message) {
  if (message.type === 'hello') {
    hello = message;
    document.getElementById('app').textContent = message.app;
    say(`live, ${message.control ? 'control' : 'read-only'}`);
    document.getElementById('show-tree').disabled = false;
    document.getElementById('show-health').disabled = false;
    document.getElementById('show-trace').disabled = false;
    if (!message.control) {
      // A trace shows what customers touch and type: only the log for a read-only token.
      document.querySelectorAll('#trace-form input:not([name=log])').forEach((box) => { box.checked = false; box.disabled = true; });
    }
  } else if (message.type === 'error') {
    say(message.error, true);
    document.body.dataset.lastError = message.error;
  }
}

// Panel pixels → window points (the inverse of the app's rotation and scale), and back.
function toWindowPoints(px, py) {
  const x = px / hello.scale, y = py / hello.scale, w = hello.width, h = hello.height;
  switch (hello.rotation) {
    case 90: return [y, h - x];
    case 180: return [w - x, h - y];
    case 270: return [w - y, x];
    default: return [x, y];
  }
}
function toPanelPixels(x, y) {
  const w = hello.width, h = hello.height;
  const [px, py] = { 90: [h - y, x], 180: [w - x, h - y], 270: [y, w - x] }[hello.rotation] || [x, y];
  return [px * hello.scale, py * hello.scale];
}

// Pointers (a mouse, a pen, fingers on a touch screen) as remote fingers 0-9.
const fingers = new Map();
function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}
function pointer(event, phase) {
  if (!hello) return;
  let finger = fingers.get(event.pointerId);
  if (phase === 'down') {
    if (finger !== undefined) return;
    finger = [...Array(10).keys()].find((n) => ![...fingers.values()].includes(n));
    if (finger === undefined) return;
    fingers.set(event.pointerId, finger);
    screen.setPointerCapture(event.pointerId);
  }
  if (finger === undefined) return;
  const box = screen.getBoundingClientRect();
  const px = Math.min(screen.width - 0.5, Math.max(0, (event.clientX - box.left) * screen.width / box.width));
  const py = Math.min(screen.height - 0.5, Math.max(0, (event.clientY - box.top) * screen.height / box.height));
  const [x, y] = toWindowPoints(px, py);
  send(phase === 'cancel' ? { type: 'touch', finger, phase } : { type: 'touch', finger, phase, x, y });
  if (phase === 'up' || phase === 'cancel') fingers.delete(event.pointerId);
  event.preventDefault();
}
screen.addEventListener('pointerdown', (event) => { screen.focus(); pointer(event, 'down'); });
screen.addEventListener('pointermove', (event) => pointer(event, 'move'));
screen.addEventListener('pointerup', (event) => pointer(event, 'up'));
screen.addEventListener('pointercancel', (event) => pointer(event, 'cancel'));

// Keys while the panel has focus, as evdev codes (linux/input-event-codes.h).
const evdev = { Escape: 1, Backspace: 14, Tab: 15, Enter: 28, Space: 57, ArrowUp: 103, ArrowLeft: 105,
  ArrowRight: 106, ArrowDown: 108, Delete: 111, Home: 102, End: 107, Minus: 12, Equal: 13, Comma: 51, Period: 52 };
'QWERTYUIOP'.split('').forEach((c, i) => { evdev['Key' + c] = 16 + i; });
'ASDFGHJKL'.split('').forEach((c, i) => { evdev['Key' + c] = 30 + i; });
'ZXCVBNM'.split('').forEach((c, i) => { evdev['Key' + c] = 44 + i; });
'1234567890'.split('').forEach((c, i) => { evdev['Digit' + c] = 2 + i; });
for (const [type, down] of [['keydown', true], ['keyup', false]]) {
  screen.addEventListener(type, (event) => {
    const code = evdev[event.code];
    if (!code) return;
    const characters = down && event.key.length <= 2 ? event.key : (down && event.key === 'Enter' ? '\r' : '');
    send({ type: 'key', code, down, characters });
    event.preventDefault();
  });
}

async function api(path) {
  const response = await fetch('/v1/' + path, { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

// The view tree: each view a line; hovering one outlines its frame on the panel.
function outline(frame) {
  const pen = highlight.getContext('2d');
  pen.clearRect(0, 0, highlight.width, highlight.height);
  if (!frame || !hello) return;
  const [ax, ay] = toPanelPixels(frame[0], frame[1]);
  const [bx, by] = toPanelPixels(frame[0] + frame[2], frame[1] + frame[3]);
  pen.strokeStyle = '#0a84ff';
  pen.lineWidth = 2;
  pen.fillStyle = 'rgba(10,132,255,0.2)';
  pen.fillRect(Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay));
  pen.strokeRect(Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay));
}
function treeItem(view) {
  const item = document.createElement('li');
  const label = document.createElement('span');
  const name = view.identifier || view.name || view.text || '';
  label.textContent = `${view.class || 'Application'}${name ? ' “' + name + '”' : ''}${view.hidden ? ' (hidden)' : ''}`;
  label.addEventListener('mouseenter', () => outline(view.frame));
  label.addEventListener('mouseleave', () => outline(null));
  item.append(label);
  const children = view.subviews || view.windows || [];
  if (children.length) {
    const list = document.createElement('ul');
    children.forEach((child) => list.append(treeItem(child)));
    item.append(list);
  }
  return item;
}
document.getElementById('show-tree').addEventListener('click', async () => {
  try {
    const tree = await api('tree');
    const list = document.getElementById('tree');
    list.replaceChildren(treeItem(tree));
    document.getElementById('side').hidden = false;
  } catch (error) { say(String(error), true); }
});
document.getElementById('show-health').addEventListener('click', async () => {
  try {
    document.getElementById('health').textContent = JSON.stringify(await api('health'), null, 1);
    document.getElementById('side').hidden = false;
  } catch (error) { say(String(error), true); }
});
// The trace and log streams: lines as they come, the newest 2,000 kept.
let traceReader = null;
document.getElementById('show-trace').addEventListener('click', () => {
  document.getElementById('trace-form').hidden = false;
  document.getElementById('side').hidden = false;
});
document.getElementById('trace-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  if (traceReader) { traceReader.cancel(); traceReader = null; }
  const boxes = [...document.querySelectorAll('#trace-form input:checked')].map((box) => box.name);
  const categories = boxes.filter((name) => name !== 'log').join(',');
  const output = document.getElementById('trace');
  output.textContent = '';
  try {
    const response = await fetch(`/v1/trace?categories=${categories}${boxes.includes('log') ? '&log=1' : ''}`,
                                 { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' });
    if (!response.ok) throw new Error(`trace: ${response.status} ${await response.text()}`);
    traceReader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await traceReader.read();
      if (done) break;
      const lines = (output.textContent + decoder.decode(value, { stream: true })).split('\n');
      output.textContent = lines.slice(-2000).join('\n');
      output.scrollTop = output.scrollHeight;
    }
  } catch (error) { say(String(error), true); }
});

document.getElementById('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  sessionStorage.setItem('bezel-token', document.getElementById('token').value.trim());
  document.getElementById('token-form').hidden = true;
  connect();
});

connect();
