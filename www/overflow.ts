// The embed's control bar kept small: it may wrap onto a few rows (a quarter of the frame's height, at
// least one row), and the controls that do not fit go, last first, into a "More controls" panel that
// opens over the map from a ⋯ button at the end of the bar. The controls are moved, not copied, so
// their listeners and ids stay; the bar is refitted when the frame's size changes, and shrunk again when
// a control grows. The badge is not a control: it stays in the bar, after the controls.
import { t } from './i18n/index.js';

/** The bar may take this share of the frame's height... */
const BAR_SHARE = 0.25;
/** ...but always at least one row of this height (CSS px). */
const ONE_ROW_PX = 44;

export function installBarOverflow(bar: HTMLElement): void {
  const link = bar.querySelector('#standalone');
  // The badge stays in the bar (a lesson's "watch the badge" must not hide behind ⋯), after the controls.
  const badge = bar.querySelector<HTMLElement>(':scope > [data-testid="badge"]');
  const controls = Array.from(bar.children).filter((e): e is HTMLElement => e !== link && e !== badge && e instanceof HTMLElement);
  if (controls.length === 0) return;

  const more = document.createElement('div');
  more.className = 'bar-more';
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'more-controls';
  button.textContent = '⋯';
  button.dataset.help = 'help.more';
  button.setAttribute('aria-label', t('ctl.more'));
  button.setAttribute('aria-controls', 'more-panel');
  const panel = document.createElement('div');
  panel.id = 'more-panel';
  panel.className = 'bar-more-panel';
  panel.setAttribute('role', 'group');
  panel.setAttribute('aria-label', t('ctl.more'));
  more.append(button, panel);
  bar.insertBefore(more, link);

  const open = (yes: boolean) => {
    panel.hidden = !yes;
    button.setAttribute('aria-expanded', String(yes));
  };
  open(false);
  button.addEventListener('click', () => open(panel.hidden !== false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      open(false);
      button.focus();
    }
  });
  document.addEventListener('pointerdown', (event) => {
    if (!panel.hidden && !more.contains(event.target as Node)) open(false);
  });

  const tooTall = () => bar.getBoundingClientRect().height > Math.max(ONE_ROW_PX, window.innerHeight * BAR_SHARE);
  /** Moves the bar's last controls into the panel until the bar is short enough. */
  const shrink = () => {
    for (let i = controls.length - 1; i >= 0 && tooTall(); i--) {
      if (controls[i].parentElement !== bar) continue;
      more.hidden = false;
      panel.prepend(controls[i]);
    }
  };
  /** Starts over from every control in the bar (the frame's size changed). */
  const fit = () => {
    for (const control of controls) bar.insertBefore(control, more);
    if (badge) bar.insertBefore(badge, more);
    more.hidden = true;
    shrink();
    if (more.hidden) open(false);
  };
  /** Runs `change` and gives the focus back to the control that had it (moving an element drops it). */
  const keepingFocus = (change: () => void) => {
    const active = document.activeElement;
    change();
    if (active instanceof HTMLElement && active !== document.activeElement) active.focus({ preventScroll: true });
  };
  // A control that grew (Play became Pause) can wrap the bar onto another row: shrink a frame later, not
  // inside the observer's callback, since moving controls resizes the bar again.
  let queued = 0;
  new ResizeObserver(() => {
    queued ||= requestAnimationFrame(() => {
      queued = 0;
      keepingFocus(shrink);
    });
  }).observe(bar);
  window.addEventListener('resize', () => keepingFocus(fit));
  fit();
}
