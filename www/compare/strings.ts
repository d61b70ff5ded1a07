// Compare mode's words (www/compare/), in English and Chinese: they ship with its chunk, not in the first visit's table
// (www/i18n/). `compareText` is their t().
import { chunkStrings } from '../i18n/index.js';

const EN = {
  'compare.toggle-off': 'Stop comparing',
  'compare.title': 'Compare A and B',
  'compare.b-settings': 'Search B',
  'compare.caption': '{pane}: {settings}',
  'compare.difference': 'B − A',
  'compare.b-w': 'w of search B',
  'compare.canvas-b': 'Map of search B, the same map as A: drag to paint, drag S or G to move the start or goal; arrow keys move the cursor, Space paints, S and G place the start and goal',
  'compare.broken': 'The second search in this link (b={text}) could not be read: {problem}. Showing one search.',
  'compare.bad-algorithm': 'no algorithm is called “{value}”',
  'compare.bad-heuristic': 'no heuristic is called “{value}”',
  'compare.bad-w': 'w must be a number from 0 to {max}, not “{value}”',
  'compare.bad-tie-break': 'no tie-break is called “{value}”',
  'compare.bad-parts': 'it has more than four parts (algorithm, heuristic, w, tie-break)',
  'compare.b-refused': 'Search B: {message}. It stays on {title}.',
  'compare.b-note': 'Search B: {message}',
  'compare.time-noise': 'within noise',
  'compare.fewer': '{n} fewer',
  'compare.more': '{n} more',
} as const;

const ZH: Record<keyof typeof EN, string> = {
  'compare.toggle-off': '结束比较',
  'compare.title': '比较 A 与 B',
  'compare.b-settings': '搜索 B',
  'compare.caption': '{pane}：{settings}',
  'compare.difference': 'B − A',
  'compare.b-w': '搜索 B 的 w',
  'compare.canvas-b': '搜索 B 的地图，与 A 是同一张：拖动以绘制，拖动 S 或 G 移动起点或终点；方向键移动光标，空格绘制，S 和 G 放置起点和终点',
  'compare.broken': '无法读取此链接中的第二次搜索（b={text}）：{problem}。只显示一次搜索。',
  'compare.bad-algorithm': '没有名为“{value}”的算法',
  'compare.bad-heuristic': '没有名为“{value}”的启发函数',
  'compare.bad-w': 'w 必须是 0 到 {max} 之间的数，而不是“{value}”',
  'compare.bad-tie-break': '没有名为“{value}”的平局处理方式',
  'compare.bad-parts': '它超过四个部分（算法、启发函数、w、平局处理）',
  'compare.b-refused': '搜索 B：{message}。它仍使用 {title}。',
  'compare.b-note': '搜索 B：{message}',
  'compare.time-noise': '在误差范围内',
  'compare.fewer': '少 {n}',
  'compare.more': '多 {n}',
};

export type CompareKey = keyof typeof EN;

/** The string of `key` in the page's language, its {name} placeholders filled. */
export const compareText = chunkStrings(EN, ZH);

/** Both tables, for the key test. */
export const TABLES = { en: EN, zh: ZH };
