// Map files in and out: import a Moving AI .map or the project's own text map (optionally with a
// .map.scen, then a problem picker (www/share/problem-picker.ts) whose optimal length is shown next to the
// found cost), or a saved view (.astar); export .map, the own text format, the view file and the canvas as
// PNG. Every file is checked by the core into a NEW Playground (and a scenario into a ScenarioList, kept in
// wasm memory) before anything is replaced, so a bad file leaves the current map as it was. A scenario for
// another map size is refused by the core; one whose lines name another map than the map file opened (of
// the same size) is shown with a warning naming both. User text is only ever set as textContent, and a
// message quotes at most a short prefix of a file name (www/echo.ts).
import type { Playground, ScenarioList } from '../pkg/astar.js';
import type { AppHooks, ViewOptions } from '../hooks.js';
import { Playground as Core, statsOf } from '../bridge.js';
import type { ScenarioProblem } from '../generated/core.js';
import type { Picker } from './picker-slot.js';
import { messageOf, type Keeper } from './keeper.js';
import { loaded } from '../recipe.js';
import { openBytes } from './link.js';
import { count, t } from '../i18n/index.js';
import { compareWithOptimal } from '../compare-optimal.js';
import { echo, echoList } from '../echo.js';

/** Files above this size are refused before being read (the largest map, 2048 × 2048, is about 4 MB). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** One problem of a scenario, as `ScenarioList.problem` gives it. */
type Problem = ScenarioProblem;

function isScenario(name: string): boolean {
  return /\.scen$/i.test(name);
}
/** A map file: a Moving AI `.map`, or the project's own text format (`.txt`, or `.map` by content). */
function isMapFile(name: string): boolean {
  return /\.(map|txt)$/i.test(name);
}
function isViewFile(name: string): boolean {
  return /\.astar$/i.test(name);
}

/** Triggers a download of `data` as `name`. */
export function download(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name without its folders (a scenario names its map as `maps/dao/arena.map` or `arena.map`). */
export function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/**
 * The map names of a scenario's problems that are not `mapName` (each once, in file order). A Moving AI
 * scenario names its map on every line: a scenario opened on another map of the same size is shown, but
 * its optimal lengths are for the map it names, so the page warns.
 */
export function otherMapNames(problems: ScenarioList, mapName: string): string[] {
  const others = new Set<string>();
  for (let position = 0; position < problems.len(); position++) {
    const named = baseName((problems.problem(position) as Problem).map);
    if (named !== mapName) others.add(named);
  }
  return [...others];
}

export class Files {
  /** The size of the map the scenario shown belongs to (null when none is shown). */
  private problemMap: { width: number; height: number } | null = null;
  /**
   * The file name of the map file opened last, with its size: what a scenario opened alone is checked
   * against. Forgotten when another map is shown (a view file here; any change of size, in refresh).
   */
  private openedMap: { name: string; width: number; height: number } | null = null;
  private picked: Problem | null = null;

  constructor(
    private readonly hooks: AppHooks,
    private readonly keeper: Keeper,
    private readonly panel: {
      picker: Picker;
      compare: HTMLElement;
      optimal: HTMLElement;
      found: HTMLElement;
      flag: HTMLElement;
    },
  ) {}

  /** Imports the chosen or dropped files: a .map, a .map with its .scen, a .scen for the current map, or
   * a view file. Anything else, or anything broken, gets a message and changes nothing. */
  async import(files: File[]): Promise<void> {
    try {
      await this.importOrThrow(files);
    } catch (err) {
      this.hooks.showMessage(messageOf(err), 'error');
    }
  }

  private async importOrThrow(files: File[]): Promise<void> {
    if (files.length === 0) return;
    for (const file of files) {
      if (file.size > MAX_FILE_BYTES) {
        throw new Error(t('files.too-big', { name: echo(file.name), size: count(file.size), max: count(MAX_FILE_BYTES) }));
      }
    }
    const maps = files.filter((f) => isMapFile(f.name));
    const scens = files.filter((f) => isScenario(f.name));
    const views = files.filter((f) => isViewFile(f.name));
    const known = maps.length + scens.length + views.length;
    if (known < files.length || maps.length > 1 || scens.length > 1 || views.length > 1 || (views.length && known > 1)) {
      throw new Error(t('files.choose-one', { names: echoList(files.map((f) => f.name), ', ') }));
    }
    if (views.length) {
      const bytes = new Uint8Array(await views[0].arrayBuffer());
      const view = await openOrExplain(views[0].name, () => openBytes(bytes));
      if (!(await this.keeper.load(view))) return;
      this.openedMap = null;
      this.clearProblems();
      this.hooks.showMessage(t('files.opened', { name: echo(views[0].name) }), 'info');
      return;
    }
    // Map files and scenarios are read by the wasm module fetched on demand (the first one lacks the readers).
    if (!(await this.hooks.fullModule())) return;
    let next: Playground | null = null;
    let problems: ScenarioList | null = null;
    try {
      let base: Playground = this.hooks.playground();
      if (maps.length) {
        const text = await readText(maps[0]);
        const current = base;
        const opened = await openOrExplain(maps[0].name, () => readMap(text, current));
        next = opened;
        base = opened;
      }
      if (scens.length) {
        const text = await readText(scens[0]);
        if (isBinary(text)) throw new Error(t('files.scenario-binary', { name: echo(scens[0].name) }));
        const current = base;
        problems = await openOrExplain(scens[0].name, () => current.openScenario(text));
      }
      const mapName = maps.length ? baseName(maps[0].name) : this.openedMapName(base);
      const otherMaps = problems && mapName !== null ? otherMapNames(problems, mapName) : [];
      // Everything read and checked: now replace (the keeper applies the whole view or nothing).
      if (next) {
        const pg = next;
        next = null;
        // Read before the load: a playground re-made in another module is freed by it.
        const opened = { name: baseName(maps[0].name), width: pg.width(), height: pg.height() };
        await this.keeper.load({ playground: pg, options: this.options(), origin: loaded() });
        this.openedMap = opened;
      }
      const problemCount = problems?.len() ?? 0;
      if (problems) {
        const list = problems;
        problems = null;
        this.setProblems(list);
      } else if (maps.length) this.clearProblems();
      const what = echoList([...maps, ...scens].map((f) => f.name), t('files.and'));
      const opened = scens.length
        ? t('files.opened-scenario', { name: what, count: count(problemCount) })
        : t('files.opened', { name: what });
      const warning = otherMaps.length && mapName !== null
        ? t('files.scenario-other-map', { scenario: echoList(otherMaps, t('files.and')), map: echo(mapName) })
        : '';
      this.hooks.showMessage(warning ? `${opened} ${warning}` : opened, 'info');
    } finally {
      next?.free();
      problems?.free();
    }
  }

  /** The name of the map file shown, when the map shown came from one (as far as its size tells). */
  private openedMapName(pg: Playground): string | null {
    const map = this.openedMap;
    return map && map.width === pg.width() && map.height === pg.height() ? map.name : null;
  }

  private options(): ViewOptions {
    return { ...this.hooks.viewOptions(), step: null };
  }

  private setProblems(problems: ScenarioList): void {
    const pg = this.hooks.playground();
    this.problemMap = { width: pg.width(), height: pg.height() };
    this.panel.picker.show(problems);
    this.picked = null;
    this.refresh();
  }

  private clearProblems(): void {
    this.problemMap = null;
    this.picked = null;
    this.panel.picker.clear();
    this.refresh();
  }

  /** Shows `problem`: start and goal on its cells, with the settings its optimal length assumes. */
  async pick(problem: Problem): Promise<void> {
    let next: Playground | null = null;
    try {
      next = this.hooks.playground().withProblem(problem.startX, problem.startY, problem.goalX, problem.goalY);
      const pg = next;
      next = null;
      await this.keeper.load({ playground: pg, options: this.options(), origin: loaded() });
      this.picked = problem;
      this.refresh();
    } catch (err) {
      this.hooks.showMessage(t('files.problem-failed', { index: String(problem.index), message: messageOf(err) }), 'error');
    } finally {
      next?.free();
    }
  }

  /** Re-compares the picked problem's optimal length with the cost found now (after any change). */
  refresh(): void {
    const { compare, optimal, found, flag } = this.panel;
    const pg = this.hooks.playground();
    const sameMap = this.problemMap && pg.width() === this.problemMap.width && pg.height() === this.problemMap.height;
    if (this.openedMap && this.openedMapName(pg) === null) this.openedMap = null;
    if (!sameMap && this.panel.picker.total()) {
      this.clearProblems();
      return;
    }
    const problem = this.picked;
    compare.hidden = problem === null;
    if (!problem) return;
    const stats = statsOf(pg);
    optimal.textContent = String(problem.optimal);
    const matches = stats.cost !== null && Core.matchesOptimal(problem.optimal, problem.decimals, stats.cost);
    const shown = compareWithOptimal(problem.optimal, problem.decimals, stats.cost, matches);
    found.textContent = shown.found;
    flag.textContent = shown.text;
    flag.dataset.matches = String(matches);
    compare.dataset.matches = String(matches);
  }

  exportMovingAiMap(): void {
    download('astar-playground.map', this.hooks.playground().toMovingAiMap(), 'text/plain');
  }

  exportTextMap(): void {
    download('astar-playground.txt', this.hooks.playground().toTextMap(), 'text/plain');
  }

  exportView(): void {
    this.keeper.fileBytes().then(
      (bytes) => download('astar-playground.astar', bytes.slice().buffer, 'application/octet-stream'),
      (err: unknown) => this.hooks.showMessage(messageOf(err), 'error'),
    );
  }

  exportPng(): void {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid"]');
    if (!canvas) {
      this.hooks.showMessage(t('files.no-canvas'), 'error');
      return;
    }
    canvas.toBlob((blob) => {
      if (blob) download('astar-playground.png', blob, 'image/png');
      else this.hooks.showMessage(t('files.png-failed'), 'error');
    }, 'image/png');
  }
}

/**
 * A file's text for the core to read, byte-order mark kept: the core decides what a mark means, for the
 * page as for the command line (`File.text()` would drop one silently). Bytes that are not UTF-8 become
 * U+FFFD, which `isBinary` catches.
 */
async function readText(file: File): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
}

/** True when decoded file text holds bytes no text file has (a NUL, or bytes that are not UTF-8). */
function isBinary(text: string): boolean {
  return text.includes('\u0000') || text.includes('\uFFFD');
}

/**
 * Reads a map file by its content, as `astar` does (the core's `map_format`): the project's own text
 * format (first line "astar-map 1") keeps the current settings; a Moving AI map (first line "type ...")
 * comes with the settings its benchmarks assume; anything else is refused in the core's words. Binary
 * data gets a message naming what this page expects rather than a parser's complaint.
 */
function readMap(text: string, current: Playground): Playground {
  if (isBinary(text)) throw new Error(t('files.map-binary'));
  // The core decides the format, as for `astar`: its error names both formats.
  if (Core.mapFormat(text) === 'own') return current.withTextMap(text);
  return Core.fromMovingAiMap(text);
}

/** Runs `read`, prefixing a thrown message with the file's name. */
async function openOrExplain<T>(name: string, read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    throw new Error(t('files.named', { name: echo(name), message: messageOf(err) }));
  }
}
