// A control with its label, as the cards that build their fields in code (walk mode, the embed builder)
// lay them out: <label><span>text</span> control</label>.

/** `control` labelled `text` (the label wraps it, so a click on the words reaches the control). */
export function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const label = document.createElement('label');
  const span = document.createElement('span');
  span.textContent = text;
  label.append(span, ' ', control);
  return label;
}
