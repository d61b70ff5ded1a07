// Compare mode's markup: the two panes (the page's #stage moved into the first, a second stage with its
// canvas in the second, a heading line above each naming its settings, pane B's with its badge), and the
// Compare card at the top of the panel's Learn part (search B's four settings and the stats side by side with their difference). Built
// when compare mode starts and taken down when it ends, the page's #stage put back where it was. It is the
// stage's follower (www/stage.ts): it arranges the panes and lays out the second canvas.
import { rowOf } from '../algorithms.js';
import { fmt } from '../app.js';
import type { Settings } from '../hooks.js';
import { algorithmTitle, measured, num, t } from '../i18n/index.js';
import type { StageFollower } from '../stage.js';
import { percent } from '../stats.js';
import type { Stats } from '../types.js';
import { countDifference, difference, withinNoise, type CountWords } from './difference.js';
import { MAX_W } from './url.js';
import { WEIGHT_STEP } from '../generated/core.js';
import { compareText } from './strings.js';

/** The stats rows of the Compare card: key (its `data-row`), label key, value, how a difference prints. */
const ROWS = [
  { key: 'expanded', label: 'stat.expanded', value: (s: Stats) => s.expanded, print: (v: number) => num(v), count: true },
  { key: 'open-peak', label: 'stat.open-peak', value: (s: Stats) => s.openPeak, print: (v: number) => num(v), count: true },
  { key: 'cost', label: 'stat.cost', value: (s: Stats) => s.cost, print: fmt },
  { key: 'over-optimal', label: 'stat.over-optimal', value: (s: Stats) => s.overOptimal, print: null },
  { key: 'time-us', label: 'stat.time', value: (s: Stats) => s.timeUs, print: (v: number) => measured(v) },
] as const;

/** Counts differ in words: "79 fewer", "12 more". */
const COUNT_WORDS: CountWords = {
  fewer: (n) => compareText('compare.fewer', { n }),
  more: (n) => compareText('compare.more', { n }),
};

/** A search's measured time with its batches' range. */
function timed(s: Stats) {
  return { us: s.timeUs, low: s.timeLowUs, high: s.timeHighUs };
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, testid = ''): HTMLElementTagNameMap[K] {
  const made = Object.assign(document.createElement(tag), props);
  if (testid) (made as HTMLElement).dataset.testid = testid;
  return made;
}

/** A copy of one of the page's menus (its options already in the page's language) for search B. */
function menuLike(id: string, bId: string): HTMLSelectElement {
  const copy = document.getElementById(id)!.cloneNode(true) as HTMLSelectElement;
  copy.id = bId;
  copy.removeAttribute('data-help');
  copy.disabled = false;
  return copy;
}

/** A pane's settings in words: "A* · Octile · w 1.0 · lower h", leaving out what its algorithm ignores. */
export function settingsText(s: Settings): string {
  const row = rowOf(s.algorithm);
  const optionText = (id: string, value: string) =>
    Array.from(document.querySelectorAll<HTMLOptionElement>(`#${id} option`)).find((o) => o.value === value)?.textContent ?? value;
  const parts = [algorithmTitle(row)];
  if (row.usesHeuristic) parts.push(optionText('heuristic', s.heuristic));
  if (row.usesWeight) parts.push(`w ${num(s.w, 1)}`);
  if (row.usesTieBreak) parts.push(optionText('tie-break', s.tieBreak));
  return parts.join(' · ');
}

export class CompareView implements StageFollower {
  readonly panes = element('div', { className: 'compare-panes' }, 'compare-panes');
  readonly canvasB = element('canvas', { tabIndex: 0 }, 'grid-b');
  readonly card = element('section', { className: 'card compare-card' }, 'compare-card');
  readonly algorithm = menuLike('algorithm', 'b-algorithm');
  readonly heuristic = menuLike('heuristic', 'b-heuristic');
  readonly tieBreak = menuLike('tie-break', 'b-tie-break');
  readonly w = element('input', { type: 'range', id: 'b-w', min: '0', max: String(MAX_W), step: String(WEIGHT_STEP) });
  readonly wValue = element('output', { id: 'b-w-value' });
  readonly stats = element('table', { className: 'compare-stats' }, 'compare-stats');
  private readonly captionA = element('p', { className: 'pane-caption' }, 'caption-a');
  private readonly captionB = element('p', { className: 'pane-caption' }, 'caption-b');
  private readonly noteB = element('p', { className: 'pane-note' }, 'note-b');
  private readonly badgeB = element('div', { className: 'badge' }, 'badge-b');
  private readonly stageB = element('div', { className: 'stage' }, 'stage-b');
  /** Each pane's heading line: its caption (and pane B's badge), as tall in both panes. */
  private readonly headA = element('div', { className: 'pane-head' });
  private readonly stageA = document.getElementById('stage')!;
  /** Where #stage goes back to when compare mode ends. */
  private readonly home = document.createComment('the map outside compare mode');
  private laidOut: (mapWidth: number, mapHeight: number, width: number, height: number, zoom: number, transform: string) => void = () => {};

  constructor() {
    this.canvasB.setAttribute('aria-label', compareText('compare.canvas-b'));
    this.canvasB.id = 'grid-b';
    this.badgeB.append(element('b'), ' ', element('span'));
    this.stageB.append(this.canvasB);
    const paneA = element('figure', { className: 'compare-pane' }, 'pane-a');
    const paneB = element('figure', { className: 'compare-pane' }, 'pane-b');
    this.stageA.before(this.home);
    this.home.after(this.panes);
    this.headA.append(this.captionA);
    const headB = element('div', { className: 'pane-head' });
    headB.append(this.captionB, this.badgeB);
    paneA.append(this.headA, this.stageA);
    paneB.append(headB, this.stageB, this.noteB);
    this.noteB.setAttribute('role', 'status');
    this.panes.append(paneA, paneB);
    this.buildCard();
    const learn = document.querySelector('#part-learn > .part-title');
    if (learn) learn.after(this.card);
    else document.getElementById('panel')?.prepend(this.card);
    document.documentElement.classList.add('compare');
  }

  private buildCard(): void {
    this.card.setAttribute('aria-labelledby', 'compare-title');
    const title = element('h2', { id: 'compare-title', textContent: compareText('compare.title') });
    const settings = element('fieldset', { className: 'compare-b' });
    settings.append(element('legend', { textContent: compareText('compare.b-settings') }));
    const field = (label: string, control: HTMLElement, extra?: HTMLElement) => {
      const wrap = element('div', { className: 'field' });
      wrap.append(element('label', { htmlFor: control.id, textContent: label }), control);
      if (extra) wrap.append(extra);
      return wrap;
    };
    this.w.setAttribute('aria-label', compareText('compare.b-w'));
    this.wValue.htmlFor.add('b-w');
    settings.append(
      field(t('ctl.algorithm'), this.algorithm),
      field(t('ctl.heuristic'), this.heuristic),
      field('w', this.w, this.wValue),
      field(t('ctl.tie-break'), this.tieBreak),
    );
    settings.lastElementChild?.previousElementSibling?.classList.add('wide');
    const head = element('tr');
    head.append(element('th'), element('th', { scope: 'col', textContent: 'A' }), element('th', { scope: 'col', textContent: 'B' }));
    head.append(element('th', { scope: 'col', textContent: compareText('compare.difference') }));
    const body = element('tbody');
    for (const row of ROWS) {
      const tr = element('tr');
      tr.dataset.row = row.key;
      const a = element('td');
      a.dataset.pane = 'a';
      const b = element('td');
      b.dataset.pane = 'b';
      const d = element('td');
      d.dataset.diff = '';
      tr.append(element('th', { scope: 'row', textContent: t(row.label) }), a, b, d);
      body.append(tr);
    }
    const thead = element('thead');
    thead.append(head);
    this.stats.append(thead, body);
    this.card.append(title, settings, this.stats);
  }

  /** Shows both searches' settings in the captions, and search B's in its controls. */
  showSettings(a: Settings, b: Settings): void {
    // B runs on A's map with A's movement: the same options are marked unavailable, with the same reason.
    const marked = document.querySelectorAll<HTMLOptionElement>('#algorithm option');
    Array.from(this.algorithm.options).forEach((option, i) => {
      option.textContent = marked[i]?.textContent ?? option.textContent;
      option.title = marked[i]?.title ?? '';
    });
    this.captionA.textContent = compareText('compare.caption', { pane: 'A', settings: settingsText(a) });
    this.captionB.textContent = compareText('compare.caption', { pane: 'B', settings: settingsText(b) });
    this.algorithm.value = b.algorithm;
    this.heuristic.value = b.heuristic;
    this.tieBreak.value = b.tieBreak;
    if (document.activeElement !== this.w || Math.abs(Number(this.w.value) - b.w) > 1e-9) this.w.value = String(b.w);
    this.wValue.textContent = num(b.w, 1);
    const row = rowOf(b.algorithm);
    this.heuristic.disabled = !row.usesHeuristic;
    this.w.disabled = !row.usesWeight;
    this.tieBreak.disabled = !row.usesTieBreak;
  }

  /** Fills the stats table (either search may have none, after an error) and search B's badge. */
  showStats(a: Stats | null, b: Stats | null, badgeB: { value: string; bound: string; optimal: boolean } | null): void {
    for (const row of ROWS) {
      const tr = this.stats.querySelector(`[data-row="${row.key}"]`)!;
      const va = a ? row.value(a) : null;
      const vb = b ? row.value(b) : null;
      const print = (v: number | null) => (v === null ? '–' : row.print ? row.print(v) : percent(v));
      tr.querySelector('[data-pane="a"]')!.textContent = print(va);
      tr.querySelector('[data-pane="b"]')!.textContent = print(vb);
      // Times whose timed batches overlap are not told apart: repeating one search moves it as much.
      const noise = row.key === 'time-us' && a && b && withinNoise(timed(a), timed(b));
      tr.querySelector('[data-diff]')!.textContent = noise
        ? compareText('compare.time-noise')
        : 'count' in row
          ? countDifference(va, vb, row.print, COUNT_WORDS)
          : row.print
            ? difference(va, vb, row.print)
            : '';
    }
    const [value, bound] = this.badgeB.querySelectorAll('b, span');
    value.textContent = badgeB?.value ?? '–';
    bound.textContent = badgeB?.bound ?? '';
    this.badgeB.dataset.outcome = badgeB?.optimal ? 'optimal' : 'other';
    this.badgeB.classList.toggle('loss', !!b && (b.overOptimal ?? 0) > 0);
  }

  /** Search B's note (why it fell back to A*), '' for none. */
  showNote(text: string): void {
    this.noteB.textContent = text ? compareText('compare.b-note', { message: text }) : '';
  }

  /** Search B's solve goes on past a task: its badge says so (`showStats` gives it the words). */
  showSolving(on: boolean): void {
    this.badgeB.toggleAttribute('data-solving', on);
  }

  /** Sets what lays out the second canvas (the pane's renderer). */
  onLayout(layout: CompareView['laidOut']): void {
    this.laidOut = layout;
  }

  // ---- StageFollower -------------------------------------------------------------------------------------

  arrange(direction: 'row' | 'column'): void {
    this.panes.dataset.arrange = direction;
  }

  chrome(): { width: number; height: number } {
    const head = this.headA.getBoundingClientRect();
    const caption = head.height + parseFloat(getComputedStyle(this.headA).marginBottom);
    const note = this.noteB.getBoundingClientRect().height;
    const gap = parseFloat(getComputedStyle(this.panes).gap) || 0;
    // In an embed the stats table sits under the panes (placeUnderPanes), in the maps' room.
    const table = this.stats.parentElement === this.panes.parentElement ? this.stats.getBoundingClientRect().height + 4 : 0;
    return { width: gap, height: caption + note + gap + table };
  }

  /**
   * In an embed: the stats table under the two maps and pane A's badge in its heading, like pane B's
   * (the control bar has no room for either at the sizes an article uses).
   */
  placeForEmbed(badgeA: HTMLElement | null, withStats: boolean): void {
    if (withStats) this.panes.after(this.stats);
    if (badgeA) this.headA.append(badgeA);
  }

  layout(mapWidth: number, mapHeight: number, availWidth: number, availHeight: number, zoom: number, transform: string): void {
    this.laidOut(mapWidth, mapHeight, availWidth, availHeight, zoom, transform);
    this.stageB.style.width = this.stageA.style.width;
    this.stageB.style.height = this.stageA.style.height;
    // Zoomed (a pinch on the first map): the second clips its larger canvas the same way.
    this.stageB.classList.toggle('zoomed', this.stageA.classList.contains('zoomed'));
  }

  /** Takes compare mode's markup down and puts the page's map back in its place. */
  remove(): void {
    this.home.after(this.stageA);
    this.home.remove();
    this.panes.remove();
    this.card.remove();
    document.documentElement.classList.remove('compare');
  }
}
