// A whole Masters game on the page in Debian's Chromium (headless, playwright-core), then
// the end menu's Review: hold OK, Review, every page read. Then a reload (the power cut):
// Resume brings the game back from the browser's storage, and its Review is read again.
// Prints one JSON report for tests/web/test_web_browser.py.
//
//   node browser_review.mjs INPUT.json
// INPUT: {"url", "chromium", "seed", "keys": [key codes from the home menu to the end
//         screen]}
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

// The Review from the end screen: each page's frame and canvas, and the pages' text as
// the firmware holds them.
async function review(page) {
  await keys(page, REVIEW);
  await until(page, "gadget.loop.app.ui.stack[-1].name", "masters.review");
  const pages = await ask(page, "gadget.loop.app.ui.stack[-1].pages");
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
  await until(page, "gadget.loop.app.ui.stack[-1].name", "masters.end");
  report.runs.game = {
    handled: await ask(page, "handled"),
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
