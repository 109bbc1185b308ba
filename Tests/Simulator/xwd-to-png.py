# Converts an X window dump (xwd -id WINDOW, 24/32-bit TrueColor, ZPixmap) to a PNG, with
# Python's standard library only: how the simulator test reads what the X server shows.
#   usage: python3 xwd-to-png.py IN.xwd OUT.png
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
fields = struct.unpack(">25I", data[:100])
header_size, version, fmt, depth, width, height = fields[:6]
byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
red_mask, green_mask, blue_mask = fields[14], fields[15], fields[16]
ncolors = fields[19]
if version != 7 or fmt != 2 or bits_per_pixel != 32:
    sys.exit(f"xwd-to-png: unsupported dump (version {version}, format {fmt}, {bits_per_pixel} bpp)")
offset = header_size + ncolors * 12
def shift(mask):
    return (mask & -mask).bit_length() - 1
rs, gs, bs = shift(red_mask), shift(green_mask), shift(blue_mask)
rows = bytearray()
order = "<" if byte_order == 0 else ">"
for y in range(height):
    line = data[offset + y * bytes_per_line: offset + y * bytes_per_line + width * 4]
    rows.append(0)
    for (p,) in struct.iter_unpack(order + "I", line):
        rows += bytes(((p >> rs) & 255, (p >> gs) & 255, (p >> bs) & 255))
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b"")
open(sys.argv[2], "wb").write(png)
