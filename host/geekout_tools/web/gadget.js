// The gadget in a page: MicroPython's WebAssembly port running the firmware on the web
// board (firmware/boards/web.py), with no DOM of its own, so that the page (page.js) and
// the tests under node (tests/web/) run the same glue. docs/web.md describes the parts.
//
// loadGadget(options) fetches the site's files (bundle.bin, as manifest.json lists
// them), writes them into the port's in-memory file system (/firmware is the gadget's
// flash root and the working folder, /web/boards holds the board), registers the `webhost`
// module the board calls, and returns the gadget: step() is one pass of the firmware's
// main loop, press(i, down) a button (0 UP, 1 DOWN, 2 OK, 3 BACK) going down or up.

import { loadMicroPython } from "./micropython/micropython.mjs";

const PREFIX = "geekout/"; // localStorage keys: PREFIX + the file's name
const ENOSPC = 28; // the browser's quota is used up
const EIO = 5; // the browser keeps no site data
const ENOENT = 2;
const FRAME_BYTES = 1024; // 128 x 64 pixels, one bit each

// options:
//   readFile(path) -> Promise<Uint8Array>: a file of the site (fetch, or fs under node)
//   storage: window.localStorage or an object with its methods; null when the browser
//     keeps no site data (the game is played unsaved)
//   onFrame(Uint8Array of 1024), onLeds([[r, g, b] x 4]), onTone(freq, duty),
//   onEvent(line), onSerial(line), onStorage("full" | "off"): what the page shows
//   manual: the firmware's clock moves only by advance(ms) (tests)
export async function loadGadget(options) {
  const o = Object.assign({
    storage: null, onFrame() {}, onLeds() {}, onTone() {}, onEvent() {},
    onSerial() {}, onStorage() {}, manual: false,
  }, options);
  // The runtime loads while the files come: one bundle, the files end to end in the
  // manifest's order (one request, not one per file).
  const serial = (line) => o.onSerial(line);
  const [mp, manifest, bundle] = await Promise.all([
    loadMicroPython({ stdout: serial, stderr: serial }),
    o.readFile("manifest.json").then((b) => JSON.parse(new TextDecoder().decode(b))),
    o.readFile("bundle.bin"),
  ]);
  const heap = () => mp._module.HEAPU8; // re-read: the memory's buffer changes as it grows

  let at = 0;
  for (const [name, size] of manifest.files) {
    writeFile(mp.FS, "/" + name, bundle.subarray(at, at + size));
    at += size;
  }
  const store = new FileStore(o.storage, o.onStorage);
  mp.registerJsModule("webhost", {
    show(address) { o.onFrame(heap().slice(address, address + FRAME_BYTES)); },
    leds(...rgb) { o.onLeds([0, 3, 6, 9].map((i) => rgb.slice(i, i + 3))); },
    tone(freq, duty) { o.onTone(freq, duty); },
    event(line) { o.onEvent(line); },
    random_byte() { return crypto.getRandomValues(new Uint8Array(1))[0]; },
    store_size: (name) => store.size(name),
    store_read(name, address) {
      const data = store.get(name);
      if (data) heap().set(data, address);
    },
    store_write(name, address, n, append) {
      return store.put(name, heap().slice(address, address + n), append);
    },
    store_rename: (old, name) => store.rename(old, name),
    store_remove(name) { store.remove(name); },
    store_list: (folder) => store.list(folder).join("\n"),
  });
  mp.runPython([
    "import os, sys",
    "sys.path[:0] = ['/firmware', '/web']",
    "os.chdir('/firmware')",
    "from boards import web",
    "gadget = web.Gadget(" + (o.manual ? "True" : "False") + ")",
  ].join("\n"));
  const g = mp.globals.get("gadget");
  return {
    manifest,
    step() { g.step(); },
    press(i, down) { g.press(i, down); },
    advance(ms) { g.advance(ms); },
    seed(seed) { g.seed(seed); }, // null: crypto.getRandomValues again
    frame() { const a = g.frame(); return heap().slice(a, a + FRAME_BYTES); },
    // Python run in the gadget's interpreter, and a global of it (the tests, the console).
    run(python) { mp.runPython(python); },
    get(name) { return mp.globals.get(name); },
  };
}

function writeFile(FS, path, data) {
  const parts = path.split("/").filter(Boolean);
  let dir = "";
  for (const part of parts.slice(0, -1)) {
    dir += "/" + part;
    if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
  }
  FS.writeFile(path, data);
}

// The saved files in the browser's storage: one key each, base64. Every write is one
// setItem, which the browser makes whole or refuses (QuotaExceededError): the refusal is
// the errno the firmware knows from its flash, and the page is told.
class FileStore {
  constructor(storage, onStorage) {
    this.storage = storage;
    this.onStorage = onStorage;
  }

  get(name) {
    const text = this.storage && this.storage.getItem(PREFIX + name);
    return text === null || text === undefined ? null : fromBase64(text);
  }

  size(name) {
    const data = this.get(name);
    return data === null ? -1 : data.length;
  }

  put(name, data, append) {
    if (!this.storage) {
      this.onStorage("off");
      return EIO;
    }
    if (append) {
      const old = this.get(name);
      if (old !== null) {
        const joined = new Uint8Array(old.length + data.length);
        joined.set(old);
        joined.set(data, old.length);
        data = joined;
      }
    }
    return this.set(name, toBase64(data));
  }

  set(name, text) {
    try {
      this.storage.setItem(PREFIX + name, text);
      return 0;
    } catch (e) {
      const full = e && (e.name === "QuotaExceededError" || e.code === 22);
      this.onStorage(full ? "full" : "off");
      return full ? ENOSPC : EIO;
    }
  }

  // The old key goes first, so that a rename needs no room, as on littlefs (a full
  // flash still sets a damaged game aside); a refused write puts it back where it was.
  rename(old, name) {
    const text = this.storage && this.storage.getItem(PREFIX + old);
    if (text === null || text === undefined) return ENOENT;
    this.storage.removeItem(PREFIX + old);
    const err = this.set(name, text);
    if (err) this.storage.setItem(PREFIX + old, text);
    return err;
  }

  remove(name) {
    if (this.storage) this.storage.removeItem(PREFIX + name);
  }

  // The names directly in a folder ("" for the root).
  list(folder) {
    const names = [];
    const start = PREFIX + (folder ? folder + "/" : "");
    for (let i = 0; this.storage && i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (key.startsWith(start) && !key.slice(start.length).includes("/")) {
        names.push(key.slice(start.length));
      }
    }
    return names.sort();
  }
}

function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

// A value that is not base64 (typed in by hand) reads as its characters' low bytes: a
// damaged file, which the firmware's journal and settings deal with as on the gadget.
function fromBase64(text) {
  let bin;
  try {
    bin = atob(text);
  } catch {
    bin = text;
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i) & 0xff;
  return out;
}
