"""`geekout web` and `make web`: the gadget's firmware in a web page, on MicroPython's
WebAssembly port (docs/web.md). site.py builds build/web/, serve.py serves it; the page
itself is index.html, page.css, page.js, gadget.js, and firmware/boards/web.py is the
page's board (MicroPython code, run in the browser)."""
