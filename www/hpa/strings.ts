// The words of the chunk with HPA*, JPS+, Theta* and ARA* (www/hpa/), in English and Chinese: they ship with it, not in
// the first visit's table (www/i18n/). `hpaText` is their t(). The module's messages name the algorithm
// chosen ({algorithm}: HPA*, JPS+, Theta* or ARA*).
import { chunkStrings } from '../i18n/index.js';

const EN = {
  'module.loading': 'Fetching {algorithm} (a second module)…',
  'module.loaded': '{algorithm} loaded: map, settings and undo kept.',
  'module.failed': '{algorithm} could not be loaded ({message}): {title} and the map stay.',
  'module.loading-plain': 'Fetching {algorithm}…',
  'module.failed-plain': 'The second module could not be loaded ({message}): {title} and the map stay.',
  'module.second': 'the second module (map files, the turn penalty, more algorithms)',
  'hpa.rebuilt': 'HPA*: clusters rebuilt: {n}.',
  'hpa.line': 'HPA* (K = {k}): preprocessing {ms} ms · abstract expansions: {abstract} · refined segments: {segments}',
  'hpa.few-clusters': 'Only {n} clusters here: a hierarchy pays on large maps (lesson 14 shows a 128 × 96 map of rooms); its abstract path is drawn straight between entrances, not walked.',
  'ctl.cluster': 'Cluster size',
  'legend.cluster-borders': 'cluster borders (HPA*)',
  'legend.abstract-edges': 'abstract edges',
  'legend.abstract-nodes': 'entrance nodes (filled: expanded)',
  'legend.abstract-path': 'abstract path',
} as const;

const ZH: Record<keyof typeof EN, string> = {
  'module.loading': '正在获取 {algorithm}（第二个模块）…',
  'module.loaded': '{algorithm} 已加载：地图、设置和撤销历史均已保留。',
  'module.failed': '无法加载 {algorithm}（{message}）：仍使用 {title}，地图不变。',
  'module.loading-plain': '正在获取{algorithm}…',
  'module.failed-plain': '无法加载第二个模块（{message}）：仍使用 {title}，地图不变。',
  'module.second': '第二个模块（地图文件、转弯惩罚、更多算法）',
  'hpa.rebuilt': 'HPA*：重建的簇：{n}。',
  'hpa.line': 'HPA*（K = {k}）：预处理 {ms} 毫秒 · 抽象扩展：{abstract} · 细化路段：{segments}',
  'hpa.few-clusters': '这里只有 {n} 个簇：分层只在大地图上才划算（第 14 课用一张 128 × 96 的房间地图演示）；抽象路径在入口之间画成直线，并不是实际走的路。',
  'ctl.cluster': '簇大小',
  'legend.cluster-borders': '簇边界（HPA*）',
  'legend.abstract-edges': '抽象边',
  'legend.abstract-nodes': '入口节点（实心：已扩展）',
  'legend.abstract-path': '抽象路径',
};

export type HpaKey = keyof typeof EN;

/** The string of `key` in the page's language, its {name} placeholders filled. */
export const hpaText = chunkStrings(EN, ZH);

/** Both tables, for the key test. */
export const TABLES = { en: EN, zh: ZH };
