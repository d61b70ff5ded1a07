// The share modules' buttons (the toolbar's and the backup notice's): a text button with its help key.

/** A button labelled `label`, with the tooltip `help` (www/help.ts), calling `onClick`. */
export function button(label: string, help: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.dataset.help = help;
  b.addEventListener('click', onClick);
  return b;
}

/**
 * A menu button labelled `label` (tooltip `help`) opening `items` under it: closed again by a choice, by
 * Escape (the focus goes back to the button) and by a click anywhere else.
 */
export function menu(label: string, help: string, items: readonly HTMLElement[]): HTMLDetailsElement {
  const details = document.createElement('details');
  details.className = 'file-menu';
  const summary = document.createElement('summary');
  summary.textContent = label;
  summary.dataset.help = help;
  const list = document.createElement('div');
  list.className = 'menu-items';
  list.append(...items);
  details.append(summary, list);
  list.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('button')) details.open = false;
  });
  details.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return;
    details.open = false;
    summary.focus();
  });
  document.addEventListener('click', (event) => {
    if (details.open && !details.contains(event.target as Node)) details.open = false;
  });
  return details;
}
