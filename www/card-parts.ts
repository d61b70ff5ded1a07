// The small DOM builders the modes' cards share (units mode, mesh mode): an element with attributes and text,
// a control with its label, a menu. Imported only by chunks fetched on demand, so it never weighs on the
// first download (Vite puts it in a chunk of its own or beside the first mode that needs it).

/** A `tag` element with `attrs` set and `text` as its text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = ''): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) made.setAttribute(k, v);
  if (text) made.textContent = text;
  return made;
}

/** A label holding `text`, then `control`, then `extra` when given. */
export function labelled(text: string, control: HTMLElement, extra?: HTMLElement): HTMLLabelElement {
  const label = element('label');
  label.append(element('span', {}, text), ' ', control);
  if (extra) label.append(' ', extra);
  return label;
}

/** A menu `id` of `options`, each `[value, text]`. */
export function select(id: string, options: [string, string][]): HTMLSelectElement {
  const menu = element('select', { id });
  for (const [value, text] of options) menu.append(element('option', { value }, text));
  return menu;
}
