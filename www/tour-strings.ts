// The guided start's words (www/tour.ts), in English and Chinese: they ship with its chunk, not in the first visit's table
// (www/i18n/). `tourText` is their t().
import { chunkStrings } from './i18n/index.js';

const EN = {
  'tour.colours.title': 'What the colours mean',
  'tour.colours.text': 'Blue cells are closed (A* has expanded them), rose cells are open (waiting their turn), and the red line is the path it found. Darker shades are forest and swamp, which cost more to cross. The legend names every colour.',
  'tour.play.title': 'Watch the search',
  'tour.play.text': 'Press Play to watch A* expand the cells one by one, from the start S towards the goal G. Step and Back move one expansion at a time.',
  'tour.w.title': 'Make it greedy',
  'tour.w.text': 'Move w above 1: the search trusts its estimate more, expands fewer cells and may take a longer path. Next runs the article\'s experiment: w = 2.5.',
  'tour.price.title': 'The price of greed',
  'tour.price.text': 'At w = {w} the search expanded {expanded} cells and the path costs {cost}: {over} over the optimum, as the badge says, and never more than w times it. Drag w back to 1 for the optimal path; paint walls on the map and watch everything change. The tour is back under "Take the tour".',
  'tour.smooth.title': 'Straighten the path',
  'tour.smooth.text': 'Tick Smooth path: the grid path (dashed) is pulled straight wherever the line of sight allows (solid).',
  'tour.count': '{n} of {total}',
  'tour.back': 'Back',
  'tour.next': 'Next',
  'tour.done': 'Done',
  'tour.close': 'Close the tour',
} as const;

const ZH: Record<keyof typeof EN, string> = {
  'tour.colours.title': '颜色的含义',
  'tour.colours.text': '蓝色格子在关闭列表中（A* 已经扩展过），玫红色格子在开放列表中（等待扩展），红线是找到的路径。颜色较深的是森林和沼泽，穿过它们代价更高。图例列出了每种颜色。',
  'tour.play.title': '观看搜索过程',
  'tour.play.text': '按“播放”，看 A* 从起点 S 向终点 G 一个个地扩展格子。“单步”和“后退”每次前进或后退一次扩展。',
  'tour.w.title': '让搜索更贪心',
  'tour.w.text': '把 w 调到大于 1：搜索更信任估计值，扩展的格子更少，但路径可能更长。下一步就做文章里的实验：w = 2.5。',
  'tour.price.title': '贪心的代价',
  'tour.price.text': 'w = {w} 时搜索扩展了 {expanded} 个格子，路径代价为 {cost}：比最优多 {over}，正如标签所示，而且绝不会超过最优的 w 倍。把 w 拖回 1 可得到最优路径；在地图上画墙，看一切如何变化。点“新手引导”可以再看一遍。',
  'tour.smooth.title': '把路径拉直',
  'tour.smooth.text': '勾选“路径平滑”：网格路径（虚线）在视线允许处被拉直（实线）。',
  'tour.count': '第 {n} 步，共 {total} 步',
  'tour.back': '上一步',
  'tour.next': '下一步',
  'tour.done': '完成',
  'tour.close': '关闭引导',
};

export type TourKey = keyof typeof EN;

/** The string of `key` in the page's language, its {name} placeholders filled. */
export const tourText = chunkStrings(EN, ZH);

/** Both tables, for the key test. */
export const TABLES = { en: EN, zh: ZH };
