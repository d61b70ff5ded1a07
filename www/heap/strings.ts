// The heap panel's words (www/heap/), in English and Chinese: they ship with its chunk, not in the first visit's table
// (www/i18n/). `heapText` is their t().
import { chunkStrings } from '../i18n/index.js';

const EN = {
  'heap.variant': 'Arrangement',
  'heap.variant.lazy': 'lazy deletion',
  'heap.variant.decrease-key': 'decrease-key',
  'heap.note': 'Drawn as a binary heap, as in the article (children of index i at 2i + 1 and 2i + 2). The engine\'s own open list is a 4-ary heap, which is faster; its order is total, so both pop the same entries in the same order.',
  'heap.pushes': 'pushes',
  'heap.pops': 'pops',
  'heap.stale-pops': 'stale pops',
  'heap.decrease-keys': 'decrease-keys',
  'heap.said.many': '{expanded} expansions read: {skipped} stale entries popped and skipped, {pushes} pushes.',
  'heap.said.stale': 'Popped {cell}: a stale entry (the cell was pushed again with a better g), skipped.',
  'heap.said.popped': 'Popped {cell} and expanded it.',
  'heap.said.pushed': 'Entries pushed: {pushes}.',
  'heap.said.pushed-decreased': 'Entries pushed: {pushes}; moved up in place (decrease-key): {decreased}.',
  'heap.linked': '{cell}: heap index {indices}.',
  'heap.linked.none': '{cell} has no entry in the heap.',
  'heap.unavailable': '{title} has no single open list of this kind (two frontiers, keys that change, or jumps): the heap panel shows the A* family and A* with dynamic weighting.',
  'heap.waiting': 'The heap fills when the search starts again (Reset, Step or a change).',
  'heap.cell': 'cell',
  'heap.more': '+{count} more entries, not shown.',
  'heap.tie.lower-h': 'tie: lower h',
  'heap.tie.higher-g': 'tie: higher g',
  'heap.tie.first-in': 'tie: first in',
  'heap.tie.last-in': 'tie: last in',
  'heap.said.dormant': 'Faster than {limit} expansions a frame: the heap is rebuilt when the animation stops.',
} as const;

const ZH: Record<keyof typeof EN, string> = {
  'heap.variant': '堆的做法',
  'heap.variant.lazy': '惰性删除',
  'heap.variant.decrease-key': '减键',
  'heap.note': '按文章的样子画成二叉堆（下标 i 的孩子在 2i + 1 和 2i + 2）。引擎自己的开放列表是更快的四叉堆；两者的顺序是全序，因此按相同顺序弹出相同的条目。',
  'heap.pushes': '压入',
  'heap.pops': '弹出',
  'heap.stale-pops': '过时弹出',
  'heap.decrease-keys': '减键',
  'heap.said.many': '已读取 {expanded} 次扩展：弹出并跳过 {skipped} 个过时条目，压入 {pushes} 次。',
  'heap.said.stale': '弹出 {cell}：过时条目（该格子已以更好的 g 再次压入），跳过。',
  'heap.said.popped': '弹出 {cell} 并扩展它。',
  'heap.said.pushed': '压入 {pushes} 个条目。',
  'heap.said.pushed-decreased': '压入 {pushes} 个条目，并就地上移 {decreased} 个（减键）。',
  'heap.linked': '{cell}：堆下标 {indices}。',
  'heap.linked.none': '{cell} 在堆中没有条目。',
  'heap.unavailable': '{title} 没有这种单一的开放列表（两个搜索前沿、会变的键或跳跃）：堆面板显示 A* 家族和动态加权 A*。',
  'heap.waiting': '搜索重新开始时（重置、单步或任何更改）堆会被填满。',
  'heap.cell': '格子',
  'heap.more': '另有 {count} 个条目未显示。',
  'heap.tie.lower-h': '平局：h 小者',
  'heap.tie.higher-g': '平局：g 大者',
  'heap.tie.first-in': '平局：先入',
  'heap.tie.last-in': '平局：后入',
  'heap.said.dormant': '每帧超过 {limit} 次扩展：动画停止时再重建堆。',
};

export type HeapKey = keyof typeof EN;

/** The string of `key` in the page's language, its {name} placeholders filled. */
export const heapText = chunkStrings(EN, ZH);

/** Both tables, for the key test. */
export const TABLES = { en: EN, zh: ZH };
