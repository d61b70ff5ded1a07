// The language menu in the toolbar: choosing a language reopens the page with `?lang=` set (the map, its
// settings and step travel in the fragment, so nothing is lost), which links and embed code then keep.
import { currentLanguage } from './index.js';

export function installLanguagePicker(): void {
  const select = document.getElementById('language') as HTMLSelectElement | null;
  if (!select) return;
  select.value = currentLanguage();
  select.addEventListener('change', () => {
    const url = new URL(location.href);
    url.searchParams.set('lang', select.value);
    location.assign(url.href);
  });
}
