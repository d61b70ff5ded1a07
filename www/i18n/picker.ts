// The language menu in the toolbar: choosing a language reopens the page with `?lang=` set (the map, its
// settings and step travel in the fragment, so nothing is lost), which links and embed code then keep.
// It sits at the end of the share buttons' row.
import { currentLanguage } from './index.js';

export function installLanguagePicker(): void {
  const select = document.getElementById('language') as HTMLSelectElement | null;
  if (!select) return;
  select.value = currentLanguage();
  // Beside the share buttons: on a phone that row scrolls sideways instead of taking a row of its own.
  document.getElementById('share-controls')?.append(select);
  select.hidden = false;
  select.addEventListener('change', () => {
    const url = new URL(location.href);
    url.searchParams.set('lang', select.value);
    location.assign(url.href);
  });
}
