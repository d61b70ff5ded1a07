// The panel's named parts (Learn, Search, Map, Share & embed): the buttons at the top of the panel scroll
// the page to each part, and the button of the part in view is marked (aria-current).
export function installPanelParts(): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('.parts-nav [data-part]')];
  const partOf = (b: HTMLButtonElement) => document.getElementById(`part-${b.dataset.part}`);
  for (const b of buttons) b.addEventListener('click', () => partOf(b)?.scrollIntoView({ block: 'start' }));
  const mark = () => {
    // The part whose top is nearest above the panel's sticky buttons (or the first).
    const line = (document.querySelector('.parts-nav')?.getBoundingClientRect().bottom ?? 0) + 8;
    let current = buttons[0];
    for (const b of buttons) if ((partOf(b)?.getBoundingClientRect().top ?? Infinity) <= line) current = b;
    for (const b of buttons) {
      if (b === current) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    }
  };
  addEventListener('scroll', mark, { passive: true });
  mark();
}
