// The map's penalties as the page reads them (www/penalties/, compare mode's pane): the facade returns plain
// numbers (hug and danger in tenths, then x, y, radius of each watcher), which cost the first download
// nothing to carry; this turns them into the generated `Penalties` shape, outside the first download.
import type { Playground } from '../bridge.js';
import type { Penalties } from '../generated/core.js';

/** `pg.penalties()`: the map's wall-hugging penalty and watchers (tenths). */
export function penaltiesOf(pg: Playground): Penalties {
  const [hugTenths, dangerTenths, ...rest] = pg.penalties();
  const watchers = [];
  for (let i = 0; i + 2 < rest.length; i += 3) watchers.push({ x: rest[i], y: rest[i + 1], radius: rest[i + 2] });
  return { hugTenths, dangerTenths, watchers };
}
