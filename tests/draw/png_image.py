"""A PNG read without third-party modules: 8-bit RGB or RGBA, non-interlaced (what rsvg-convert
and Chromium write). The drawing tests look at the pixels of rendered pictures with it."""
import struct
import zlib


class PngImage:
    def __init__(self, data):
        assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        at, chunks = 8, b""
        while at < len(data):
            length, kind = struct.unpack(">I4s", data[at:at + 8])
            body = data[at + 8:at + 8 + length]
            if kind == b"IHDR":
                self.width, self.height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
                assert depth == 8 and colour_type in (2, 6) and interlace == 0, "an unexpected PNG kind"
                self.channels = 3 if colour_type == 2 else 4
            elif kind == b"IDAT":
                chunks += body
            at += 12 + length
        raw, stride = zlib.decompress(chunks), self.width * self.channels
        previous, self.rows = bytearray(stride), []
        for row in range(self.height):
            start = row * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
            self._unfilter(kind, line, previous)
            self.rows.append(line)
            previous = line

    def _unfilter(self, kind, line, previous):
        c = self.channels
        for i in range(len(line)):
            left = line[i - c] if i >= c else 0
            up, up_left = previous[i], previous[i - c] if i >= c else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 255

    def pixel(self, x, y):
        """(r, g, b) at a pixel; None outside the picture."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        at = x * self.channels
        return tuple(self.rows[y][at:at + 3])

    def colours(self, step=4):
        """The distinct colours of a sample of the pixels (every `step`-th in each direction)."""
        return {self.pixel(x, y) for y in range(0, self.height, step) for x in range(0, self.width, step)}
