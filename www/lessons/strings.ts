// The lessons' words (www/lessons/), in English and Chinese: the gallery and card labels, and for each
// lesson its title, the article statement it shows (`claim`; where the article is wrong, what is true) and
// its two to four sentences (`body`). They ship with the lessons' chunk, not in the first visit's table
// (www/i18n/). The numbers quoted are the page's own, checked where a lesson's `expect` reads them
// (tests/e2e/lessons.test.ts). `lessonText` is their t(); tryText / watchText / targetText word an expect.
import { chunkStrings } from '../i18n/index.js';
import type { Lesson } from './data.js';

const EN = {
  'gallery.title': 'Lessons',
  'gallery.intro': 'Each lesson opens a map with its settings, shows one thing to try and the number to watch. Undo takes you back to what you had.',
  'lesson.label': 'Lesson {number}: {title}',
  close: 'Close',
  'all-lessons': 'All lessons',
  link: 'Link',
  share: 'Link and embed code of this lesson',
  'show-me': 'Show me',
  embed: 'Embed code',
  copy: 'Copy',
  copied: 'Copied.',
  'copy-refused': 'The browser refused the clipboard: select the text and copy it.',
  'try.label': 'Try: ',
  'value.on': 'on',
  'value.off': 'off',
  'watch.label': 'Watch: ',
  'try.w': 'set w to {value}.',
  'try.smooth': 'tick Smooth path.',
  'try.curve': 'tick Curve.',
  'try.algorithm': 'choose {value} as the algorithm.',
  'try.heuristic': 'choose {value} as the heuristic.',
  'try.movement': 'set movement to {value}.',
  'try.budget': 'type {value} as the expansion budget.',
  'try.tie-break': 'break ties by {value}.',
  'try.cost-plain': 'set the cost of plain to {value}.',
  'try.h-follows': 'untick “h follows the costs”.',
  'target': '→ {value}',
  'watched.expanded': '“expanded”',
  'watched.cost': '“path cost”',
  'watched.over-optimal': '“over optimal”',
  'watched.length': '“length”',
  'watched.stale-pops': '“stale pops”',
  'watched.open-peak': '“open peak”',
  'watched.badge': 'the badge by the map',
  'watch.shows': '{stat} shows {expected}.',
  'watch.decreases': '{stat} goes down.',
  'watch.increases': '{stat} goes up.',
  'watch.unchanged': '{stat} stays the same.',
  'watch.keeps': ' {stat} stays at {expected}.',

  'lesson.1.title': 'What A* does',
  'lesson.1.claim': 'Article 000: A* expands the open cell with the smallest f = g + h, where g is the cost so far and h the estimate of what is left.',
  'lesson.1.body': 'The numbers in the cells are f. Open cells wait in the open list, closed cells are done, and the search stops when the goal is taken from the open list: 153 expansions and path cost 31 on the demo map. The weight w makes h count more, so the search rushes at the goal: at w = 2.5 it expands 74 cells, and the path is 39% over optimal.',
  'lesson.2.title': 'BFS, Dijkstra, greedy and A* on one map',
  'lesson.2.claim': 'Article 001’s table: BFS and Dijkstra spread evenly from the start, greedy best-first rushes at the goal without a guarantee, and A* sits in between, optimal when h is admissible.',
  'lesson.2.body': 'Same map, same start and goal. Dijkstra expands 334 cells for the optimal cost 31. BFS expands 310 but counts steps, not costs, and walks through the swamp (cost 43); greedy expands only 28, also for 43. A* expands 153 and still finds 31.',
  'lesson.3.title': 'Heuristics and admissibility',
  'lesson.3.claim': 'Article 001 says Manhattan is safe (if loose) with 8 neighbours and Euclidean is unsafe. It is the other way round when a diagonal step costs √2.',
  'lesson.3.body': 'Manhattan charges 2 for a diagonal step that costs √2, so with 8 neighbours it overestimates: A* expands fewer cells (113 against octile’s 363) and returns a longer path (58.1 against 56.6). Euclidean never overestimates; on 4 neighbours it underestimates and expands far more than Manhattan (631 cells against 88 on this map). Match h to the moves: Manhattan on 4, octile on 8.',
  'lesson.4.title': 'Terrain costs, and why h must follow them',
  'lesson.4.claim': 'Article 000: with grass at 1.5× the cost and h unchanged, A* expanded nearly as much as Dijkstra; multiplying h by 1.25 fixed it.',
  'lesson.4.body': 'Here h is multiplied by the cheapest terrain cost on the map, so it follows the costs by itself. With plain at 2 every step costs at least 2, h doubles with it, A* expands 181 cells (Dijkstra needs 334) and the path stays optimal. The article’s fix works for the same reason: 1.25 is below the cheapest cost 1.5, so h still never overestimates; a factor above the cheapest cost would.',
  'lesson.5.title': 'Weighted A*: the w slider',
  'lesson.5.claim': 'Article 002, figure 1.5 and its table: on the default map w = 1 expands 183 cells for cost 38; w = 2.5 expands 98 and the path costs 53 (+39%).',
  'lesson.5.body': 'Here w = 1 expands 153 cells for cost 31, and w = 2.5 expands 74 for cost 43: the same +39% by other numbers, because this demo map is not the article’s map (it was laid out to follow the article’s proportions, not to copy its cells). Past w = 2 a step into the swamp (cost 5) raises f = g + w·h by 5 − w, a step down and around by 1 + w, so the swamp starts to look cheaper. The bound holds: 43 is within 2.5 × 31.',
  'lesson.6.title': 'Tie-breaking: same cost, different look',
  'lesson.6.claim': 'Article 001: when f ties, take the cell with the lower h; a one-line change that saves many expansions.',
  'lesson.6.body': 'On an open map many cells share the same f. Preferring the lower h runs straight at the goal: 29 expansions. Taking ties in the order they came fans out over the whole band of equal f: 197 expansions. The path costs 28 every time; only the work and the look of the search change.',
  'lesson.7.title': 'The open list as a binary heap',
  'lesson.7.claim': 'Article 002, figure 1.4: a binary heap cannot lower a key in place, so a better entry is pushed again and the old one is skipped when popped (lazy deletion); decrease-key moves the entry up instead.',
  'lesson.7.body': '“Stale pops” counts the old entries popped and skipped. On the demo map with 4 neighbours there are 9; with 8 neighbours a cell is reached along more routes and improved more often, and the stale entries rise several-fold. Open the open-list (heap) card to watch them, and switch it to decrease-key: the same cells come out in the same order, with the entries moved up instead.',
  'lesson.8.title': 'Smoothing: string pulling',
  'lesson.8.claim': 'Article 002: string pulling keeps the farthest path point in sight; on its default map a 38.0 staircase became 6 straight lines, 34.8 long, still around the swamp.',
  'lesson.8.body': 'Here the staircase becomes 5 straight segments, 26.8 long, still around the swamp: a shortcut may not cross terrain dearer than the stretch of path it replaces. The grid path stays drawn dashed under the smoothed one.',
  'lesson.9.title': 'An expansion budget and the partial path',
  'lesson.9.claim': 'Article 002’s exercise: give the search a budget of expansions and, when it runs out, return the path to the reached cell closest to the goal.',
  'lesson.9.body': 'The full search needs 153 expansions. With a budget of 50 it stops at 50 and draws the path to the closest cell it reached; a unit can start walking along it and ask again on the next frame.',
  'lesson.10.title': 'Dynamic weighting',
  'lesson.10.claim': 'Article 002’s exercise: a large weight early and a weight falling to 1 near the goal. Article 003 lets the weight go below 1 near the goal: legal, but it only slows the search.',
  'lesson.10.body': 'Weighted A* at w = 2.5 cuts through the swamp, 39% over optimal. Dynamic weighting lowers the weight from 2.5 to 1 as the estimated distance left shrinks, so the search ends as plain A*: here it finds the optimal 31 with 91 expansions (plain A* needs 153). A weight below 1 only weakens h near the goal: more expansions, nothing gained.',
  'lesson.11.title': 'Jump point search',
  'lesson.11.claim': 'Articles 000 and 001: on a uniform grid jump point search skips symmetric paths and expands far fewer nodes, but it does not work with terrain costs.',
  'lesson.11.body': 'This map has walls only, 8-neighbour moves and octile h. A* expands 363 cells; JPS runs along straight lines and stops only at jump points, where a wall forces a turn: 143 expansions for the same cost 56.6. Paint forest or swamp and JPS is refused: its pruning assumes every straight and every diagonal step costs the same.',
  'lesson.12.title': 'Bidirectional search and its stop rule',
  'lesson.12.claim': 'Article 001: bidirectional search must not stop at the first meeting; it may stop only when the two fronts can no longer beat the best path found.',
  'lesson.12.body': 'This bidirectional A* runs a front from each end, keeps the best meeting seen and stops by that rule, so its path is optimal (31). Two fronts do not halve the work on every map: here it expands 191 cells, more than A*’s 153.',
  'lesson.13.title': 'D* Lite: repairing instead of searching again',
  'lesson.13.claim': 'Article 001: when the map changes only a little, D* Lite reuses the last search instead of starting again.',
  'lesson.13.body': 'D* Lite searches backwards from the goal and its first search does more than A*’s (536 against 88 expansions on this map) for the same path. The payoff comes when the map changes: paint one wall on the path, and the line under the stats compares the repair (a few expansions) with a fresh A* on the edited map (dozens). The Walk button beside the algorithm menu shows it under an agent walking the path.',
  'lesson.14.title': 'HPA*: when hierarchy pays',
  'lesson.14.claim': 'Article 000: hierarchical pathfinding searches between clusters first, then inside them; for large worlds it is nearly a must.',
  'lesson.14.body': 'On this 128 × 96 rooms map A* expands 6,889 cells; HPA* searches the graph of cluster entrances, then refines the few segments it chose: 253 expansions, plus 469 to join start and goal to the graph (“start/goal insertion expanded”), for the same cost 250. On random obstacles it barely pays: on a 128 × 96 random map (20% walls, seed 1) A* needs 502 expansions and HPA* 39 plus 403 for the insertion.',
  'lesson.14.contrast': 'Random obstacles instead',
  'lesson.15.title': 'Theta*: any angle during the search',
  'lesson.15.claim': 'Article 001: Theta* lets a cell’s parent be any ancestor in line of sight, so paths take any angle; when only the look matters, smoothing afterwards is often enough.',
  'lesson.15.body': 'A* with 8 neighbours finds cost 56.6 here; Theta* finds 53.4, below the grid optimum, because its segments are not held to 8 directions. Smoothing straightens a finished grid path instead; Theta* does it during the search and pays a line-of-sight check on every expansion.',
  'lesson.16.title': 'An unreachable goal',
  'lesson.16.claim': 'Article 000: when the goal is walled in, A* keeps filling its open list; a flood fill from the start tells in O(N) that the goal cannot be reached.',
  'lesson.16.body': 'The goal’s room has no door. A* expands all 253 cells it can reach before it knows, exactly as many as BFS: no heuristic helps when there is no path. A flood fill visits the same 253 cells; it pays when many searches share one map, since its regions are computed once.',
  'lesson.17.title': 'A road, and h must follow the costs down too',
  'lesson.17.claim': 'Article 000: when you change the movement costs, h must follow them. Its grass was dearer than plain; a road cheaper than plain is the other half of the rule.',
  'lesson.17.body': 'Going round by the road costs 16.4 (0.7 a step), going straight across costs 19. Here h is multiplied by the cheapest step on the map, 0.7, so it never overestimates, and A* takes the road after 45 expansions. Untick “h follows the costs” and h counts every step at 1: beside the road it overestimates, A* never tries the road and returns the straight path after 20 expansions, 16% over optimal. A dearer terrain only makes an unscaled h loose (lesson 4); a cheaper one makes it wrong.',
  'lesson.18.title': 'A curve must be checked against the walls again',
  'lesson.18.claim': 'Article 000: after string pulling, a Catmull-Rom or Bézier curve makes the path look natural, but a curve bulges where the straight segments did not go, so it must be checked against the walls again.',
  'lesson.18.body': 'A* with 8 neighbours finds cost 14.2 here; pulled straight, the path is 13.6 long in 3 segments. Tick Curve: a curve through the same corners is 13.8 long, a little longer than the straight segments but without their kinks. Curved, the last piece would dip into the wall below it, so it stays straight and is drawn in orange: the page checks every piece of curve against the walls again, and the length beside it says how many pieces stayed straight.',
} as const;

export type LessonKey = keyof typeof EN;

const ZH: Record<LessonKey, string> = {
  'gallery.title': '课程',
  'gallery.intro': '每节课打开一张地图和相应的设置，给出一件要尝试的事和一个要观察的数字。撤销即可回到原来的内容。',
  'lesson.label': '第 {number} 课：{title}',
  close: '关闭',
  'all-lessons': '全部课程',
  link: '链接',
  share: '本课的链接与嵌入代码',
  'show-me': '指给我看',
  embed: '嵌入代码',
  copy: '复制',
  copied: '已复制。',
  'copy-refused': '浏览器拒绝访问剪贴板：请选中文字后手动复制。',
  'try.label': '尝试：',
  'value.on': '开',
  'value.off': '关',
  'watch.label': '观察：',
  'try.w': '把 w 设为 {value}。',
  'try.smooth': '勾选“路径平滑”。',
  'try.curve': '勾选“曲线”。',
  'try.algorithm': '把算法换成 {value}。',
  'try.heuristic': '把启发函数换成 {value}。',
  'try.movement': '把移动方式设为 {value}。',
  'try.budget': '把扩展预算设为 {value}。',
  'try.tie-break': '平局时按“{value}”取。',
  'try.cost-plain': '把平地的代价设为 {value}。',
  'try.h-follows': '取消勾选“h 随代价缩放”。',
  'target': '→ {value}',
  'watched.expanded': '“已扩展”',
  'watched.cost': '“路径代价”',
  'watched.over-optimal': '“超出最优”',
  'watched.length': '“长度”',
  'watched.stale-pops': '“过期弹出”',
  'watched.open-peak': '“开放峰值”',
  'watched.badge': '地图旁的标记',
  'watch.shows': '{stat}显示 {expected}。',
  'watch.decreases': '{stat}下降。',
  'watch.increases': '{stat}上升。',
  'watch.unchanged': '{stat}保持不变。',
  'watch.keeps': '{stat}仍为 {expected}。',

  'lesson.1.title': 'A* 在做什么',
  'lesson.1.claim': '文章 000：A* 每次扩展开放列表中 f = g + h 最小的格子，g 是已花的代价，h 是对剩余代价的估计。',
  'lesson.1.body': '格子里的数字是 f。开放的格子在开放列表中等待，关闭的格子已处理完，终点被取出时搜索结束：在演示地图上扩展 153 次，路径代价 31。权重 w 让 h 的分量更重，搜索便急着奔向终点：w = 2.5 时只扩展 74 个格子，而路径比最优多 39%。',
  'lesson.2.title': '同一张图上的 BFS、Dijkstra、贪心与 A*',
  'lesson.2.claim': '文章 001 的对照表：BFS 和 Dijkstra 从起点均匀铺开，贪心最佳优先直奔终点但没有保证，A* 介于两者之间，h 可采纳时保证最优。',
  'lesson.2.body': '同一张图，同样的起点和终点。Dijkstra 扩展 334 个格子，得到最优代价 31。BFS 扩展 310 个，但它数的是步数而不是代价，径直穿过沼泽（代价 43）；贪心只扩展 28 个，代价同样是 43。A* 扩展 153 个，仍然找到 31。',
  'lesson.3.title': '启发函数与可采纳性',
  'lesson.3.claim': '文章 001 说八邻域下曼哈顿距离安全（只是偏松），欧氏距离不安全。斜走代价为 √2 时恰恰相反。',
  'lesson.3.body': '斜走一步实际代价 √2，曼哈顿距离却按 2 算，所以在八邻域下它会高估：A* 扩展得更少（113 个，对角距离要 363 个），返回的路径却更长（58.1 对 56.6）。欧氏距离从不高估；在四邻域下它低估得多，扩展的格子远多于曼哈顿距离（这张图上 631 对 88）。h 要和移动方式匹配：四邻域用曼哈顿，八邻域用对角距离（octile）。',
  'lesson.4.title': '地形代价，以及 h 为什么要跟着变',
  'lesson.4.claim': '文章 000：草地代价提高到 1.5 倍而 h 不变，A* 扩展的节点几乎和 Dijkstra 一样多；把 h 乘以 1.25 才恢复正常。',
  'lesson.4.body': '这里的 h 会乘以地图上最便宜的地形代价，所以它自动跟着代价变化。平地代价为 2 时每一步至少花 2，h 随之加倍，A* 扩展 181 个格子（Dijkstra 要 334 个），路径仍然最优。文章的修正有效也是同一个道理：1.25 小于最便宜的代价 1.5，h 仍然不会高估；乘数一旦超过最便宜的代价就会高估。',
  'lesson.5.title': '加权 A*：w 滑块',
  'lesson.5.claim': '文章 002 的图 1.5 和它的表：默认地图上 w = 1 扩展 183 个格子，代价 38；w = 2.5 扩展 98 个，路径代价 53（+39%）。',
  'lesson.5.body': '这里 w = 1 扩展 153 个格子，代价 31；w = 2.5 扩展 74 个，代价 43：同样是 +39%，数字却不同，因为这张演示地图不是文章里那张（它按文章的比例布置，并没有照抄格子）。w 超过 2 后，走进沼泽（代价 5）一步让 f = g + w·h 增加 5 − w，向下绕行一步增加 1 + w，于是沼泽看起来更便宜。上界依然成立：43 不超过 2.5 × 31。',
  'lesson.6.title': '平局处理：代价相同，样子不同',
  'lesson.6.claim': '文章 001：f 相同时优先取 h 更小的格子；一行改动就能省下许多扩展。',
  'lesson.6.body': '开阔地图上很多格子的 f 相同。优先取 h 小的格子会笔直冲向终点：扩展 29 次。按进入顺序处理平局则会铺满整条等 f 带：扩展 197 次。每次路径代价都是 28，变的只是工作量和搜索的样子。',
  'lesson.7.title': '用二叉堆做开放列表',
  'lesson.7.claim': '文章 002 的图 1.4：二叉堆不能原地减小键值，于是把更好的条目再压入一次，旧条目弹出时跳过（惰性删除）；减键（decrease-key）则把条目就地上移。',
  'lesson.7.body': '“过期弹出”统计被弹出并跳过的旧条目。演示地图在四邻域下有 9 个；换成八邻域后，一个格子能从更多路线到达、被改进得更频繁，过期条目成倍增加。打开“开放列表（堆）”卡片观察它们，再切换到减键：同样的格子按同样的顺序弹出，只是条目改为就地上移。',
  'lesson.8.title': '路径平滑：拉绳法',
  'lesson.8.claim': '文章 002：拉绳法（string pulling）保留视线内最远的路径点；在文章的默认地图上，长 38.0 的台阶路径变成 6 段直线，总长 34.8，仍从沼泽下方绕过。',
  'lesson.8.body': '这里台阶路径变成 5 段直线，总长 26.8，仍然绕开沼泽：捷径经过的地形不能比它替换的那段路径更贵。网格路径仍以虚线画在平滑路径下面。',
  'lesson.9.title': '扩展预算与部分路径',
  'lesson.9.claim': '文章 002 的练习：给搜索一个扩展次数的预算，用完时返回通往离终点最近的已到达格子的路径。',
  'lesson.9.body': '完整搜索需要扩展 153 次。预算为 50 时，搜索在第 50 次扩展后停下，画出通往已到达格子中离终点最近者的路径；单位可以先沿它走，下一帧再接着算。',
  'lesson.10.title': '动态权重',
  'lesson.10.claim': '文章 002 的练习：开始时用大权重，接近终点时降到 1。文章 003 让权重在终点附近降到 1 以下：这样做合法，但只会让搜索变慢。',
  'lesson.10.body': 'w = 2.5 的加权 A* 径直穿过沼泽，比最优多 39%。动态权重随估计的剩余距离缩短，把权重从 2.5 降到 1，搜索的最后阶段就是普通 A*：这里它扩展 91 次就找到最优的 31（普通 A* 要 153 次）。权重低于 1 只会削弱终点附近的 h：扩展更多，一无所获。',
  'lesson.11.title': '跳点搜索（JPS）',
  'lesson.11.claim': '文章 000 和 001：在代价均匀的网格上，跳点搜索跳过对称路径，扩展的节点少得多，但有地形代价时就用不了。',
  'lesson.11.body': '这张图只有墙，八邻域移动，h 用对角距离。A* 扩展 363 个格子；JPS 沿直线跳跃，只在跳点（墙迫使转向的地方）停下：扩展 143 次，代价同样是 56.6。画上森林或沼泽，JPS 就会被拒绝：它的剪枝假设每一步直走、每一步斜走的代价都相同。',
  'lesson.12.title': '双向搜索及其终止条件',
  'lesson.12.claim': '文章 001：双向搜索不能在第一次相遇时就停；只有当两个方向都已不可能找到比当前最佳路径更短的路时才能停。',
  'lesson.12.body': '这里的双向 A* 从两端各推进一个前沿，记下见过的最佳相遇点，按这条规则停止，所以路径是最优的（31）。两个前沿并不是在每张图上都能省一半工作：这里它扩展 191 次，比 A* 的 153 次还多。',
  'lesson.13.title': 'D* Lite：修补而不是重新搜索',
  'lesson.13.claim': '文章 001：地图只改动一点时，D* Lite 复用上一次搜索，而不是从头再来。',
  'lesson.13.body': 'D* Lite 从终点往回搜索，第一次搜索比 A* 做得更多（这张图上 536 对 88 次扩展），路径相同。好处在地图改变时才出现：在路径上画一格墙，统计下方的一行会把修补（几次扩展）与在改动后的地图上重新做一次 A*（几十次）相比。算法菜单旁的“行走”按钮则让一个沿路径行走的角色来展示它。',
  'lesson.14.title': 'HPA*：分层什么时候划算',
  'lesson.14.claim': '文章 000：分层寻路先在区块之间搜索，再在区块内部细化；对大型世界几乎是必备的。',
  'lesson.14.body': '在这张 128 × 96 的房间地图上，A* 扩展 6,889 个格子；HPA* 先搜索区块入口组成的图，再细化选中的几段：扩展 253 次，另加 469 次把起点和终点接入入口图（“起点/终点插入扩展”），代价同样是 250。在随机障碍上它几乎不划算：在 128 × 96 的随机地图（20% 墙，种子 1）上 A* 需要扩展 502 次，HPA* 则是 39 次再加接入的 403 次。',
  'lesson.14.contrast': '换成随机障碍',
  'lesson.15.title': 'Theta*：在搜索中走任意角度',
  'lesson.15.claim': '文章 001：Theta* 允许格子的父节点是视线内的任一祖先，路径可以走任意角度；只在乎观感时，事后平滑通常就够了。',
  'lesson.15.body': '这里八邻域的 A* 找到代价 56.6；Theta* 找到 53.4，低于网格上的最优值，因为它的线段不受 8 个方向的限制。平滑是在搜索结束后把网格路径拉直；Theta* 在搜索中完成这件事，代价是每次扩展都要做视线检查。',
  'lesson.16.title': '不可达的终点',
  'lesson.16.claim': '文章 000：终点被墙围住时，A* 会不断填充开放列表；从起点做一次泛洪填充，就能以 O(N) 判断终点不可达。',
  'lesson.16.body': '终点所在的房间没有门。A* 要把能到达的全部 253 个格子都扩展完才知道，和 BFS 一样多：没有路时任何启发函数都帮不上忙。泛洪填充访问的也是这 253 个格子；当许多搜索共用一张地图时它才划算，因为区域只需计算一次。',
  'lesson.17.title': '道路：h 也要随代价往下调',
  'lesson.17.claim': '文章 000：改变移动代价时，h 必须随之改变。文章里的草地比平地贵；比平地便宜的道路是这条规则的另一半。',
  'lesson.17.body': '绕道路走的代价是 16.4（每步 0.7），直接穿过去是 19。这里的 h 乘以地图上最便宜的一步 0.7，因而从不高估，A* 扩展 45 个格子后走了道路。取消勾选“h 随代价缩放”后，h 按 1 计算每一步：在道路旁它会高估，A* 根本不去试道路，扩展 20 个格子后返回直路，超出最优 16%。更贵的地形只会让不缩放的 h 变松（第 4 课）；更便宜的地形会让它出错。',
  'lesson.18.title': '曲线要重新对照墙壁检查',
  'lesson.18.claim': '文章 000：拉直之后，用 Catmull-Rom 或贝塞尔曲线能让路径看起来更自然；但曲线会鼓到直线段没有经过的地方，所以必须重新对照墙壁检查。',
  'lesson.18.body': '这里 A* 用 8 邻接找到的代价是 14.2；拉直后路径长 13.6，共 3 段。勾选“曲线”：穿过同样拐点的曲线长 13.8，比直线段略长，但没有折角。最后一段若画成曲线会向下碰到它下面的墙，所以保持直线，以橙色画出：页面把每一段曲线重新对照墙壁检查，长度旁边写明有几段保持直线。',
};

/** The string of `key` in the page's language, its {name} placeholders filled. */
export const lessonText = chunkStrings(EN, ZH) as (key: LessonKey | `lesson.${number}.${'title' | 'claim' | 'body' | 'contrast'}`, values?: Record<string, string | number>) => string;

/** Both tables, for the key test. */
export const TABLES = { en: EN, zh: ZH };

/** How the page shows a control's value: the option's own (translated) text for a menu, else the value. */
function shownValue(lesson: Lesson): string {
  const { control, value } = lesson.expect;
  if (value === 'on' || value === 'off') return lessonText(`value.${value}`);
  const option = document.querySelector<HTMLOptionElement>(`#${control} option[value="${value}"]`);
  return option?.textContent?.trim() || value;
}

/** "Try: set w to 2.5." */
export function tryText(lesson: Lesson): string {
  return lessonText('try.label') + lessonText(`try.${lesson.expect.control}`, { value: shownValue(lesson) });
}

/** "Watch: “expanded” goes up. “over optimal” stays at 0%." */
export function watchText(lesson: Lesson): string {
  const { stat, relation, expected, keeps } = lesson.expect;
  const kept = keeps ? lessonText('watch.keeps', { stat: lessonText(`watched.${keeps.stat}`), expected: keeps.expected }) : '';
  return lessonText('watch.label') + lessonText(`watch.${relation}`, { stat: lessonText(`watched.${stat}`), expected: expected ?? '' }) + kept;
}

/** The label beside the highlighted control: "→ 2.5". */
export function targetText(lesson: Lesson): string {
  return lessonText('target', { value: shownValue(lesson) });
}
