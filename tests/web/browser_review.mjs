// A whole Masters game on the page in Debian's Chromium (headless, playwright-core), then
// the end menu's Review: hold OK, Review, every page read. Then a reload (the power cut):
// Resume brings the game back from the browser's storage, and its Review is read again.
// Prints one JSON report for tests/web/test_web_browser.py.
//
//   node browser_review.mjs INPUT.json
// INPUT: {"url", "chromium", "seed", "keys": [key codes from the home menu: to the end
//         screen, or with "auto": true to an auto-dice game's first roll, which OK then
//         plays to its end (every roll, the advice at each Continue/Pass, the shows
//         skipped)]}
//
// Every key is a keyboard key on the page, and the next goes only once the firmware has
// handled it (UI.handle returned: watchKeys), so a loaded machine slows the game but
// never drops or merges a key. A long key is held until the firmware has taken it.

import fs from "node:fs";
import { DOWN, KEY, LONG_OK, OK, ask, journal, launch, ready, screen, top, until, watch,
  watchKeys } from "./browser_page.mjs";

const input = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const report = { errors: [], runs: {} };
const REVIEW = [LONG_OK, DOWN, OK]; // the end menu: Undo ..., Review, Home

let sent = 0; // keys sent since watchKeys

async function key(page, k) {
  const long = k >= LONG_OK;
  const name = KEY[long ? k - 2 : k];
  sent += 1;
  if (long) {
    await page.keyboard.down(name);
    await until(page, "len(handled)", sent); // the long key fires while held
    await page.keyboard.up(name);
  } else {
    await page.keyboard.press(name);
    await until(page, "len(handled)", sent);
  }
}

async function keys(page, list) {
  for (const k of list) await key(page, k);
}

// Auto dice to the end by OK alone: a roll, the cursor's step (the advice), or, while
// the gadget shows its steps, the show skipped. The show is paused first (its frames
// stop moving) in the same pass of the interpreter that sees it playing, so it cannot
// end by itself before the OK comes, which would then be a roll or a decision instead.
const AUTO_PASS = [
  "_s = gadget.loop.app.ui.stack[-1]",
  "_paused = False",
  "if _s.name == 'masters.auto' and _s.showing:",
  "    _s.playing = False",
  "    _paused = True",
  "_auto = json.dumps([_s.name, _paused])",
].join("\n");

async function playAuto(page) {
  const out = { oks: 0, skips: 0 };
  for (;;) {
    const [name, paused] = await page.evaluate((py) => {
      window.geekout.run("import json\n" + py);
      return JSON.parse(window.geekout.get("_auto"));
    }, AUTO_PASS);
    if (name === "masters.end") return out;
    if (name !== "masters.auto" || out.oks > 3000) {
      throw new Error("auto dice: " + JSON.stringify(await ask(page,
        "[s.name for s in gadget.loop.app.ui.stack]")) + " after " + out.oks + " OKs");
    }
    await key(page, OK);
    out.oks += 1;
    if (paused) out.skips += 1;
  }
}

// The Review from the end screen: each page's frame and canvas, and the pages' text as
// the firmware holds them.
async function review(page) {
  await keys(page, REVIEW);
  await until(page, "gadget.loop.app.ui.stack[-1].name", "masters.review");
  // the pages are made when shown (reviewpage.page): each one asked for
  const pages = await ask(page, "[__import__('sys').modules['geekout.masters.reviewpage']"
    + ".page(s.r, i) for s in [gadget.loop.app.ui.stack[-1]] for i in range(s.pages)]");
  const shown = [];
  for (let i = 0; i < pages.length; i++) {
    if (i) await key(page, DOWN);
    await until(page, "gadget.loop.app.ui.stack[-1].page", i);
    shown.push(await screen(page));
  }
  await key(page, OK); // leave: back to the end screen
  return { pages, shown, after: await top(page) };
}

const browser = await launch(input.chromium);
try {
  const context = await browser.newContext({ viewport: { width: 1040, height: 800 } });
  const page = await context.newPage();
  watch(page, "game", report.errors);
  const t0 = Date.now();
  await page.goto(input.url + "?seed=" + input.seed);
  await ready(page);
  await watchKeys(page);
  await keys(page, input.keys);
  const auto = input.auto ? await playAuto(page) : null;
  await until(page, "gadget.loop.app.ui.stack[-1].name", "masters.end");
  report.runs.game = {
    handled: await ask(page, "handled"),
    auto,
    journal: await journal(page),
    end: await screen(page),
    review: await review(page),
    saved: await page.evaluate(() => ({ ...localStorage })),
    game_ms: Date.now() - t0,
  };

  // The power cut: the game comes back from localStorage alone.
  await page.reload();
  await ready(page);
  await watchKeys(page);
  sent = 0;
  await until(page, "gadget.loop.app.ui.stack[-1].name", "resume?");
  await key(page, OK);
  await until(page, "gadget.loop.app.ui.stack[-1].name", "masters.end");
  report.runs.reloaded = {
    journal: await journal(page),
    review: await review(page),
    saved: await page.evaluate(() => ({ ...localStorage })),
  };
  await context.close();
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
