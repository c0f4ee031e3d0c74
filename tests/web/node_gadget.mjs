// Plays a key script on the web board under node (no browser): the site's own glue
// (gadget.js) and board (firmware/boards/web.py) on MicroPython's WebAssembly port, with a
// localStorage stand-in and the firmware's clock moved by the script. Prints one JSON
// object: the frames the page was handed, the LED colours, the event lines, the serial
// output, what the storage told the page, and the storage's keys at the end.
//
//   node node_gadget.mjs SITE_DIR SCRIPT.json
// SCRIPT: {"seed": S or null, "end": ms, "presses": [[ms, button, down], ...],
//          "storage": {key: value} at power-up, "quota": characters or null,
//          "off": true for a browser that keeps no site data,
//          "setup": Python run before the first step, "report": a Python expression
//          whose value (JSON) is the output's "report"}

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site, scriptPath] = process.argv.slice(2);
const script = JSON.parse(fs.readFileSync(scriptPath, "utf8"));

// localStorage's methods over a Map; setItem past the quota (characters of keys and
// values, as browsers count them) throws the browser's QuotaExceededError.
class MemoryStorage {
  constructor(items, quota) {
    this.map = new Map(Object.entries(items || {}));
    this.quota = quota;
  }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  removeItem(k) { this.map.delete(k); }
  setItem(k, v) {
    v = String(v);
    if (this.quota !== null && this.quota !== undefined) {
      let used = 0;
      for (const [key, value] of this.map) if (key !== k) used += key.length + value.length;
      if (used + k.length + v.length > this.quota) {
        const e = new Error("The quota has been exceeded.");
        e.name = "QuotaExceededError";
        e.code = 22;
        throw e;
      }
    }
    this.map.set(k, v);
  }
}

const hex = (a) => Buffer.from(a).toString("hex");
const out = { frames: [], leds: [], events: [], serial: [], problems: [] };
const storage = script.off ? null : new MemoryStorage(script.storage, script.quota);
const { loadGadget } = await import(pathToFileURL(path.join(site, "gadget.js")).href);
const gadget = await loadGadget({
  readFile: async (p) => new Uint8Array(fs.readFileSync(path.join(site, p))),
  storage,
  manual: true,
  onFrame: (f) => out.frames.push(hex(f)),
  onLeds: (c) => out.leds.push(c.flat()),
  onEvent: (line) => out.events.push(line),
  onSerial: (line) => out.serial.push(line),
  onStorage: (p) => { if (!out.problems.includes(p)) out.problems.push(p); },
});
if (script.seed !== null && script.seed !== undefined) gadget.seed(script.seed);
if (script.setup) gadget.run(script.setup); // Python, before the first step (watches)
const presses = script.presses;
let next = 0;
for (let now = 0; now <= script.end; now += 10) {
  while (next < presses.length && presses[next][0] <= now) {
    gadget.press(presses[next][1], presses[next][2]);
    next += 1;
  }
  gadget.step();
  gadget.advance(10);
}
out.storage = storage ? Object.fromEntries(storage.map) : null;
out.last = hex(gadget.frame());
if (script.report) { // a Python expression's value, as JSON
  gadget.run("import json\n_report = json.dumps(" + script.report + ")");
  out.report = JSON.parse(gadget.get("_report"));
}
process.stdout.write(JSON.stringify(out) + "\n");
