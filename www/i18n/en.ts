// The English strings of the legend, the algorithm-specific stats and the messages about algorithms, in
// one table so that a later translation replaces this module alone. Keys are stable (tests and the
// data-mark / data-stat attributes use the same words); `{name}` placeholders are filled by `t()`.

export const EN = {
  // ---- the legend: one entry per mark the map can show ------------------------------------------------
  'legend.title': 'Legend',
  'legend.open': 'open',
  'legend.closed': 'closed',
  'legend.current': 'being expanded',
  'legend.open-backward': 'open (backward)',
  'legend.closed-backward': 'closed (backward)',
  'legend.meeting': 'frontiers met',
  'legend.scanned': 'scanned by a jump',
  'legend.parent-segments': 'parent pointers',
  'legend.heat': 'expanded first → last',
  'legend.path': 'path',
  'legend.path-dashed': 'grid path (dashed)',
  'legend.smoothed': 'smoothed path',
  'legend.start': 'start',
  'legend.goal': 'goal',
  'legend.wall': 'wall',
  'legend.plain': 'plain (cost {cost})',
  'legend.forest': 'forest ({cost})',
  'legend.swamp': 'swamp ({cost})',
  'legend.cursor': 'keyboard cursor',
  'legend.shades': 'lighter to darker: plain, forest, swamp',

  // ---- stats that only some algorithms have, by the core's detail key ---------------------------------
  'detail.forward-expanded': 'forward expanded',
  'detail.backward-expanded': 'backward expanded',
  'detail.meeting-cost': 'meeting cost',
  'detail.one-way-expanded': 'one-way A* expanded',
  'detail.astar-expanded': 'one-way A* expanded',
  'detail.scanned': 'scanned by jumps',
  'detail.jump-points': 'jump points',
  'detail.los-checks': 'line-of-sight checks',
  'detail.vertices': 'path vertices',
  'detail.grid-length': 'grid path length',
  'detail.smoothed-grid-length': 'smoothed grid length',
  'detail.current-w': 'current w',
  'detail.bound': 'bound (× optimal)',

  // ---- the badge's bound for searches that guarantee none, by algorithm name ---------------------------
  'bound.none': 'no bound',
  'bound.bfs': 'fewest moves, not cheapest',
  'bound.theta': 'any angle: can beat the grid optimum',

  // ---- the Algorithm menu and messages about an algorithm that cannot run -----------------------------
  'algorithm.needs-movement': 'needs {movement}-neighbour movement',
  'algorithm.needs-uniform': 'needs equal step costs',
  'algorithm.why-movement': '{title} needs {movement}-neighbour movement',
  'algorithm.why-uniform': '{title} needs equal step costs: this map has terrain of more than one cost',
  'algorithm.option-unavailable': '{title} — {reason}',
  'algorithm.refused': '{message}. The view stays on {title}.',
  'algorithm.fell-back': '{message}: showing {title} instead.',

  // ---- the expansion budget ---------------------------------------------------------------------------
  'budget.invalid': 'Budget "{text}" is not allowed: give a whole number of expansions from 1, or leave it empty for none.',
  'badge.partial': 'partial path',
  'bound.partial': 'budget used up: to the reached cell closest to the goal',

  // ---- D* Lite: its stats, by the core's detail key ----------------------------------------------------
  'detail.underconsistent-expanded': 'underconsistent expanded',
  'detail.repairs': 'repairs',
  'detail.total-expanded': 'total expanded',
  'detail.fresh-astar-expanded': 'fresh A* expanded',
} as const;

export type StringKey = keyof typeof EN;
