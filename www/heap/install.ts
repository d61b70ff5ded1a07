// The heap panel's switch, in the first bundle: the panel itself (www/heap/panel.ts, its model and its
// drawing) is a chunk loaded the first time the card is opened, and does no work while it is closed (the
// core's open-list log is off then).
import { errorText, type App } from '../app.js';
import type { InspectorLink } from '../inspector.js';
import { t } from '../i18n/index.js';
import type { HeapPanelControl } from './panel.js';


export function installHeapPanel(app: App, inspector: InspectorLink): void {
  const card = document.querySelector<HTMLDetailsElement>('[data-testid="heap"]');
  const body = card?.querySelector<HTMLElement>('.heap-body');
  if (!card || !body) return;
  let panel: Promise<HeapPanelControl> | null = null;
  card.addEventListener('toggle', () => {
    if (card.open) {
      panel ??= import('./panel.js').then((m) => m.createHeapPanel(app, inspector, card, body));
      panel.then(
        (p) => {
          if (card.open) p.open();
        },
        (err: unknown) => {
          panel = null;
          body.textContent = t('heap.could-not-load', { message: errorText(err) });
        },
      );
    } else {
      void panel?.then((p) => p.close());
    }
  });
}
