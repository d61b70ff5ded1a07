// The map's penalties as the page reads them (www/penalties/, compare mode's pane): the facade returns plain
// numbers (hug, danger and turn in tenths, then x, y, radius of each watcher), which cost the first
// download nothing to carry; this turns them into the generated `Penalties` shape, outside the first download.
import type { Playground } from '../bridge.js';
import type { Penalties } from '../generated/core.js';

/** `pg.penalties()`: the map's wall-hugging penalty, watchers and turn penalty (tenths). */
export function penaltiesOf(pg: Playground): Penalties {
  const [hugTenths, dangerTenths, turnTenths, ...rest] = pg.penalties();
  const watchers = [];
  for (let i = 0; i + 2 < rest.length; i += 3) watchers.push({ x: rest[i], y: rest[i + 1], radius: rest[i + 2] });
  return { hugTenths, dangerTenths, watchers, turnTenths };
}

/** Sets `p` as `pg`'s penalties (the facade's plain numbers); throws the core's message when refused. */
export function putPenalties(pg: Playground, p: Penalties): void {
  pg.setPenalties(p.hugTenths, p.dangerTenths, p.turnTenths, Uint32Array.from(p.watchers.flatMap((w) => [w.x, w.y, w.radius])));
}
