// The words of the penalties chunk (www/penalties/), in English and Chinese: they ship with it, not in the
// first visit's table (www/i18n/). `penaltyText` is their t().
import { chunkStrings } from '../i18n/index.js';

const EN = {
  'penalties.legend': 'Penalties',
  'penalties.hug': 'Wall hugging +',
  'penalties.danger': 'Danger a watcher +',
  'penalties.turn': 'Each turn +',
  'penalties.place': 'Place watchers',
  'penalties.radius': 'Watcher sees (cells)',
  'penalties.clear': 'Remove watchers',
  'penalties.in-h': 'Danger in h, not in the cost (article 003’s way)',
  'penalties.note': 'Extra cost for entering a cell beside a wall, for each watcher that sees it (its circle), and for each change of direction.',
  'penalties.bad': 'Not a number from 0 to {max} in steps of 0.1: the penalties stay as they were.',
  'penalties.bad-radius': 'A watcher sees 1 to 64 cells far (a whole number): no watcher placed.',
  'penalties.placed': 'Watcher at ({x}, {y}), seeing {r} cells far: each cell in its circle costs {danger} more to enter.',
  'penalties.removed': 'Watcher at ({x}, {y}) removed.',
  'legend.watcher': 'watcher: entering its circle costs +{danger}',
  'stat.beside-walls': 'path cells beside a wall',
  'legend.turn': 'turn: costs +{turn}',
} as const;

const ZH: Record<keyof typeof EN, string> = {
  'penalties.legend': '惩罚代价',
  'penalties.hug': '贴墙惩罚 +',
  'penalties.danger': '每个守卫的危险 +',
  'penalties.turn': '每次转弯 +',
  'penalties.place': '放置守卫',
  'penalties.radius': '守卫视野（格）',
  'penalties.clear': '移除所有守卫',
  'penalties.in-h': '把危险加到 h 上，而不是代价里（文章 003 的做法）',
  'penalties.note': '走进紧贴墙壁的格子要多付代价；每有一个守卫看见该格子（在它的圆内），也要多付代价；每改变一次方向，还要多付代价。',
  'penalties.bad': '不是 0 到 {max} 之间、以 0.1 为单位的数：惩罚代价保持不变。',
  'penalties.bad-radius': '守卫的视野是 1 到 64 格（整数）：没有放置守卫。',
  'penalties.placed': '守卫位于 ({x}, {y})，视野 {r} 格：走进它圆内的每个格子要多付 {danger}。',
  'penalties.removed': '已移除位于 ({x}, {y}) 的守卫。',
  'legend.watcher': '守卫：走进它的圆内要多付 {danger}',
  'stat.beside-walls': '路径上贴墙的格子',
  'legend.turn': '转弯：多付 {turn}',
};

export type PenaltyKey = keyof typeof EN;

/** The string of `key` in the page's language, its {name} placeholders filled. */
export const penaltyText = chunkStrings(EN, ZH);

/** Both tables, for the key test. */
export const TABLES = { en: EN, zh: ZH };
