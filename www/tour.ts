// The guided start's dialog: five short steps that follow the demo map's story and run its experiment
// (what the colours mean, Play, smooth, w, then the price of w = 2.5 on the badge: "+39%" on the demo map),
// each in a small non-modal dialog placed beside the control it talks about, never over it. Reaching the
// last step sets w to 2.5 (one undo step, as a move of the slider would be); its text quotes the numbers
// the page shows at that w and follows them, whenever the result comes and as walls are painted. When it
// opens by itself, and the "Take the tour" button: www/tour-start.ts, which fetches this module as a chunk
// of its own when the tour opens.
//
// Keyboard: the focus moves into the dialog when it opens (its Next button), Tab stays inside it, Escape
// closes it and the focus goes back where it was. Screen readers: role="dialog" labelled by its title and
// described by its text. Closing it (×, Escape, or Done) calls the `finished` given to openTour (www/tour-start.ts
// remembers it).
import './tour.css';
import { placeBeside } from './place-beside.js';
import { tourText, type TourKey } from './tour-strings.js';

/** Gap between the control and the dialog, and the dialog's margin from the window's edges (CSS px). */
const GAP_PX = 10;

interface TourStep {
  /** The element the step points at (the first one shown). */
  target: string;
  title: TourKey;
  text: TourKey;
  /** What the step does when it is shown (the experiment), before its text is filled in. */
  act?: () => void;
  /**
   * The text quotes the page's numbers at the experiment's w (`shownNumbers`) and follows them while the
   * step is shown and w is still that: the result of the w it set may be shown in a later task (a solve
   * in slices, or put off on a slow machine), and the reader may paint walls with the tour open, as the
   * step invites. Once the reader moves w, the text keeps what it said about w = 2.5 (its words, "never
   * more than w times it", are about a w above 1).
   */
  quotes?: true;
}

/** The article's experiment: the weight the last step sets. */
const EXPERIMENT_W = '2.5';

/** Moves the w slider to `value` as a reader would (the page re-solves and records an undo step). */
function setW(value: string): void {
  const w = document.querySelector<HTMLInputElement>('#w');
  if (!w || w.value === value) return;
  w.value = value;
  w.dispatchEvent(new Event('input', { bubbles: true }));
  w.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Where the page shows the numbers the last step quotes. */
const QUOTED_STATS = ['[data-stat="expanded"]', '[data-stat="cost"]', '[data-stat="over-optimal"]'];

/** The numbers the last step quotes, as the page shows them now. */
function shownNumbers(): Record<string, string> {
  const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? '–';
  const [expanded, cost, over] = QUOTED_STATS.map(text);
  return { w: EXPERIMENT_W, expanded, cost, over };
}

const STEPS: readonly TourStep[] = [
  { target: '.stage-area .legend', title: 'tour.colours.title', text: 'tour.colours.text' },
  { target: '#play', title: 'tour.play.title', text: 'tour.play.text' },
  { target: '[data-control="smooth"]', title: 'tour.smooth.title', text: 'tour.smooth.text' },
  { target: '[data-control="w"]', title: 'tour.w.title', text: 'tour.w.text' },
  { target: '[data-testid="badge"]', title: 'tour.price.title', text: 'tour.price.text', act: () => setW(EXPERIMENT_W), quotes: true },
];

class Tour {
  private readonly box = document.createElement('div');
  private readonly title = document.createElement('h2');
  private readonly text = document.createElement('p');
  private readonly count = document.createElement('span');
  private readonly back = document.createElement('button');
  private readonly next = document.createElement('button');
  private readonly close = document.createElement('button');
  private index = 0;
  private target: HTMLElement | null = null;
  /** Rewrites a quoting step's text when the numbers it quotes change (see TourStep.quotes). */
  private readonly follow = new MutationObserver(() => {
    if (document.querySelector<HTMLInputElement>('#w')?.value === EXPERIMENT_W) this.quote();
  });
  private returnFocus: HTMLElement | null = null;

  constructor(private readonly finished: () => void) {
    const { box, title, text, count, back, next, close } = this;
    box.className = 'tour';
    box.dataset.testid = 'tour';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'false');
    title.id = 'tour-title';
    text.id = 'tour-text';
    box.setAttribute('aria-labelledby', title.id);
    box.setAttribute('aria-describedby', text.id);
    count.className = 'tour-count';
    for (const button of [back, next, close]) button.type = 'button';
    back.textContent = tourText('tour.back');
    next.className = 'primary';
    close.className = 'tour-close';
    close.textContent = '×';
    close.setAttribute('aria-label', tourText('tour.close'));
    back.addEventListener('click', () => this.show(this.index - 1));
    next.addEventListener('click', () => (this.index === STEPS.length - 1 ? this.finish() : this.show(this.index + 1)));
    close.addEventListener('click', () => this.finish());
    const buttons = document.createElement('div');
    buttons.className = 'tour-buttons';
    buttons.append(count, back, next);
    box.append(close, title, text, buttons);
    box.hidden = true;
    box.addEventListener('keydown', (event) => this.key(event));
    document.body.append(box);
    const replace = () => {
      if (!box.hidden && this.target) placeBeside(box, this.target, GAP_PX);
    };
    window.addEventListener('resize', replace);
    window.addEventListener('scroll', replace, { passive: true });
  }

  get open(): boolean {
    return !this.box.hidden;
  }

  start(): void {
    if (!this.open) this.returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    this.box.hidden = false;
    this.show(0);
  }

  private show(index: number): void {
    this.index = Math.max(0, Math.min(STEPS.length - 1, index));
    const step = STEPS[this.index];
    this.target?.classList.remove('tour-target');
    this.target = document.querySelector<HTMLElement>(step.target);
    step.act?.();
    this.title.textContent = tourText(step.title);
    this.follow.disconnect();
    this.quote();
    if (step.quotes) {
      for (const selector of QUOTED_STATS) {
        const shown = document.querySelector(selector);
        if (shown) this.follow.observe(shown, { childList: true, characterData: true, subtree: true });
      }
    }
    this.count.textContent = tourText('tour.count', { n: String(this.index + 1), total: String(STEPS.length) });
    this.back.disabled = this.index === 0;
    this.next.textContent = tourText(this.index === STEPS.length - 1 ? 'tour.done' : 'tour.next');
    this.box.dataset.step = String(this.index + 1);
    if (this.target) {
      this.target.classList.add('tour-target');
      // Scrolled only as far as it takes to show the target: on a phone the map above it stays in view.
      this.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      placeBeside(this.box, this.target, GAP_PX);
    }
    this.next.focus();
  }

  /** Writes the step's text, with the numbers the page shows now. */
  private quote(): void {
    this.text.textContent = tourText(STEPS[this.index].text, shownNumbers());
  }

  /** Closes the tour and says so (`finished`); the focus goes back where it was. */
  finish(): void {
    this.follow.disconnect();
    this.box.hidden = true;
    this.target?.classList.remove('tour-target');
    this.target = null;
    this.finished();
    this.returnFocus?.focus({ preventScroll: true });
  }

  private key(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.finish();
    } else if (event.key === 'Tab') {
      // The focus cycles through the dialog's enabled buttons.
      const focusable = [this.close, this.back, this.next].filter((b) => !b.disabled);
      const at = focusable.indexOf(document.activeElement as HTMLButtonElement);
      const to = (at + (event.shiftKey ? -1 : 1) + focusable.length) % focusable.length;
      event.preventDefault();
      focusable[to].focus();
    }
  }
}

let tour: Tour | null = null;

/** Opens the tour at its first step (one dialog for the page's life); `finished` is called when it closes. */
export function openTour(finished: () => void): void {
  tour ??= new Tour(finished);
  tour.start();
}
