"""16x16 icons of the six Masters faces (own drawings; the ASCII art is in docs/gadget.md).

One 192-byte table, 32 bytes per face (MONO_HLSB, rows top to bottom), wrapped in
FrameBuffers on first use so the canvas can blit them.
"""

import framebuf

_DATA = bytes.fromhex(
    "00000000303c30667006700cd018d030fe60f4c018fc18fc0000000000000000"  # 42
    "00003c3c7e7effffffffffffffff7ffe3ffc1ff80ff007e003c0018000000000"  # HEART
    "0000018003c007e007e003c03ffc7ffeffff07e00ff00e701c381c383c3c0000"  # MEEPLE
    "018003c00240066007e007e00ff00ff01ff83bdc33cc61860180024004200000"  # SPACESHIP
    "0000000000007ffeffffe3c7c183c993c183e2477c3e381c0000000000000000"  # SUPERHERO
    "8001c003e007f66ffdbf7ffe3bdc1ff80ff00db007e00660024003c001800000"  # DRAGON
)
_icons = []


def face_icon(face):
    """The FrameBuffer of one face's icon (0 = 42 ... 5 = DRAGON)."""
    if not _icons:
        buf = bytearray(_DATA)
        mv = memoryview(buf)
        for f in range(6):
            _icons.append(framebuf.FrameBuffer(mv[f * 32:f * 32 + 32], 16, 16, framebuf.MONO_HLSB))
    return _icons[face]


def draw_face(fb, face, x, y):
    fb.blit(face_icon(face), x, y)
