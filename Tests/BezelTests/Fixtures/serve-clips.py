#!/usr/bin/env python3
"""A local HTTP server for the video tests (VideoPlayerTests): serves FOLDER's files on
127.0.0.1 at a free port, written to PORT_FILE once listening. /cut/<name> sends half of the
file and closes the connection: a stream that ends early. /pause/<name> sends half, waits two
seconds, then sends the rest: a stream that runs dry for a while. It exits when process OWNER
(the test process) is gone.
usage: serve-clips.py FOLDER PORT_FILE OWNER"""
import http.server, os, sys, threading, time

folder, port_file, owner = sys.argv[1], sys.argv[2], int(sys.argv[3])


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = self.path.strip("/").split("/")
        mode, name = (parts[0], parts[1]) if len(parts) == 2 else ("plain", parts[0])
        path = os.path.join(folder, os.path.basename(name))
        if not os.path.isfile(path):
            self.send_error(404)
            return
        data = open(path, "rb").read()
        self.send_response(200)
        self.send_header("Content-Type", "video/webm")
        if mode != "cut":
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if mode == "cut":
            self.wfile.write(data[: len(data) // 2])
            self.close_connection = True
        elif mode == "pause":
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            time.sleep(2)
            self.wfile.write(data[len(data) // 2 :])
        else:
            self.wfile.write(data)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(port_file + ".tmp", port_file)
def watch_owner():
    while True:
        try:
            os.kill(owner, 0)
        except ProcessLookupError:
            os._exit(0)
        time.sleep(0.5)


threading.Thread(target=watch_owner, daemon=True).start()
server.serve_forever()
