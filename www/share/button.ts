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
