// Where a floating box (a control's tooltip, the guided start's dialog) goes: beside the element it talks
// about, never over it. Centred on the element horizontally and kept `gap` px inside the window; below the
// element if it fits there, else above it, else against the window's bottom edge.

/** Places the fixed-position `box` beside `anchor`, `gap` CSS px away and at least `gap` px from the window's edges. */
export function placeBeside(box: HTMLElement, anchor: HTMLElement, gap: number): void {
  const target = anchor.getBoundingClientRect();
  box.style.left = '0px';
  box.style.top = '0px';
  const own = box.getBoundingClientRect();
  const left = Math.min(Math.max(gap, target.left + target.width / 2 - own.width / 2), window.innerWidth - own.width - gap);
  const below = target.bottom + gap;
  const above = target.top - gap - own.height;
  let top: number;
  if (below + own.height <= window.innerHeight - gap) top = below;
  else if (above >= gap) top = above;
  else top = Math.max(gap, window.innerHeight - own.height - gap);
  box.style.left = `${Math.max(gap, left)}px`;
  box.style.top = `${top}px`;
}
