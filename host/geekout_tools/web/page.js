// The page around the gadget: draws the frames on the canvas, lights the seat LEDs,
// plays the piezo, feeds the buttons from clicks and keys, and keeps the scoreboard from
// the event lines. The gadget itself (MicroPython and the firmware) is gadget.js.

import { loadGadget } from "./gadget.js";

const W = 128;
const H = 64;
const STEP_MS = 10; // the firmware's main loop polls every 10 ms, as on the gadget
const KEYS = { ArrowUp: 0, ArrowDown: 1, Enter: 2, Backspace: 3 };
const UP = 0, DOWN = 1;
const SEATS = [["Red", "#e23b2e"], ["Green", "#2fa84f"], ["Blue", "#2f6fe2"], ["Yellow", "#f0b400"]];
// Lit pixels by panel: white, or the two-colour modules (the top 16 rows yellow). The
// colours are as a Uint32Array over ImageData holds them (little-endian: 0xAABBGGRR).
const PANELS = {
  white: () => 0xfff6f4f0,
  "blue-yellow": (y) => (y < 16 ? 0xff1fd2ff : 0xffffb63f),
};
const DARK = 0xff080605;

const $ = (id) => document.getElementById(id);
const canvas = $("oled");
const ctx = canvas.getContext("2d");
let scale = 4;
let frame = new Uint8Array(W * H / 8);

// Measured figures (bench/bench_web.py reads them): page load to the first frame, and
// from each key the player makes to the frame it brings.
const stats = { firstFrame: null, frames: 0, keyToFrame: [], pendingKey: null, tones: 0 };
window.geekoutStats = stats;

// -- the screen ---------------------------------------------------------------------

function fitCanvas() {
  // The largest whole number of device pixels per panel pixel that fits.
  const dpr = window.devicePixelRatio || 1;
  const room = Math.min(document.querySelector(".gadget").clientWidth - 48, 640);
  scale = Math.max(2, Math.min(8, Math.floor((room * dpr) / W)));
  canvas.width = W * scale;
  canvas.height = H * scale;
  canvas.style.width = (W * scale) / dpr + "px";
  canvas.style.height = (H * scale) / dpr + "px";
  draw(frame);
}

function draw(buf) {
  frame = buf;
  const img = ctx.createImageData(W * scale, H * scale);
  const px = new Uint32Array(img.data.buffer);
  const lit = PANELS[$("panel").value] || PANELS.white;
  const rowLen = W * scale;
  for (let y = 0; y < H; y++) {
    const colour = lit(y);
    const page = (y >> 3) * W;
    const bit = 1 << (y & 7);
    const row = y * scale * rowLen;
    for (let x = 0; x < W; x++) {
      const c = buf[page + x] & bit ? colour : DARK;
      px.fill(c, row + x * scale, row + (x + 1) * scale);
    }
    for (let k = 1; k < scale; k++) px.copyWithin(row + k * rowLen, row, row + rowLen);
  }
  ctx.putImageData(img, 0, 0);
}

function onFrame(buf) {
  draw(buf);
  const now = performance.now();
  stats.frames += 1;
  if (stats.firstFrame === null) stats.firstFrame = now;
  if (stats.pendingKey !== null) {
    // A key that changed nothing brings no frame: a later frame is not its own.
    if (now - stats.pendingKey < 1000) stats.keyToFrame.push(now - stats.pendingKey);
    stats.pendingKey = null;
  }
}

// -- seat LEDs and piezo ------------------------------------------------------------

function onLeds(colours) {
  document.querySelectorAll(".led").forEach((led, i) => {
    const [r, g, b] = colours[i];
    const peak = Math.max(r, g, b);
    if (!peak) {
      led.style.background = "";
      led.style.boxShadow = "";
      return;
    }
    // A WS2812 at a low level still looks bright: the hue at full, the glow by level.
    const k = 255 / peak;
    const hue = "rgb(" + [r, g, b].map((v) => Math.round(v * k)).join(",") + ")";
    led.style.background = hue;
    led.style.opacity = (0.35 + 0.65 * Math.sqrt(peak / 255)).toFixed(2);
    led.style.boxShadow = "0 0 " + (4 + Math.round(12 * peak / 255)) + "px " + hue;
  });
}

let audio = null; // made at the first click or key: browsers allow sound only then
let osc = null;
let gain = null;

function startAudio() {
  if (audio || !window.AudioContext) return;
  audio = new AudioContext();
  osc = audio.createOscillator();
  gain = audio.createGain();
  osc.type = "square"; // a piezo on PWM
  gain.gain.value = 0;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  $("sound").textContent = "Sound on (the gadget's Sound setting mutes it too).";
}

function onTone(freq, duty) {
  if (!audio) return;
  const on = duty > 0 && freq > 0 && !$("mute").checked;
  if (on) {
    osc.frequency.setValueAtTime(freq, audio.currentTime);
    stats.tones += 1;
  }
  gain.gain.setValueAtTime(on ? 0.04 : 0, audio.currentTime);
}

// -- scoreboard -------------------------------------------------------------------------

const TITLES = { masters: "Masters", capture: "Geekmon Capture", battle: "Galaxy battle" };

function onEvent(line) {
  let ev;
  try {
    ev = JSON.parse(line);
  } catch {
    return; // not an event line (docs/events.md)
  }
  if (!ev || ev.geekout !== 1) return;
  $("game").textContent = TITLES[ev.game] || ev.game;
  $("round").textContent = ev.rounds ? "Round " + ev.round + " of " + ev.rounds
    : ev.round ? "Round " + ev.round : "";
  const rows = [];
  for (let i = 0; i < ev.players; i++) {
    const [name, colour] = SEATS[i];
    const tr = document.createElement("tr");
    if (ev.event === "end" ? (ev.winners || []).includes(i + 1) : ev.seat === i + 1) {
      tr.className = ev.event === "end" ? "winner" : "turn";
    }
    const who = document.createElement("td");
    const dot = document.createElement("span");
    dot.className = "dot";
    dot.style.background = colour;
    who.append(dot, name + (ev.seat === i + 1 && ev.event !== "end" ? " (to play)" : ""));
    const score = document.createElement("td");
    score.className = "score";
    score.textContent = String(ev.scores[i]);
    tr.append(who, score);
    rows.push(tr);
  }
  $("seats").replaceChildren(...rows);
  const li = document.createElement("li");
  li.textContent = ev.text;
  const log = $("log");
  log.prepend(li);
  while (log.children.length > 12) log.lastChild.remove();
}

// -- storage, serial --------------------------------------------------------------------

function browserStorage() {
  try {
    const s = window.localStorage; // throws when the browser keeps no site data
    return s || null;
  } catch {
    return null;
  }
}

const NOTICES = {
  full: "This browser's storage for the page is full: the game goes on unsaved. "
    + "Free some site data, then start a new game to save again.",
  off: "This browser keeps no data for this page (site data is blocked or storage is "
    + "off): the game is played unsaved, and a reload starts afresh.",
};

function onStorage(problem) {
  const notice = $("notice");
  notice.textContent = NOTICES[problem];
  notice.hidden = false;
  notice.dataset.problem = problem;
}

function savedSummary(storage) {
  if (!storage) return;
  const names = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key.startsWith("geekout/")) names.push(key.slice(8));
  }
  const game = names.filter((n) => n.startsWith("game.goj")).length;
  $("saved").textContent = game ? "A game is saved in this browser." : "";
}

function onSerial(line) {
  const pre = $("serial");
  pre.textContent = (pre.textContent + line + "\n").split("\n").slice(-200).join("\n");
  // A traceback is the firmware failing: the gadget restarts, and the console says so.
  if (line.startsWith("Traceback")) console.error("firmware: " + line);
}

// -- buttons ------------------------------------------------------------------------------

function wireButtons(gadget) {
  const held = new Set();
  const press = (i, down) => {
    if (down === held.has(i)) return;
    if (down) held.add(i);
    else held.delete(i);
    document.querySelector('[data-button="' + i + '"]').classList.toggle("held", down);
    // UP and DOWN act when they go down, OK and BACK when they come up (docs/gadget.md).
    if ((i <= DOWN) === down) stats.pendingKey = performance.now();
    gadget.press(i, down);
  };
  document.querySelectorAll("[data-button]").forEach((button) => {
    const i = Number(button.dataset.button);
    button.addEventListener("pointerdown", (e) => {
      startAudio();
      button.setPointerCapture(e.pointerId);
      press(i, true);
    });
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      button.addEventListener(type, () => press(i, false));
    }
    button.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch
  });
  window.addEventListener("keydown", (e) => {
    // The keys are the gadget's, but in a field or a list, where they edit it.
    const editing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    if (!(e.key in KEYS) || editing) return;
    e.preventDefault(); // no scrolling, no going back a page, no click on a focused button
    startAudio();
    if (!e.repeat) press(KEYS[e.key], true); // the firmware repeats UP/DOWN itself
  });
  window.addEventListener("keyup", (e) => {
    if (e.key in KEYS) press(KEYS[e.key], false);
  });
  window.addEventListener("blur", () => held.forEach((i) => press(i, false)));
  window.addEventListener("pointerdown", startAudio);
}

// -- dice seed ---------------------------------------------------------------------------

function wireSeed(gadget) {
  const use = (seed) => {
    gadget.seed(seed);
    $("seed").value = seed === null ? "" : String(seed);
    $("dice").textContent = seed === null ? "Dice: random (crypto.getRandomValues)."
      : "Dice: seed " + seed + " (the rolls of geekout sim --seed " + seed + ").";
  };
  const typed = (text) => {
    text = (text || "").trim();
    return /^[0-9]{1,10}$/.test(text) && Number(text) <= 0xffffffff ? Number(text) : null;
  };
  // A seed typed in (Enter), a fresh one drawn, or back to the browser's random source.
  $("seed").addEventListener("change", () => use(typed($("seed").value)));
  $("new-seed").addEventListener("click", () => use(crypto.getRandomValues(new Uint32Array(1))[0]));
  $("random-dice").addEventListener("click", () => use(null));
  const fromUrl = typed(new URLSearchParams(location.search).get("seed"));
  if (fromUrl !== null) use(fromUrl);
}

// -- start --------------------------------------------------------------------------------

async function main() {
  const storage = browserStorage();
  if (!storage) onStorage("off");
  $("panel").addEventListener("change", () => draw(frame));
  window.addEventListener("resize", fitCanvas);
  fitCanvas();
  const gadget = await loadGadget({
    readFile: async (path) => {
      const response = await fetch(path);
      if (!response.ok) throw new Error(path + ": " + response.status);
      return new Uint8Array(await response.arrayBuffer());
    },
    storage, onFrame, onLeds, onTone, onEvent, onSerial, onStorage,
  });
  window.geekout = gadget; // for the tests and the curious (the console)
  wireButtons(gadget);
  wireSeed(gadget);
  $("power-cut").addEventListener("click", () => location.reload());
  $("forget").addEventListener("click", () => {
    if (!storage) return;
    for (let i = storage.length - 1; i >= 0; i--) {
      const key = storage.key(i);
      if (key.startsWith("geekout/")) storage.removeItem(key);
    }
    location.reload();
  });
  savedSummary(storage);
  setInterval(() => {
    gadget.step();
  }, STEP_MS);
  setInterval(() => savedSummary(storage), 1000);
}

main().catch((e) => {
  console.error(e);
  const notice = $("notice");
  notice.textContent = "The gadget could not start: " + e;
  notice.hidden = false;
});
