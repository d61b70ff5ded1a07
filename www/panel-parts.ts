// The panel's named parts (Learn, Search, Map, Share & embed): the buttons at the top of the panel scroll
// the page to each part, and the button of the part in view is marked (aria-current).
export function installPanelParts(): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('.parts-nav [data-part]')];
  const partOf = (b: HTMLButtonElement) => document.getElementById(`part-${b.dataset.part}`);
  for (const b of buttons) b.addEventListener('click', () => partOf(b)?.scrollIntoView({ block: 'start' }));
  let marked: HTMLButtonElement | null = null;
  const mark = () => {
    // The part whose top is nearest above the panel's sticky buttons (or the first).
    const line = (document.querySelector('.parts-nav')?.getBoundingClientRect().bottom ?? 0) + 8;
    let current = buttons[0];
    for (const b of buttons) if ((partOf(b)?.getBoundingClientRect().top ?? Infinity) <= line) current = b;
    // Only a change of part touches the buttons (scroll events come at every frame of a scroll).
    if (current === marked) return;
    marked?.removeAttribute('aria-current');
    current?.setAttribute('aria-current', 'true');
    marked = current;
  };
  addEventListener('scroll', mark, { passive: true });
  mark();
}
