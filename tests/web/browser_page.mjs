// What the browser scripts (browser_check.mjs, browser_review.mjs) share: Chromium's
// launch flags, the page's buttons and keys, and the firmware asked through the page's
// MicroPython (window.geekout.run / get).

import pw from "playwright-core";

// Flags as Debian's Chromium needs them here: as root (no sandbox), no GPU, and no
// background connections (this machine has no network but loopback).
export const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
export const BUTTON = ['[data-button="0"]', '[data-button="1"]', '[data-button="2"]',
  '[data-button="3"]'];
export const KEY = ["ArrowUp", "ArrowDown", "Enter", "Backspace"];
export const UP = 0, DOWN = 1, OK = 2, BACK = 3, LONG_OK = 4, LONG_BACK = 5;

export function launch(chromium) {
  return pw.chromium.launch({ executablePath: chromium, headless: true, args: ARGS });
}

// Every console error, page error and failed request, into `errors`.
export function watch(page, where, errors) {
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(where + ": console: " + m.text());
  });
  page.on("pageerror", (e) => errors.push(where + ": page: " + e.message));
  page.on("requestfailed", (r) => errors.push(where + ": request: " + r.url()));
}

// The gadget loaded and its first frame drawn (generous: a loaded machine).
export async function ready(page) {
  await page.waitForFunction(() => window.geekout && window.geekoutStats.firstFrame !== null,
    null, { timeout: 60000 });
}

// A Python expression's value (JSON) in the firmware's interpreter.
export async function ask(page, expr) {
  return page.evaluate((e) => {
    window.geekout.run("import json\n_asked = json.dumps(" + e + ")");
    return JSON.parse(window.geekout.get("_asked"));
  }, expr);
}

// Until the expression's value is `want` (compared as JSON), polled in the page; on a
// timeout the error says the last value.
export async function until(page, expr, want, timeout = 60000) {
  try {
    await page.waitForFunction(([e, w]) => {
      window.geekout.run("import json\n_until = json.dumps(" + e + ")");
      return JSON.stringify(JSON.parse(window.geekout.get("_until"))) === w;
    }, [expr, JSON.stringify(want)], { timeout, polling: 20 });
  } catch (e) {
    throw new Error("waited for " + expr + " == " + JSON.stringify(want) + ", have "
      + JSON.stringify(await ask(page, expr)) + ": " + e.message);
  }
}

export const screens = (page) => ask(page, "[s.name for s in gadget.loop.app.ui.stack]");
export const top = (page) => ask(page, "gadget.loop.app.ui.stack[-1].name");
export const journal = (page) => ask(page, "bytes(gadget.loop.app.journal.actions).hex()");

// Every toast the firmware draws from now on (a key ends a toast, so the last one on
// screen is not enough).
export async function watchToasts(page) {
  await page.evaluate(() => window.geekout.run([
    "from geekout.ui.core import UI",
    "toasts = []",
    "_refresh = UI.refresh",
    "def _watch(self):",
    "    if self.toast_text is not None and self.toast_text not in toasts:",
    "        toasts.append(self.toast_text)",
    "    _refresh(self)",
    "UI.refresh = _watch",
  ].join("\n")));
}
export const toasts = (page) => ask(page, "toasts");

// Every key code the firmware's UI has handled from now on, each noted once the key is
// dealt with and the screen redrawn (UI.handle returned).
export async function watchKeys(page) {
  await page.evaluate(() => window.geekout.run([
    "from geekout.ui.core import UI",
    "handled = []",
    "_handle = UI.handle",
    "def _handled(self, k):",
    "    _handle(self, k)",
    "    handled.append(k)",
    "UI.handle = _handled",
  ].join("\n")));
}

// The canvas read back pixel by pixel (each panel pixel's centre: lit when bright), as
// the firmware's MONO_VLSB bytes, beside the firmware's own frame buffer.
export async function screen(page) {
  return page.evaluate(() => {
    const canvas = document.getElementById("oled");
    const s = canvas.width / 128;
    const px = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const bits = new Uint8Array(1024);
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 128; x++) {
        const i = ((y * s + (s >> 1)) * canvas.width + x * s + (s >> 1)) * 4;
        if (px[i] + px[i + 1] + px[i + 2] > 3 * 96) bits[(y >> 3) * 128 + x] |= 1 << (y & 7);
      }
    }
    const hex = (a) => Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
    return { canvas: hex(bits), frame: hex(window.geekout.frame()), scale: s };
  });
}
