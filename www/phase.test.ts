// Unit tests of the page's state machine (www/phase.ts) against the table at the top of www/app.ts: the
// table below is that table, row for row (a test reads the comment and compares), every row holds for
// every phase it names, and every event the table does not list for a phase leaves the phase as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BOOT_PHASE, nextPhase, PHASES, type Phase, type PhaseEvent, type SimpleEvent } from './phase.js';

/** One row of the table as the comment writes it: `from ──event──► to`. */
interface Row {
  from: string;
  event: string;
  to: string;
}

const BOOT = 'finished';
const TABLE: Row[] = [
  { from: 'finished | edited', event: 'play', to: 'running' },
  { from: 'ready | paused | editing', event: 'play', to: 'running' },
  { from: 'running', event: 'pause', to: 'paused' },
  { from: 'running', event: 'last expansion', to: 'finished' },
  { from: 'any', event: 'step', to: 'paused' },
  { from: 'any', event: 'step to the end', to: 'finished' },
  { from: 'any', event: 'reset', to: 'ready' },
  { from: 'any', event: 'seek 0', to: 'ready' },
  { from: 'any', event: 'seek k', to: 'paused' },
  { from: 'any', event: 'seek to the end', to: 'finished' },
  { from: 'any', event: 'solve', to: 'finished' },
  { from: 'any', event: 'pointer down', to: 'editing' },
  { from: 'any', event: 'stroke solve', to: 'editing' },
  { from: 'editing', event: 'pointer up', to: 'edited' },
  { from: 'editing', event: 'pointer up, nothing changed', to: 'the phase before' },
];

const SIMPLE_EVENTS = [
  'play',
  'pause',
  'last expansion',
  'step',
  'step to the end',
  'reset',
  'seek 0',
  'seek k',
  'seek to the end',
  'solve',
  'stroke solve',
  'pointer down',
  'pointer up',
] as const satisfies readonly SimpleEvent[];
// Fails to compile when phase.ts gains an event this list (and so the checks below) would miss.
const everySimpleEvent: SimpleEvent extends (typeof SIMPLE_EVENTS)[number] ? true : false = true;
const everyPhase: Phase extends (typeof PHASES)[number] ? true : false = true;

/** Every event there is: the simple ones, and "nothing changed" after a stroke begun in each phase. */
const ALL_EVENTS: PhaseEvent[] = [
  ...SIMPLE_EVENTS,
  ...PHASES.map((before): PhaseEvent => ({ type: 'pointer up, nothing changed', before })),
];

function eventName(event: PhaseEvent): string {
  return typeof event === 'string' ? event : event.type;
}

function sources(row: Row): Phase[] {
  if (row.from === 'any') return [...PHASES];
  return row.from.split(' | ').map((name) => {
    assert.ok((PHASES as readonly string[]).includes(name), `"${name}" is not a phase`);
    return name as Phase;
  });
}

/** The phase a row says `event` leads to from `from`. */
function expected(row: Row, event: PhaseEvent): Phase {
  if (row.to === 'the phase before') {
    assert.ok(typeof event !== 'string', `${row.event}: only a stroke's end goes back to the phase before`);
    return event.before === 'running' ? 'paused' : event.before;
  }
  assert.ok((PHASES as readonly string[]).includes(row.to), `"${row.to}" is not a phase`);
  return row.to as Phase;
}

/** The table in the comment at the top of www/app.ts (its `──►` lines, notes in parentheses dropped). */
function documentedTable(): { boot: string | null; rows: Row[] } {
  const source = readFileSync(new URL('../../www/app.ts', import.meta.url), 'utf8');
  let boot: string | null = null;
  const rows: Row[] = [];
  for (const line of source.split('\n')) {
    if (!line.startsWith('//')) break;
    if (!line.includes('──►')) continue;
    const text = line.replace(/^\/\/\s+/, '').split(/\s{3,}\(/)[0].trim();
    const start = /^boot ──► (.+)$/.exec(text);
    if (start) {
      boot = start[1];
      continue;
    }
    const row = /^(.+?) ──(.+?)──► (.+)$/.exec(text);
    assert.ok(row, `cannot read the table line "${line}"`);
    rows.push({ from: row[1], event: row[2], to: row[3] });
  }
  return { boot, rows };
}

test('the table here is the table written at the top of www/app.ts', () => {
  assert.ok(everySimpleEvent && everyPhase);
  const documented = documentedTable();
  assert.equal(documented.boot, BOOT);
  assert.deepEqual(documented.rows, TABLE);
});

test('the page opens in the phase the table starts in', () => {
  assert.equal(BOOT_PHASE, BOOT);
});

test('every row of the table holds for every phase it names', () => {
  for (const row of TABLE) {
    const events = ALL_EVENTS.filter((e) => eventName(e) === row.event);
    assert.ok(events.length > 0, `"${row.event}" is not an event of www/phase.ts`);
    for (const from of sources(row)) {
      for (const event of events) {
        assert.equal(nextPhase(from, event), expected(row, event), `${from} ──${JSON.stringify(event)}──►`);
      }
    }
  }
});

test('the table is complete and says one thing for each phase and event', () => {
  for (const event of SIMPLE_EVENTS) {
    assert.ok(TABLE.some((row) => row.event === event), `the table has no row for "${event}"`);
  }
  for (const from of PHASES) {
    for (const event of ALL_EVENTS) {
      const rows = TABLE.filter((row) => row.event === eventName(event) && sources(row).includes(from));
      assert.ok(rows.length <= 1, `${rows.length} rows for ${from} ──${eventName(event)}──►`);
    }
  }
});

test('an event the table does not list for a phase leaves the phase as it is', () => {
  let unlisted = 0;
  for (const from of PHASES) {
    for (const event of ALL_EVENTS) {
      const listed = TABLE.some((row) => row.event === eventName(event) && sources(row).includes(from));
      if (listed) continue;
      unlisted++;
      assert.equal(nextPhase(from, event), from, `${from} ──${JSON.stringify(event)}──►`);
    }
  }
  // running: play; not running: pause, last expansion; not editing: pointer up and six "nothing changed".
  assert.equal(unlisted, 1 + 5 * 2 + 5 * 7);
});

test('a stroke that changed nothing goes back to where it began, a running animation paused', () => {
  for (const before of PHASES) {
    const during = nextPhase(before, 'pointer down');
    assert.equal(during, 'editing');
    const after = nextPhase(during, { type: 'pointer up, nothing changed', before });
    assert.equal(after, before === 'running' ? 'paused' : before);
  }
});
