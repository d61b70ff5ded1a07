// The scenario problem picker's place in the share row. The picker itself (www/share/problem-picker.ts)
// is a chunk of its own, fetched when the first scenario is shown: most visits never open one. Until it
// has arrived, this slot holds the scenario's list (so `total` is right at once) and an empty, hidden
// placeholder where the picker's element goes.
import type { ScenarioList } from '../pkg/astar.js';
import type { ScenarioProblem } from '../generated/core.js';
import type { ProblemPicker } from './problem-picker.js';

/** What the scenario code (www/share/files.ts) asks of the picker. */
export interface Picker {
  /** Shows `list` (the picker owns it from now on and frees it). */
  show(list: ScenarioList): void;
  /** Hides the picker and frees its list. */
  clear(): void;
  /** The number of problems in the list shown (0 when none). */
  total(): number;
}

export class PickerSlot implements Picker {
  /** Put in the page where the picker goes; replaced by the picker's own element when it arrives. */
  readonly element: HTMLElement;
  private picker: ProblemPicker | null = null;
  /** The list to show once the picker has arrived. */
  private waiting: ScenarioList | null = null;
  private fetching = false;

  /**
   * `onPick` is called with the problem chosen; `onFailure` with the reason when the picker's chunk cannot
   * be fetched (the list is kept, and the next scenario tries again).
   */
  constructor(
    private readonly onPick: (problem: ScenarioProblem) => void,
    private readonly onFailure: (err: unknown) => void,
  ) {
    this.element = document.createElement('div');
    this.element.hidden = true;
  }

  show(list: ScenarioList): void {
    if (this.picker) {
      this.picker.show(list);
      return;
    }
    this.waiting?.free();
    this.waiting = list;
    this.fetch();
  }

  clear(): void {
    if (this.picker) {
      this.picker.clear();
      return;
    }
    this.waiting?.free();
    this.waiting = null;
  }

  total(): number {
    return this.picker ? this.picker.total() : (this.waiting?.len() ?? 0);
  }

  private fetch(): void {
    if (this.fetching) return;
    this.fetching = true;
    import('./problem-picker.js').then(
      ({ ProblemPicker }) => {
        this.picker = new ProblemPicker(this.onPick);
        this.element.replaceWith(this.picker.element);
        const list = this.waiting;
        this.waiting = null;
        if (list) this.picker.show(list);
      },
      (err: unknown) => {
        this.fetching = false;
        this.onFailure(err);
      },
    );
  }
}
