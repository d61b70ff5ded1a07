// Issue 16, as a careless or hostile user would try it: a 599,000-problem scenario, a link the page cannot
// hold, commands from frames that are not the embed's parent, a flood of commands, and a browser whose
// storage is full. Each test asserts what the person sees: the page stays small and usable, nothing
// changes but a message, strangers are ignored, the last command wins, saving says it is failing.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { ends, message, nextFrame, openPage, pixels, ready, serveHtml, useSite } from './harness.js';

const site = useSite();
const hosts: { close: () => Promise<void> }[] = [];

// Runs after useSite's hook has closed the browser and the server.
after(async () => {
  for (const host of hosts) await host.close();
});

/** The link of issue 16: a 64 x 64 random map stored relative to seed 2^64 - 1, which the page cannot hold. */
const SEED_LINK = 'AUAAQAB42nNgcGBgZGZlAAJ7IGRmesHMAWQzMjJgB_-hgGEUjIJRMGIBAGdZCfo';

const OPEN_MAP = 'type octile\nheight 4\nwidth 8\nmap\n........\n........\n........\n........\n';

/** Problem `i` (0-based) of the generated scenario on the open 8 x 4 map. */
function problem(i: number): { start: [number, number]; goal: [number, number]; optimal: string } {
  const start: [number, number] = [i % 8, (i >> 3) % 4];
  const goal: [number, number] = [7 - ((i >> 5) % 8), 3 - ((i >> 8) % 4)];
  const dx = Math.abs(goal[0] - start[0]);
  const dy = Math.abs(goal[1] - start[1]);
  const optimal = Math.max(dx, dy) - Math.min(dx, dy) + Math.min(dx, dy) * Math.SQRT2;
  return { start, goal, optimal: optimal.toFixed(4) };
}

/** A scenario of `n` problems for the open 8 x 4 map (599,000 of them stay under the 16 MB limit). */
function scenario(n: number): Buffer {
  const lines = ['version 1'];
  for (let i = 0; i < n; i++) {
    const p = problem(i);
    lines.push(`${i % 10}\tm\t8\t4\t${p.start[0]}\t${p.start[1]}\t${p.goal[0]}\t${p.goal[1]}\t${p.optimal}`);
  }
  return Buffer.from(lines.join('\n') + '\n');
}

async function elementCount(page: Page | Frame): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

test('a scenario of 599,000 problems opens in seconds with a small DOM, and its picker finds and loads problems', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const before = await elementCount(page);
  const scen = scenario(599_000);
  assert.ok(scen.length < 16 * 1024 * 1024, `${scen.length} bytes: under the page's limit`);
  await page.getByLabel('Map files to import').setInputFiles([
    { name: 'open.map', mimeType: 'text/plain', buffer: Buffer.from(OPEN_MAP) },
    { name: 'open.map.scen', mimeType: 'text/plain', buffer: scen },
  ]);
  // Issue 16 demands "a few seconds" (it took 47 s); this bound is generous for a loaded test machine.
  await page.waitForFunction(() => /^Opened open\.map and open\.map\.scen/.test(document.getElementById('message')?.textContent ?? ''), null, {
    timeout: 30_000,
  });
  assert.match((await message(page)).text, /\(599,000\)/);
  const added = (await elementCount(page)) - before;
  assert.ok(added < 100, `the picker added ${added} elements for 599,000 problems`);
  assert.equal(await page.getByTestId('problem-picker').locator('.problem-count').textContent(), '599,000 problems');

  // Search by number: "#123456" is that problem alone; Enter loads it.
  const search = page.getByLabel('Find a scenario problem', { exact: true });
  await search.fill('#123456');
  await page.waitForFunction(() => document.querySelector('.problem-count')?.textContent === '1 of 599,000 problems');
  const rows = page.getByRole('listbox', { name: 'Scenario problem' }).getByRole('option');
  assert.equal(await rows.count(), 1);
  assert.match((await rows.first().textContent()) ?? '', /^#123456 /);
  await search.press('Enter');
  const wanted = problem(123_455);
  await page.waitForFunction((o) => document.querySelector('[data-stat="scenario-optimal"]')?.textContent === o, wanted.optimal);
  let shown = await ends(page);
  assert.deepEqual([shown.start, shown.goal], [wanted.start, wanted.goal]);
  assert.equal(await page.getByTestId('scenario-flag').textContent(), 'matches');

  // The keyboard: back to every problem, into the list, to the last one, Enter.
  await search.fill('');
  await page.waitForFunction(() => document.querySelector('.problem-count')?.textContent === '599,000 problems');
  await search.press('ArrowDown');
  const list = page.getByRole('listbox', { name: 'Scenario problem' });
  assert.ok(await list.evaluate((el) => el === document.activeElement), 'the list has the focus');
  await list.press('End');
  await list.press('ArrowUp');
  await list.press('Enter');
  const last = problem(599_000 - 2);
  await page.waitForFunction((o) => document.querySelector('[data-stat="scenario-optimal"]')?.textContent === o, last.optimal);
  shown = await ends(page);
  assert.deepEqual([shown.start, shown.goal], [last.start, last.goal]);
  assert.match((await list.locator('[aria-selected="true"]').textContent()) ?? '', /^#598999 /);
  assert.ok((await elementCount(page)) - before < 100, 'scrolled to the end, still a small DOM');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("issue 16's seed link changes nothing but the message: map, saved work and undo stay, the next paint is fine", async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  // An edit, so there is saved work and an undo step.
  await page.getByLabel('Heuristic weight w', { exact: true }).fill('2.5');
  await page.waitForFunction(() => localStorage.getItem('astar-playground:saved-view') !== null && location.hash.length > 1);
  await page.waitForFunction(() => `#${localStorage.getItem('astar-playground:saved-view')}` === location.hash);
  const saved = await page.evaluate(() => localStorage.getItem('astar-playground:saved-view'));
  const map = await pixels(page);
  const where = await ends(page);

  await page.evaluate((link) => {
    location.hash = link;
  }, SEED_LINK);
  await page.waitForFunction(() => /^This link cannot be opened: /.test(document.getElementById('message')?.textContent ?? ''));
  await nextFrame(page);
  assert.equal(await pixels(page), map, 'the map drawn is the one before');
  assert.deepEqual(await ends(page), where);
  assert.equal(await page.evaluate(() => localStorage.getItem('astar-playground:saved-view')), saved, 'saved work unchanged');
  assert.match((await message(page)).text, /random-map seed 18446744073709551615 is not allowed: it must be a whole number from 0 to 2\^53 - 1/);
  // The address bar keeps the link typed into it (so it can be copied and reported), nothing else.
  assert.equal(await page.evaluate(() => location.hash), `#${SEED_LINK}`);
  assert.equal(await page.locator('#w-value').textContent(), '2.5');
  // Undo goes back past the edit, to the first view: the refused link left no undo step.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction(() => document.getElementById('w-value')?.textContent === '1.0');
  assert.ok(await page.getByRole('button', { name: 'Undo' }).isDisabled(), 'nothing more to undo');
  await nextFrame(page);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("issue 16's seed link as saved work: the page says so and shows the map it starts with", async () => {
  const fresh = await openPage(site.browser, site.url);
  await ready(fresh.page);
  const demo = await ends(fresh.page);
  const { page, errors } = fresh;
  await page.evaluate((link) => localStorage.setItem('astar-playground:saved-view', link), SEED_LINK);
  await page.reload();
  await page.waitForFunction(() => /^Your saved map could not be restored: /.test(document.getElementById('message')?.textContent ?? ''));
  await nextFrame(page);
  assert.deepEqual(await ends(page), demo, 'the demo map, not the 64 x 64 one of the link');
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** What the sibling frame posts to the embed (through the shared parent) when it is told to. */
const SIBLING_POSTS = [{ type: 'astar:set-w', w: 4 }, { type: 'astar:bogus' }, { type: 'astar:smooth', on: true }, { type: 'sentinel' }];

/**
 * A host page with the embed (`query` after the site's address, or `&origin=` + the host's own origin
 * when `ownOrigin`) and a sibling iframe that posts SIBLING_POSTS to the embed when the host tells it to;
 * the host records what the embed posts it in `received`.
 */
async function hostWithSibling(query: string, ownOrigin = false): Promise<{ page: Page; embed: Frame; errors: string[] }> {
  const sibling = `data:text/html,${encodeURIComponent(
    `<script>onmessage = () => { for (const d of ${JSON.stringify(SIBLING_POSTS)}) parent.frames[0].postMessage(d, '*'); };</script>`,
  )}`;
  const host = await serveHtml(
    `<!doctype html><title>article</title><body><script>
       window.received = [];
       const demo = document.createElement('iframe');
       demo.id = 'demo';
       demo.width = 640;
       demo.height = 420;
       demo.src = ${JSON.stringify(site.url + query)} + (${ownOrigin} ? '&origin=' + encodeURIComponent(location.origin) : '');
       document.body.append(demo);
       addEventListener('message', (e) => { if (e.source === demo.contentWindow) window.received.push(e.data); });
     </script><iframe id="sibling" src="${sibling}"></iframe></body>`,
  );
  hosts.push(host);
  const { page, errors } = await openPage(site.browser, host.url);
  const embed = (await (await page.$('#demo'))!.contentFrame())!;
  await embed.waitForSelector('#app[data-phase="finished"]');
  // An embed that does not obey this host does not post to it either: only an obeyed host waits for ready.
  if (!query.includes('&origin=')) {
    await page.waitForFunction(() => (window as unknown as { received: { type: string }[] }).received.some((m) => m.type === 'astar:ready'));
  }
  return { page, embed, errors };
}

type Received = { type: string; settings?: { w: number }; message?: string };

/**
 * The most operations a flood of thousands of messages may cost: one per turn of the event loop the page
 * gets while the messages arrive (the browser interleaves them with the page's timers), far below one per
 * message.
 */
const FLOOD_BOUND = 50;

/** Starts recording, inside `target`, the `type` of every message it receives (to see when one arrived). */
async function recordArrivals(target: Page | Frame): Promise<void> {
  await target.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { arrived: string[] }).arrived = seen;
    addEventListener('message', (e) => seen.push(String((e.data as { type?: unknown })?.type)));
  });
}

/** Waits until `target` received a message of type `type`, then one more task and frame (coalesced work runs). */
async function waitArrived(target: Page | Frame, type: string): Promise<void> {
  await target.waitForFunction((t) => (window as unknown as { arrived: string[] }).arrived.includes(t), type);
  await target.evaluate(() => new Promise((ok) => setTimeout(() => requestAnimationFrame(ok), 0)));
}

test("a sibling frame's commands are ignored, without a reply; the parent's are obeyed", async () => {
  const { page, embed, errors } = await hostWithSibling('?embed&controls=w,smooth');
  await recordArrivals(embed);
  await page.evaluate(() => (document.getElementById('sibling') as HTMLIFrameElement).contentWindow!.postMessage('go', '*'));
  await waitArrived(embed, 'sentinel');
  assert.equal(await embed.locator('#w-value').textContent(), '1.0', 'w unchanged');
  assert.equal(await embed.getByLabel('Smooth path', { exact: true }).isChecked(), false, 'smoothing unchanged');
  let received = await page.evaluate(() => (window as unknown as { received: Received[] }).received);
  assert.deepEqual(
    received.filter((m) => m.type !== 'astar:ready'),
    [],
    'no stats, no error for the sibling',
  );

  // The parent is obeyed; a wrongly typed `on` is an error, as a wrongly typed w is.
  await page.evaluate(() => {
    const embed = (document.getElementById('demo') as HTMLIFrameElement).contentWindow!;
    embed.postMessage({ type: 'astar:smooth', on: 'false' }, '*');
    embed.postMessage({ type: 'astar:set-w', w: 2 }, '*');
  });
  await page.waitForFunction(() =>
    (window as unknown as { received: Received[] }).received.some((m) => m.type === 'astar:stats' && m.settings?.w === 2),
  );
  received = await page.evaluate(() => (window as unknown as { received: Received[] }).received);
  assert.deepEqual(
    received.filter((m) => m.type === 'astar:error').map((m) => m.message),
    ['astar:smooth needs on: true or false (or no on, to toggle)'],
  );
  assert.equal(await embed.getByLabel('Smooth path', { exact: true }).isChecked(), false);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a page that opened the embed with window.open cannot command it', async () => {
  const host = await serveHtml('<!doctype html><title>opener</title><body></body>');
  hosts.push(host);
  const { page, errors } = await openPage(site.browser, host.url);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate((url) => {
      (window as unknown as { opened: Window | null }).opened = window.open(url, '_blank');
    }, `${site.url}?embed&controls=w,smooth`),
  ]);
  await ready(popup);
  await recordArrivals(popup);
  await page.evaluate(() => {
    const opened = (window as unknown as { opened: Window }).opened;
    opened.postMessage({ type: 'astar:set-w', w: 4 }, '*');
    opened.postMessage({ type: 'astar:smooth' }, '*');
    opened.postMessage({ type: 'sentinel' }, '*');
  });
  await waitArrived(popup, 'sentinel');
  assert.equal(await popup.locator('#w-value').textContent(), '1.0', 'w unchanged');
  assert.equal(await popup.getByLabel('Smooth path', { exact: true }).isChecked(), false, 'smoothing unchanged');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('with &origin= the embed obeys only a parent of a listed origin', async () => {
  // The host serves on another port than the site, so its origin is not example.org's.
  const stranger = await hostWithSibling('?embed&controls=w&origin=https://example.org');
  await recordArrivals(stranger.embed);
  await stranger.page.evaluate(() => {
    const embed = (document.getElementById('demo') as HTMLIFrameElement).contentWindow!;
    embed.postMessage({ type: 'astar:set-w', w: 3 }, '*');
    embed.postMessage({ type: 'sentinel' }, '*');
  });
  await waitArrived(stranger.embed, 'sentinel');
  assert.equal(await stranger.embed.locator('#w-value').textContent(), '1.0');
  assert.deepEqual(await stranger.page.evaluate(() => (window as unknown as { received: Received[] }).received), [], 'nothing posted to it');
  await stranger.page.context().close();

  // Listing the host's own origin: its commands are obeyed and answered.
  const { page, errors } = await hostWithSibling('?embed&controls=w', true);
  await page.evaluate(() => (document.getElementById('demo') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'astar:set-w', w: 3 }, '*'));
  await page.waitForFunction(() =>
    (window as unknown as { received: Received[] }).received.some((m) => m.type === 'astar:stats' && m.settings?.w === 3),
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The page's work while a flood is applied: searches shown ('searched' events) and settings changes. */
type Work = { searches: number; solves: number; settings: number };

/** Starts counting, inside the embed, the searches it shows, the finished ones, and its settings events. */
async function countWork(embed: Frame): Promise<void> {
  await embed.evaluate(() => {
    type Events = { on(event: 'searched', l: (stats: unknown, final: boolean) => void): void; on(event: 'settings', l: () => void): void };
    const work = { searches: 0, solves: 0, settings: 0 };
    (window as unknown as { work: typeof work }).work = work;
    const app = (window as unknown as { astarPlayground: Events }).astarPlayground;
    app.on('searched', (_stats, final) => {
      work.searches++;
      if (final) work.solves++;
    });
    app.on('settings', () => work.settings++);
  });
}

/**
 * Posts `message` `times` times from the host to the embed, then a command the embed does not know: its
 * error reply says every message before it was received; then waits until what they queued has run (a
 * timer, a frame and another timer), and returns the work counted.
 */
async function flood(page: Page, embed: Frame, message: object, times: number): Promise<Work> {
  await page.evaluate(
    async ([data, n]) => {
      const target = (document.getElementById('demo') as HTMLIFrameElement).contentWindow!;
      const log = (window as unknown as { received: Received[] }).received;
      for (let i = 0; i < n; i++) target.postMessage(data, '*');
      target.postMessage({ type: 'astar:end-of-flood' }, '*');
      while (!log.some((m) => m.type === 'astar:error' && m.message?.includes('end-of-flood'))) await new Promise((ok) => setTimeout(ok, 10));
    },
    [message, times] as const,
  );
  return embed.evaluate(async () => {
    await new Promise((ok) => setTimeout(() => requestAnimationFrame(() => setTimeout(ok, 0)), 0));
    return (window as unknown as { work: Work }).work;
  });
}

type Shown = { step: number; total: number; phase: string; smooth: boolean };

function shown(embed: Frame): Promise<Shown> {
  return embed.evaluate(() => {
    const app = (window as unknown as { astarPlayground: { shownStep(): number; total: number; phase: string; options: { smooth: boolean } } }).astarPlayground;
    return { step: app.shownStep(), total: app.total, phase: app.phase, smooth: app.options.smooth };
  });
}

test('a flood of 10,000 astar:set-w messages: a few solves, and the last value is applied and answered', async () => {
  const { page, embed, errors } = await hostWithSibling('?embed&controls=w');
  await countWork(embed);
  const result = await page.evaluate(async () => {
    const target = (document.getElementById('demo') as HTMLIFrameElement).contentWindow!;
    const log = (window as unknown as { received: Received[] }).received;
    for (let i = 0; i < 10_000; i++) target.postMessage({ type: 'astar:set-w', w: (i % 50) / 10 }, '*');
    target.postMessage({ type: 'astar:set-w', w: 3.3 }, '*');
    while (!log.some((m) => m.type === 'astar:stats' && m.settings?.w === 3.3)) await new Promise((ok) => setTimeout(ok, 10));
    return { lastStats: log.filter((m) => m.type === 'astar:stats').at(-1) };
  });
  const work = await embed.evaluate(() => (window as unknown as { work: Work }).work);
  // Coalesced: a solve only for the value waiting when the page gets a turn, not one per message.
  assert.ok(work.solves <= FLOOD_BOUND, `${work.solves} solves for 10,001 messages`);
  assert.equal(result.lastStats?.settings?.w, 3.3, 'the last answer is for the last value');
  assert.equal(await embed.locator('#w-value').textContent(), '3.3');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('floods of astar:smooth, astar:reset and astar:step cost a few operations and end where every message in order would', async () => {
  const { page, embed, errors } = await hostWithSibling('?embed&controls=play,step,smooth');
  await countWork(embed);
  const before = await shown(embed);
  assert.equal(before.phase, 'finished');

  // 10,001 toggles: the opposite of the value shown, set once.
  const toggles = await flood(page, embed, { type: 'astar:smooth' }, 10_001);
  assert.ok(toggles.settings <= FLOOD_BOUND, `${toggles.settings} smooth changes for 10,001 messages`);
  assert.equal((await shown(embed)).smooth, !before.smooth);
  const set = await flood(page, embed, { type: 'astar:smooth', on: before.smooth }, 10_000);
  assert.ok(set.settings - toggles.settings <= FLOOD_BOUND, `${set.settings - toggles.settings} smooth changes for 10,000 messages`);
  assert.equal((await shown(embed)).smooth, before.smooth);

  // 10,000 steps from the end: Step on a finished search starts it again, so they go round.
  const stepped = await flood(page, embed, { type: 'astar:step' }, 10_000);
  let expected = before.step;
  for (let i = 0; i < 10_000; i++) expected = expected >= before.total ? 1 : expected + 1;
  const afterSteps = await shown(embed);
  assert.equal(afterSteps.step, expected, `10,000 steps from step ${before.step} of ${before.total}`);
  assert.equal(afterSteps.phase, expected === before.total ? 'finished' : 'paused');
  const searches = stepped.searches - set.searches;
  assert.ok(searches <= FLOOD_BOUND, `${searches} searches shown for 10,000 steps`);

  const resets = await flood(page, embed, { type: 'astar:reset' }, 1000);
  assert.ok(resets.searches - stepped.searches <= FLOOD_BOUND, `${resets.searches - stepped.searches} searches shown for 1,000 resets`);
  assert.deepEqual(await shown(embed), { ...before, step: 0, phase: 'ready' });
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** Fills this origin's localStorage with other data until it is full; returns the keys used. */
async function fillStorage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const keys: string[] = [];
    for (let size = 1 << 20; size >= 16; size >>= 1) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        const key = `other-data-${keys.length}`;
        try {
          localStorage.setItem(key, chunk);
          keys.push(key);
        } catch {
          break;
        }
      }
    }
    return keys;
  });
}

test('localStorage full of other data: a warning says saving fails, for as long as it fails, and offers the download', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const keys = await fillStorage(page);
  assert.ok(keys.length > 0);
  const warning = page.getByTestId('save-warning');
  const w = page.getByLabel('Heuristic weight w', { exact: true });

  await w.fill('2.5');
  await warning.waitFor({ state: 'visible' });
  assert.match((await warning.textContent()) ?? '', /Saving in this browser is failing: the browser's storage for this site is full \(other data fills it, not this map\)/);
  // A later edit, still failing: the warning stays (the status line meanwhile shows other things).
  const failedView = await page.evaluate(() => location.hash);
  await w.fill('3');
  // The edit's save is tried where its view is published, in the same task that puts the view in the
  // address bar (www/share/keeper.ts, `publish`): once the address bar shows w = 3, the save has failed.
  await page.waitForFunction(
    (before) => location.hash.length > 1 && location.hash !== before && document.getElementById('w-value')?.textContent === '3.0',
    failedView,
  );
  assert.ok(await warning.isVisible(), 'still failing, still said');

  const [download] = await Promise.all([page.waitForEvent('download'), warning.getByRole('button', { name: 'Download .astar' }).click()]);
  assert.equal(download.suggestedFilename(), 'astar-playground.astar');

  // Room again: the next save works and the warning goes.
  await page.evaluate((ks) => ks.forEach((k) => localStorage.removeItem(k)), keys);
  await w.fill('2');
  await warning.waitFor({ state: 'hidden' });
  await page.waitForFunction(() => `#${localStorage.getItem('astar-playground:saved-view')}` === location.hash);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('300 fast input events on the w slider cost one solve, and the last value is shown', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await ready(page, { shareControls: true });
  const result = await page.evaluate(async () => {
    type Searches = { on: (event: 'searched', listener: (stats: unknown, final: boolean) => void) => void };
    let solves = 0;
    (window as unknown as { astarPlayground: Searches }).astarPlayground.on('searched', (_stats, final) => {
      if (final) solves++;
    });
    const w = document.getElementById('w') as HTMLInputElement;
    for (let i = 0; i < 300; i++) {
      w.value = String(1 + (i % 40) / 10);
      w.dispatchEvent(new Event('input', { bubbles: true }));
    }
    w.value = '2.7';
    w.dispatchEvent(new Event('input', { bubbles: true }));
    // Every queued task has run after a timer, a frame and another timer.
    await new Promise((ok) => setTimeout(() => requestAnimationFrame(() => setTimeout(ok, 0)), 0));
    return solves;
  });
  assert.equal(result, 1, 'one solve for the burst');
  assert.equal(await page.locator('#w-value').textContent(), '2.7');
  const searched = await page.evaluate(() => (window as unknown as { astarPlayground: { settings: () => { w: number } } }).astarPlayground.settings().w);
  assert.equal(searched, 2.7, 'the search shown uses the last value');
  assert.deepEqual(errors, []);
  await page.context().close();
});
