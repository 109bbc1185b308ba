#!/usr/bin/python3
"""A local RTSP server for the video tests (VideoPlayerTests): GStreamer's own RTSP server
(gst-rtsp-server, through PyGObject) on 127.0.0.1 at a free port, written to PORT_FILE once
listening. rtsp://127.0.0.1:<port>/<name> streams FOLDER/<name> (a WebM clip, VP8) as RTP,
live. It exits when process OWNER (the test process) is gone.
usage: serve-rtsp.py FOLDER PORT_FILE OWNER   (Debian's /usr/bin/python3: python3-gi,
gir1.2-gst-rtsp-server-1.0)"""
import os, sys

import gi
gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer

folder, port_file, owner = sys.argv[1], sys.argv[2], int(sys.argv[3])
Gst.init(None)


class Factory(GstRtspServer.RTSPMediaFactory):
    def do_create_element(self, url):
        path = os.path.join(folder, os.path.basename(url.abspath))
        return Gst.parse_launch(f'( filesrc location="{path}" ! matroskademux ! rtpvp8pay name=pay0 pt=96 )')


server = GstRtspServer.RTSPServer()
server.set_address("127.0.0.1")
server.set_service("0")
mounts = server.get_mount_points()
for name in os.listdir(folder):
    if name.endswith(".webm"):
        mounts.add_factory("/" + name, Factory())
server.attach(None)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.get_bound_port()))
os.rename(port_file + ".tmp", port_file)


def watch_owner():
    try:
        os.kill(owner, 0)
    except ProcessLookupError:
        os._exit(0)
    return True


GLib.timeout_add(500, watch_owner)
GLib.MainLoop().run()
