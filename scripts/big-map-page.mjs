// The page on a big map, for the scripts that measure it (scripts/bench-latency.mjs, profile-latency.mjs,
// bench-generate.mjs, bench-compare-tasks.mjs, bench-memory-edits.mjs):
// opening the built site in headless Chromium on a side × side map (by default random, 20% walls, no forest
// or swamp, seed 1; or the page's rooms or maze of seed 1; 8 neighbours, octile, so that every algorithm
// can run it), and the inputs a person gives it, each as a script run inside the page with `arg`.
/**
 * Opens `url` in a new 1366 × 768 page of `browser` (the guided start already seen) and waits until the
 * page says it is ready; long tasks are collected in window.benchLongTasks from its opening on.
 */
export async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(() => {
    localStorage.setItem('astar-playground:tour-done', '1');
    const w = window;
    w.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.benchLongTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('html[data-help="ready"]', { state: 'attached' });
  return page;
}

/**
 * Opens `url` in a new 1366 × 768 page of `browser` on the big map of `kind` (random, rooms or maze), made
 * by a click of its generator (`clickAsAPerson`); window.benchLongTasks then holds the tasks over 50 ms from
 * that click on, not those of the page's opening.
 */
export async function openBigMap(browser, url, side, kind = 'random') {
  const page = await openPage(browser, url);
  await page.locator('#movement').selectOption('8');
  await page.locator('#heuristic').selectOption('octile');
  // After the settings: a change of the view puts the shown map's size back in the size fields.
  for (const [id, value] of [['map-width', side], ['map-height', side], ['share-wall', 20], ['share-forest', 0], ['share-swamp', 0], ['seed', 1]]) {
    await page.locator(`#${id}`).fill(String(value));
  }
  // The tasks counted from here on are the map's making and its first solve, not the page's opening.
  await page.evaluate(() => { window.benchLongTasks.length = 0; });
  await clickAsAPerson(page, `#gen-${kind}`);
  await page.waitForFunction((s) => document.querySelector('[data-testid="grid"]')?.dataset.mapWidth === String(s), side).catch(async (err) => {
    throw new Error(`the map was not made: ${await page.locator('#message').textContent()} (${err})`);
  });
  return page;
}

/**
 * Resolves when the page shows `name`, solved: not running a search, and no solve in slices under way
 * (HPA*'s graph is built in slices the first time: the inputs measured next must not meet that build).
 */
export const shown = (page, name) =>
  page.waitForFunction(
    (n) =>
      window.astarPlayground?.settings().algorithm === n &&
      window.astarPlayground.phase !== 'running' &&
      !window.astarPlayground.solving &&
      !window.astarPlayground.comparing,
    name,
    { timeout: 120_000 },
  );

/**
 * Runs `act` (one of the inputs below) inside the page (waiting for it when it returns a promise: a stroke's
 * events over several tasks); resolves with the ms from its start to the frame after the answer: two requestAnimationFrame callbacks, the second once the frame that shows the result has
 * been produced. A solve that runs in slices on a big map (App.solving) answers when its last slice has
 * drawn the result: the first callback is then the first one after that.
 */
export async function timed(page, act, arg) {
  return (await timedToPathAndOptimum(page, act, arg))[1];
}

/**
 * As `timed`, two times: to the frame after the new path and stats are drawn, and to the frame after the
 * path's smoothing and the optimum they are compared with are shown too (a big map's path is drawn before
 * its smoothing and the search for its optimum end: App.comparing). Equal when they came with the path.
 */
export async function timedToPathAndOptimum(page, act, arg) {
  return page.evaluate(
    async ([source, a]) => {
      const run = new Function('arg', source);
      const started = performance.now();
      await run(a);
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      do await frame();
      while (window.astarPlayground.solving);
      await frame();
      const toPath = performance.now() - started;
      if (!window.astarPlayground.comparing) return [toPath, toPath];
      do await frame();
      while (window.astarPlayground.comparing);
      await frame();
      return [toPath, performance.now() - started];
    },
    [act, arg],
  );
}

/**
 * Clicks `selector` as a person does: the pointer comes onto it, is pressed, and released 80 ms later, each
 * in a task of its own. (Playwright's `click()` sends the three so close together that the page handles
 * them in one task, which then counts the hover's and the press's work, about 10 ms on the demo page, with
 * the click's.) Returns `Date.now()` at the release, where the click's work begins.
 */
export async function clickAsAPerson(page, selector) {
  await page.locator(selector).hover();
  await page.waitForTimeout(50);
  await page.mouse.down();
  await page.waitForTimeout(80);
  const released = Date.now();
  await page.mouse.up();
  return released;
}

/** The tasks over 50 ms since the last call (of this or `longestTask`), in ms. */
export async function longTasks(page) {
  return page.evaluate(() => {
    const tasks = [...window.benchLongTasks];
    window.benchLongTasks.length = 0;
    return tasks;
  });
}

/** The longest task since the last call, in ms (0 when none was over 50 ms). */
export async function longestTask(page) {
  return Math.max(0, ...(await longTasks(page)));
}

/**
 * Resolves when no solve is under way: the page's (in slices, or its optimum still searched for) nor, in
 * compare mode, search B's, which follows it.
 */
export const solvesSettled = (page) =>
  page.waitForFunction(
    () => {
      const app = window.astarPlayground;
      return !app.solving && !app.comparing && !app.partnerSolving;
    },
    null,
    { timeout: 120_000 },
  );

/**
 * Pointer events on the map's canvas over cells `arg` ([x, y] pairs), pressed at the first, released at the
 * last, each in a task of its own as a browser delivers them (a message through a MessageChannel between
 * them: no timer's clamping). Until session 53 they were dispatched in one task, whose length the
 * benchmark's longest task then counted whole: a 5-cell stroke's events together, not its longest one.
 */
export const STROKE = `
  const canvas = document.querySelector('[data-testid="grid"]');
  const box = canvas.getBoundingClientRect();
  const cell = box.width / Number(canvas.dataset.mapWidth);
  const at = ([x, y]) => ({ clientX: box.left + (x + 0.5) * cell, clientY: box.top + (y + 0.5) * cell, pointerId: 1, isPrimary: true, pointerType: 'mouse', bubbles: true, buttons: 1 });
  const nextTask = () => new Promise((done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(0);
  });
  const cells = arg;
  return (async () => {
    canvas.dispatchEvent(new PointerEvent('pointerdown', at(cells[0])));
    for (const c of cells.slice(1)) {
      await nextTask();
      canvas.dispatchEvent(new PointerEvent('pointermove', at(c)));
    }
    await nextTask();
    canvas.dispatchEvent(new PointerEvent('pointerup', { ...at(cells[cells.length - 1]), buttons: 0 }));
  })();
`;

/** One keyboard step of the w slider to `arg`: an input and a change event, as the arrow key sends them. */
export const W_STEP = `
  const w = document.getElementById('w');
  w.value = arg;
  w.dispatchEvent(new Event('input', { bubbles: true }));
  w.dispatchEvent(new Event('change', { bubbles: true }));
`;

/** Choosing algorithm `arg` in the menu. */
export const CHOOSE = `
  const menu = document.getElementById('algorithm');
  menu.value = arg;
  menu.dispatchEvent(new Event('change', { bubbles: true }));
`;

/** Choosing brush `arg` (wall, plain, ...). */
export const BRUSH = `document.querySelector('input[name="brush"][value="' + arg + '"]').click();`;
