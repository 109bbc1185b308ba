# Compares two PNG images pixel by pixel (RGB; alpha ignored: screendumps have none), with only
# Python's standard library: prints "<differing> pixels differ of <total>" and exits 0 when at
# most MAX_DIFFERING (default 0) pixels differ, 1 otherwise (or when the sizes differ). A pixel
# differs when a channel is off by more than CHANNEL_TOLERANCE (default 0); BezelTesting's
# GoldenImage rule is 3 and 0.1 % of the pixels ("golden" as MAX_DIFFERING says that).
#   usage: python3 compare-png.py A.png B.png [MAX_DIFFERING|golden] [CHANNEL_TOLERANCE]
# Used on screendumps from the arm64 guests against the goldens the x86 renderer made; decodes
# what QEMU's screendump and cairo write (8-bit RGB or RGBA, not interlaced).
import struct, sys, zlib


def decode(path):
    try:
        data = open(path, "rb").read()
    except OSError as error:
        sys.exit(f"{path}: {error.strerror}")
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        sys.exit(f"{path}: only 8-bit RGB/RGBA, non-interlaced PNGs are compared (depth {depth}, colour type {colour})")
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


(w1, h1, c1, a), (w2, h2, c2, b) = decode(sys.argv[1]), decode(sys.argv[2])
if (w1, h1) != (w2, h2):
    print(f"sizes differ: {w1}x{h1} and {w2}x{h2}")
    sys.exit(1)
limit = sys.argv[3] if len(sys.argv) > 3 else "0"
maximum = w1 * h1 // 1000 if limit == "golden" else int(limit)
channel = int(sys.argv[4]) if len(sys.argv) > 4 else (3 if limit == "golden" else 0)
differing = sum(1 for y in range(h1) for x in range(w1)
                if any(abs(a[y][x * c1 + i] - b[y][x * c2 + i]) > channel for i in range(3)))
print(f"{differing} pixels differ of {w1 * h1}" + (f" by more than {channel}/255" if channel else ""))
sys.exit(0 if differing <= maximum else 1)
