// The page in Debian's Chromium, headless, driven by playwright-core (no browser
// download: executablePath is the installed one). Plays what a visitor would: a
// 2-player Masters game with virtual dice by clicks and keys, a reload (the power cut)
// and Resume, the Capture and battle setup screens, then the browser's storage full,
// off, and holding a damaged game. Prints one JSON report for tests/web/test_web_browser.py
// (which asserts on it) and bench/bench_web.py (which takes its figures).
//
//   node browser_check.mjs INPUT.json
// INPUT: {"url", "chromium", "keys": [key codes from the home menu], "outdir",
//         "only": "masters" to stop after the Masters part, "tap_ms": how long every
//         short key is held (the bench; default: taps of 0 and 80 ms in turn)}

import fs from "node:fs";
import path from "node:path";
import { ARGS, BUTTON, KEY, DOWN, LONG_BACK, LONG_OK, OK, UP, ask, journal, launch, ready,
  screen, screens, toasts, watch as watchInto, watchToasts } from "./browser_page.mjs";
import pw from "playwright-core";

const input = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const report = { errors: [], steps: {} };
const watch = (page, where) => watchInto(page, where, report.errors);

// One key as a visitor makes it: a click on the page's button or its keyboard key, in
// turn, each either as fast as the browser sends it (down and up within one poll: the
// pin's latch counts it) or held 80 ms as a finger does (input.tap_ms: always that
// long); a long key holds the button (mouse or key) past 700 ms.
let turn = 0;
async function key(page, k) {
  const long = k >= LONG_OK;
  const b = long ? k - 2 : k;
  const byMouse = turn % 2 === 0;
  const delay = input.tap_ms ?? (turn % 4 < 2 ? 0 : 80);
  turn += 1;
  if (!long) {
    if (byMouse) await page.click(BUTTON[b], { delay });
    else await page.keyboard.press(KEY[b], { delay });
  } else if (byMouse) {
    await page.hover(BUTTON[b]);
    await page.mouse.down();
    await page.waitForTimeout(850);
    await page.mouse.up();
  } else {
    await page.keyboard.down(KEY[b]);
    await page.waitForTimeout(850);
    await page.keyboard.up(KEY[b]);
  }
  await page.waitForTimeout(90); // the tap is seen (latch, 20 ms debounce) before the next
}

async function keys(page, list) {
  for (const k of list) await key(page, k);
}

async function settle(page) {
  await page.waitForTimeout(300); // LED flashes and sounds end; the redraw is out
}

const browser = await launch(input.chromium);
try {
  const context = await browser.newContext({ viewport: { width: 1040, height: 800 } });
  const page = await context.newPage();
  watch(page, "masters");
  const t0 = Date.now();
  await page.goto(input.url + "?seed=3");
  await ready(page);
  report.load = {
    wall_ms: Date.now() - t0,
    first_frame_ms: await page.evaluate(() => window.geekoutStats.firstFrame),
  };
  report.steps.boot = { screens: await screens(page), ...(await screen(page)) };

  // The Masters game by clicks and keys (the Driver's keys from the home menu).
  await keys(page, input.keys);
  await settle(page);
  report.steps.masters = {
    screens: await screens(page), ...(await screen(page)),
    key_to_frame_ms: await page.evaluate(() => window.geekoutStats.keyToFrame),
    scoreboard: await page.evaluate(() => ({
      game: document.getElementById("game").textContent,
      rows: Array.from(document.querySelectorAll("#seats tr"), (tr) => tr.textContent),
      log: Array.from(document.querySelectorAll("#log li"), (li) => li.textContent),
    })),
    leds: await page.evaluate(() => Array.from(document.querySelectorAll(".led"),
      (led) => getComputedStyle(led).backgroundColor)),
    audio: await page.evaluate(() => ({
      tones: window.geekoutStats.tones, sound: document.getElementById("sound").textContent,
    })),
    saved: await page.evaluate(() => Object.keys(localStorage).sort()),
    journal: await journal(page),
  };
  await page.screenshot({ path: path.join(input.outdir, "web.png") });

  // A reload is the power cut: the page offers Resume, OK resumes the same game.
  await page.reload();
  await ready(page);
  report.load.reload_first_frame_ms = await page.evaluate(() => window.geekoutStats.firstFrame);
  await page.waitForTimeout(200);
  report.steps.reload = { screens: await screens(page), ...(await screen(page)) };

  if (input.only !== "masters") {
    await keys(page, [OK]);
    await settle(page);
    report.steps.resumed = {
      screens: await screens(page), ...(await screen(page)), journal: await journal(page),
    };

    // Home (hold BACK), New game, Geekmon Capture (replacing the saved game), then the
    // galaxy battle the same way.
    await keys(page, [LONG_BACK, DOWN, OK, DOWN, OK]);
    if ((await screens(page)).at(-1) === "replace?") await keys(page, [UP, OK]);
    await settle(page);
    report.steps.capture = { screens: await screens(page), ...(await screen(page)) };
    // To the battle, the third game, by holding DOWN: one key at once, the next after
    // 450 ms (the buttons' auto-repeat), so 510 ms moves two down.
    await keys(page, [LONG_BACK, DOWN, OK]);
    await page.keyboard.down("ArrowDown");
    await page.waitForTimeout(510);
    await page.keyboard.up("ArrowDown");
    await page.waitForTimeout(90);
    await keys(page, [OK]);
    if ((await screens(page)).at(-1) === "replace?") await keys(page, [UP, OK]);
    await settle(page);
    report.steps.battle = { screens: await screens(page), ...(await screen(page)) };

    // A damaged saved game in the browser's storage: the gadget's message, set aside.
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage)) localStorage.removeItem(k);
      localStorage.setItem("geekout/game.goj", btoa("GOJ\x02 not a journal"));
    });
    await page.reload();
    await ready(page);
    await page.waitForTimeout(200);
    report.steps.corrupt = {
      screens: await screens(page), toast: await ask(page, "gadget.loop.app.ui.toast_text"),
      ...(await screen(page)),
      saved: await page.evaluate(() => Object.keys(localStorage).sort()),
    };

    // The browser's storage full: other data takes the whole quota (ever smaller
    // pieces until not one more character fits), then a new game. The gadget's own keys
    // go first (the set-aside save, the boot count), so no room comes free later.
    await page.evaluate(() => {
      localStorage.removeItem("geekout/bad/0001.goj");
      localStorage.removeItem("geekout/boots");
    });
    const filled = await page.evaluate(() => {
      let size = 256 * 1024;
      let n = 0;
      let error = null;
      while (size >= 1 && n < 1000) {
        try {
          localStorage.setItem("filler/" + n, "x".repeat(size));
          n++;
        } catch (e) {
          error = e.name;
          size = Math.floor(size / 2);
        }
      }
      return { n, error };
    });
    await page.reload();
    await ready(page);
    await watchToasts(page);
    await keys(page, [OK, OK, OK, OK, OK]); // New game, Masters, virtual, 2 players, roll
    await settle(page);
    report.steps.full = {
      filled, screens: await screens(page), toasts: await toasts(page),
      notice: await page.evaluate(() => {
        const n = document.getElementById("notice");
        return n.hidden ? null : n.dataset.problem + ": " + n.textContent;
      }),
      frames_before: await page.evaluate(() => window.geekoutStats.frames),
    };
    await keys(page, [DOWN, DOWN]); // the game goes on: the cursor moves
    report.steps.full.frames_after = await page.evaluate(() => window.geekoutStats.frames);
    await page.evaluate(() => localStorage.clear());
    await context.close();

    // Site data blocked (Chrome's own setting, in a profile made for it): the page says
    // so and the game is played unsaved.
    const profile = fs.mkdtempSync(path.join(input.outdir, "profile-"));
    fs.mkdirSync(path.join(profile, "Default"));
    fs.writeFileSync(path.join(profile, "Default", "Preferences"), JSON.stringify(
      { profile: { default_content_setting_values: { cookies: 2 } } }));
    const blocked = await pw.chromium.launchPersistentContext(profile, {
      executablePath: input.chromium, headless: true, args: ARGS,
    });
    const off = blocked.pages()[0] || await blocked.newPage();
    watch(off, "off");
    await off.goto(input.url);
    await ready(off);
    await watchToasts(off);
    await keys(off, [OK, OK, OK, OK, OK]);
    await settle(off);
    report.steps.off = {
      screens: await screens(off), toasts: await toasts(off),
      notice: await off.evaluate(() => {
        const n = document.getElementById("notice");
        return n.hidden ? null : n.dataset.problem + ": " + n.textContent;
      }),
      frames: await off.evaluate(() => window.geekoutStats.frames),
    };
    // The "new seed" control: a fresh seed, said on the page.
    await off.click("#new-seed");
    report.steps.off.dice = await off.evaluate(() => [
      document.getElementById("seed").value, document.getElementById("dice").textContent]);
    await blocked.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
