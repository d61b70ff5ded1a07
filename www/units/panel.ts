// Units mode's performance panel (seed 004's debug panel): this frame's numbers from the core's counters
// (requests served, expansions, queue, cache hits, w, replans) and the page's clock (search ms, frame ms,
// the worst frame), a chart of the last frames (frame time against the 16.7 ms line, requests served as
// bars) and the selected unit's request timeline. Each number is `data-units-stat="<key>"` whose text
// starts with it.
import type { FrameReport, RequestLog, Totals } from '../generated/core.js';
import { currentLanguage } from '../i18n/index.js';
import { css } from '../render/palette.js';
import { COLOURS } from './overlay.js';
import { unitsText, type UnitsKey } from './strings.js';

/** Frames the chart keeps. */
export const CHART_FRAMES = 300;
/** The frame time a 60 Hz screen allows, ms. */
export const FRAME_MS = 1000 / 60;

const STATS = [
  ['frame', 'panel.frame'],
  ['units', 'panel.units'],
  ['walking', 'panel.walking'],
  ['waiting', 'panel.waiting'],
  ['arrived', 'panel.arrived'],
  ['queue', 'panel.queue'],
  ['served', 'panel.served'],
  ['served-total', 'panel.served-total'],
  ['expansions', 'panel.expansions'],
  ['search-ms', 'panel.search-ms'],
  ['frame-ms', 'panel.frame-ms'],
  ['worst-ms', 'panel.worst-ms'],
  ['cache', 'panel.cache'],
  ['w', 'panel.w'],
  ['replans', 'panel.replans'],
  ['mean-wait', 'panel.mean-wait'],
] as const satisfies readonly (readonly [string, UnitsKey])[];

type StatKey = (typeof STATS)[number][0];

/** Number formats made once (the panel updates every frame), in the page's language. */
const locale = () => (currentLanguage() === 'zh' ? 'zh-CN' : 'en');
let formats: { whole: Intl.NumberFormat; fixed: Intl.NumberFormat[] } | null = null;
function formatsNow(): { whole: Intl.NumberFormat; fixed: Intl.NumberFormat[] } {
  formats ??= {
    whole: new Intl.NumberFormat(locale()),
    fixed: [0, 1, 2].map((d) => new Intl.NumberFormat(locale(), { useGrouping: false, minimumFractionDigits: d, maximumFractionDigits: d })),
  };
  return formats;
}
const count = (value: number) => formatsNow().whole.format(value);
const num = (value: number, decimals: 0 | 1 | 2) => formatsNow().fixed[decimals].format(value);

/** What one frame adds to the panel. */
export interface PanelFrame {
  report: FrameReport;
  totals: Totals;
  units: number;
  frameMs: number;
  worstMs: number;
}

export class UnitsPanel {
  readonly element: HTMLElement;
  private readonly values = new Map<StatKey, HTMLElement>();
  private readonly chart: HTMLCanvasElement;
  private readonly timeline: HTMLElement;
  /** The selected unit's request drawn frame by frame (see `drawStrip`). */
  private readonly strip: HTMLCanvasElement;
  private readonly rule: HTMLElement;
  private readonly history: { ms: number; served: number }[] = [];

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'units-panel';
    this.element.dataset.testid = 'units-panel';
    const title = document.createElement('h3');
    title.textContent = unitsText('panel.title');
    const list = document.createElement('dl');
    for (const [key, label] of STATS) {
      const dt = document.createElement('dt');
      dt.textContent = unitsText(label);
      const dd = document.createElement('dd');
      dd.dataset.unitsStat = key;
      dd.textContent = '0';
      list.append(dt, dd);
      this.values.set(key, dd);
    }
    this.rule = document.createElement('p');
    this.rule.className = 'units-rule';
    this.rule.dataset.testid = 'units-rule';
    this.chart = document.createElement('canvas');
    this.chart.className = 'units-chart';
    this.chart.dataset.testid = 'units-chart';
    this.chart.width = CHART_FRAMES;
    this.chart.height = 80;
    this.chart.setAttribute('role', 'img');
    this.chart.setAttribute('aria-label', unitsText('chart.label', { frames: CHART_FRAMES }));
    const caption = document.createElement('p');
    caption.className = 'units-chart-caption';
    caption.textContent = unitsText('chart.label', { frames: CHART_FRAMES });
    this.timeline = document.createElement('p');
    this.timeline.className = 'units-timeline';
    this.timeline.dataset.testid = 'units-timeline';
    this.timeline.textContent = unitsText('timeline.none');
    this.strip = document.createElement('canvas');
    this.strip.className = 'units-strip';
    this.strip.dataset.testid = 'units-strip';
    this.strip.width = CHART_FRAMES;
    this.strip.height = 24;
    this.strip.hidden = true;
    this.element.append(title, list, this.rule, this.chart, caption, this.timeline, this.strip);
  }

  /** Forgets the chart (a new scene). */
  reset(): void {
    this.history.length = 0;
  }

  /** Shows the automatic w's rule with the w now (hidden for the other planners). */
  showRule(autoW: boolean, perQueued: number, w: number): void {
    this.rule.hidden = !autoW;
    if (autoW) this.rule.textContent = unitsText('units.rule', { per: Math.round(1 / perQueued), w: num(w, 1) });
  }

  update(frame: PanelFrame): void {
    const { report, totals } = frame;
    const hitRate = totals.cacheLookups > 0 ? ` (${Math.round((100 * totals.cacheHits) / totals.cacheLookups)}%)` : '';
    const set = (key: StatKey, text: string) => {
      const element = this.values.get(key)!;
      if (element.textContent !== text) element.textContent = text;
    };
    set('frame', count(report.frame));
    set('units', count(frame.units));
    set('walking', count(report.walking));
    set('waiting', count(report.waiting));
    set('arrived', count(report.arrived));
    set('queue', count(report.queue));
    set('served', count(report.served));
    set('served-total', count(totals.served));
    set('expansions', count(report.expansions));
    set('search-ms', num(report.searchUs / 1000, 2));
    set('frame-ms', num(frame.frameMs, 2));
    set('worst-ms', num(frame.worstMs, 2));
    set('cache', `${count(totals.cacheHits)}${hitRate}`);
    set('w', num(report.w, 1));
    set('replans', count(totals.replans));
    set('mean-wait', num(totals.served > 0 ? totals.waitFrames / totals.served : 0, 1));
    this.history.push({ ms: frame.frameMs, served: report.served });
    if (this.history.length > CHART_FRAMES) this.history.shift();
    this.drawChart();
  }

  private drawChart(): void {
    const { chart, history } = this;
    const ctx = chart.getContext('2d')!;
    const [w, h] = [chart.width, chart.height];
    ctx.clearRect(0, 0, w, h);
    const topMs = Math.max(2 * FRAME_MS, ...history.map((f) => f.ms));
    const topServed = Math.max(1, ...history.map((f) => f.served));
    const x0 = w - history.length;
    ctx.fillStyle = `rgba(${COLOURS.arrived.join(',')}, 0.45)`;
    history.forEach((f, i) => {
      const bar = (f.served / topServed) * h * 0.5;
      ctx.fillRect(x0 + i, h - bar, 1, bar);
    });
    const yOf = (ms: number) => h - (ms / topMs) * h;
    ctx.strokeStyle = css(COLOURS.unreachable);
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(0, yOf(FRAME_MS));
    ctx.lineTo(w, yOf(FRAME_MS));
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.strokeStyle = css(COLOURS.unit);
    ctx.beginPath();
    history.forEach((f, i) => (i === 0 ? ctx.moveTo(x0 + i, yOf(f.ms)) : ctx.lineTo(x0 + i, yOf(f.ms))));
    ctx.stroke();
  }

  /** The selected unit's latest request (`now` the frame shown): which frames worked on it, in words and as a strip. */
  showTimeline(unit: number | null, log: RequestLog | null, now: number): void {
    let text = unitsText('timeline.none');
    if (unit !== null && log) {
      let expansions = 0;
      for (let i = 1; i < log.slices.length; i += 2) expansions += log.slices[i];
      const frames = log.slices.length / 2;
      const values = { n: unit, queued: log.queuedFrame, expansions: count(expansions) };
      if (log.servedFrame !== null) {
        text = unitsText('timeline.served', {
          ...values,
          served: log.servedFrame,
          frames,
          cache: log.fromCache ? unitsText('timeline.cache') : '',
        });
      } else if (log.begunFrame !== null) text = unitsText('timeline.searching', { ...values, begun: log.begunFrame });
      else text = unitsText('timeline.queued', values);
    }
    if (this.timeline.textContent !== text) this.timeline.textContent = text;
    this.drawStrip(log, now);
  }

  /**
   * The request as a strip, one column a frame from the frame it was queued: grey while it waited, a bar
   * as tall as the expansions a frame spent on it (the tallest frame full height), its serving frame
   * marked. At most the chart's width of frames, the latest ones.
   */
  private drawStrip(log: RequestLog | null, now: number): void {
    const { strip } = this;
    strip.hidden = log === null;
    if (!log) return;
    const ctx = strip.getContext('2d')!;
    const [w, h] = [strip.width, strip.height];
    ctx.clearRect(0, 0, w, h);
    const last = log.servedFrame ?? now;
    const first = Math.max(log.queuedFrame, last - w + 1);
    const spent = new Map<number, number>();
    for (let i = 0; i + 1 < log.slices.length; i += 2) spent.set(log.slices[i], log.slices[i + 1]);
    const most = Math.max(1, ...spent.values());
    for (let frame = first; frame <= last; frame++) {
      const x = frame - first;
      const n = spent.get(frame) ?? 0;
      ctx.fillStyle = css(COLOURS.waiting, 0.35);
      ctx.fillRect(x, h - 3, 1, 3);
      if (n > 0) {
        const bar = Math.max(2, ((h - 4) * n) / most);
        ctx.fillStyle = css(COLOURS['queue-head']);
        ctx.fillRect(x, h - 3 - bar, 1, bar);
      }
    }
    if (log.servedFrame !== null) {
      ctx.fillStyle = css(COLOURS.arrived);
      ctx.fillRect(Math.min(w - 2, last - first), 0, 2, h);
    }
    strip.dataset.frames = String(last - first + 1);
  }
}
