// Walk mode's words (www/walk/), in English and Chinese: they ship with its chunk, not in the first
// visit's table (www/i18n/). `walkText` is their t().
import { chunkStrings } from '../i18n/index.js';

const EN = {
  'walk.title': 'Walk (D* Lite)',
  'walk.radius': 'Sight radius',
  'walk.speed': 'Speed (cells/s)',
  'walk.restart': 'Restart walk',
  'walk.stop': 'Stop walking',
  'walk.counts': 'replans: {replans} · D* Lite expanded: {expanded} · A* from scratch at every discovery: {fresh} · steps: {steps}',
  'walk.started': 'Walking with sight radius {radius}: fog hides what the agent has not seen.',
  'walk.arrived': 'The agent reached the goal in {steps} steps, replanning {replans} times.',
  'walk.blocked': 'No path from ({x}, {y}): what the agent saw walls in the goal (or itself). The walk stops here.',
  'legend.fog': 'fog: not seen yet (assumed free)',
  'legend.route': 'route ahead (dashed over the fog)',
  'legend.trail': 'trail walked',
  'legend.agent': 'agent',
  'walk.badge-walking': 'walking',
  'walk.badge-arrived': 'arrived',
  'walk.badge-blocked': 'blocked',
  'walk.badge-replans': '{replans} replans',
} as const;

const ZH: Record<keyof typeof EN, string> = {
  'walk.title': '行走（D* Lite）',
  'walk.radius': '视野半径',
  'walk.speed': '速度（格/秒）',
  'walk.restart': '重新行走',
  'walk.stop': '停止行走',
  'walk.counts': '重新规划：{replans} 次 · D* Lite 扩展：{expanded} · 每次发现都从头运行 A*：{fresh} · 步数：{steps}',
  'walk.started': '以视野半径 {radius} 行走：迷雾遮住智能体尚未看到的格子。',
  'walk.arrived': '智能体走了 {steps} 步到达终点，重新规划 {replans} 次。',
  'walk.blocked': '从 ({x}, {y}) 没有路径：智能体看到的墙围住了终点（或它自己）。行走在此停止。',
  'legend.fog': '迷雾：尚未看到（假定可通行）',
  'legend.route': '前方路线（迷雾上的虚线）',
  'legend.trail': '走过的路',
  'legend.agent': '智能体',
  'walk.badge-walking': '行走中',
  'walk.badge-arrived': '已到达',
  'walk.badge-blocked': '受阻',
  'walk.badge-replans': '重新规划 {replans} 次',
};

export type WalkKey = keyof typeof EN;

/** The string of `key` in the page's language, its {name} placeholders filled. */
export const walkText = chunkStrings(EN, ZH);

/** Both tables, for the key test. */
export const TABLES = { en: EN, zh: ZH };
