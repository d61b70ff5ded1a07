// The note under the heuristic and its "h follows the costs" switch: every heuristic is multiplied by the
// cheapest step on the map (the core's rule, `SearchParams::h_scale_tenths`), and the note says so when that
// is not plain's 1; switched off, h counts every step at 1 and the note says what that costs (looser, or an
// overestimate when a road is cheaper). A chunk fetched once the page has drawn, with its own words.
import type { App } from './app.js';
import { chunkStrings, t } from './i18n/index.js';
import { TERRAIN_CODES } from './types.js';

const EN = {
  'heuristic.scale-down':
    'h × {scale}: the cheapest step on this map is {terrain}, so h counts every step at {scale} and never overestimates.',
  'heuristic.scale-up':
    'h × {scale}: the cheapest step on this map is {terrain}, so h counts every step at {scale}: a tighter estimate, fewer expansions, still optimal.',
  'heuristic.unscaled-over':
    '⚠ h counts every step at 1, but a step onto {terrain} costs {cost}: h can overestimate, so even w = 1 may miss the optimal path.',
  'heuristic.unscaled-weak':
    'h counts every step at 1, though the cheapest step here ({terrain}) costs {cost}: a looser estimate, so A* expands more, as the article found.',
};

const ZH: typeof EN = {
  'heuristic.scale-down':
    'h × {scale}：这张地图上最便宜的一步是{terrain}，h 按 {scale} 计算每一步，因而从不高估。',
  'heuristic.scale-up':
    'h × {scale}：这张地图上最便宜的一步是{terrain}，h 按 {scale} 计算每一步：估计更紧，扩展更少，仍然最优。',
  'heuristic.unscaled-over':
    '⚠ h 按 1 计算每一步，但走进{terrain}的一步只需 {cost}：h 可能高估，即使 w = 1 也可能错过最优路径。',
  'heuristic.unscaled-weak':
    'h 按 1 计算每一步，而这里最便宜的一步（{terrain}）要 {cost}：估计更松，A* 扩展得更多，正如文章所见。',
};

type HScaleKey = keyof typeof EN;
const hScaleText = chunkStrings(EN, ZH);

/** Both tables, for the key test. */
export const TABLES = { en: EN, zh: ZH };

/** The passable terrains with their codes, in code order. */
const PASSABLE = (['plain', 'forest', 'swamp', 'road'] as const).map((terrain) => [TERRAIN_CODES[terrain], terrain] as const);

export function installHScale(app: App): void {
  const note = document.getElementById('h-scale');
  const follows = document.getElementById('h-follows') as HTMLInputElement | null;
  if (!note || !follows) return; // an embed without the heuristic's control
  const show = () => {
    const usesH = app.pg.fWeight() !== 0;
    const unscaled = app.settings().unscaledH;
    follows.checked = !unscaled;
    follows.disabled = !usesH;
    // The cheapest terrain on the map (the first by code among equals), to name it and its cost.
    const facts = app.mapFacts();
    const present = PASSABLE.filter(([code]) => facts.present[code]).map(([, terrain]) => terrain);
    const name = present.reduce((best, terrain) => (facts.costs[terrain] < facts.costs[best] ? terrain : best), present[0] ?? 'plain');
    const cheapest = facts.costs[name];
    const values = { scale: app.pg.heuristicScale() / 10, terrain: t(`terrain.${name}`).toLowerCase(), cost: cheapest / 10 };
    const key: HScaleKey | null = unscaled
      ? cheapest < 10 ? 'heuristic.unscaled-over' : cheapest > 10 ? 'heuristic.unscaled-weak' : null
      : cheapest < 10 ? 'heuristic.scale-down' : cheapest > 10 ? 'heuristic.scale-up' : null;
    note.hidden = key === null || !usesH;
    note.classList.toggle('warning', key === 'heuristic.unscaled-over');
    note.textContent = key === null ? '' : hScaleText(key, values);
  };
  follows.addEventListener('change', () => {
    if (app.changeSettings({ unscaledH: !follows.checked })) app.userChanged();
    show();
  });
  app.on('settings', show);
  app.on('map', show);
  show();
}
