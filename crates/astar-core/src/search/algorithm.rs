//! Which algorithm runs: the names of the searches, below everything else (messages name an algorithm,
//! and every module uses messages), so that this file imports nothing. What each one supports and draws
//! is its registry row ([`super::registry`]).

/// Which member of the family runs.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Algorithm {
    /// Breadth-first: fewest moves, costs ignored while searching.
    Bfs,
    /// Dijkstra: cheapest path, no heuristic.
    Dijkstra,
    /// Greedy best-first: always expands the cell that looks closest; fast, not optimal.
    Greedy,
    /// A* with heuristic weight w: f = g + w · h.
    #[default]
    AStar,
    /// Bidirectional A*: a forward and a backward A* that stop when no cheaper meeting can exist.
    Bidirectional,
    /// A* whose weight falls from w (at the start) to 1 as the search nears the goal.
    DynamicWeight,
    /// Theta*: any-angle paths through cell centres, a parent by line of sight (see `search/theta.rs`).
    ThetaStar,
    /// Jump point search (Harabor and Grastien 2011): A* over jump points, 8-neighbour uniform-cost maps.
    Jps,
    /// D* Lite (Koenig and Likhachev 2002): a search from the goal that repairs itself after edits.
    DStarLite,
    /// HPA* (Botea, Müller and Schaeffer 2004): A* on an abstract graph of clusters, then refinement.
    /// Its engine only with the `hpa` feature (on by default; the page's first wasm module leaves it
    /// out): without it the name, link code and settings are known, and a search is refused with
    /// [`super::registry::not_in_this_build`].
    Hpa,
    /// JPS+ (Harabor and Grastien 2014): jump point search reading its jumps from a table precomputed
    /// for the map, rebuilt after edits. Its engine only with the `jps-plus` feature (on by default; the
    /// page's first wasm module leaves it out): without it the name, link code and settings are known,
    /// and a search is refused with [`super::registry::not_in_this_build`].
    JpsPlus,
    /// ARA* (Likhachev, Gordon and Thrun 2003): weighted A* that publishes a path at w, then lowers w
    /// reusing its search until the path is optimal (see `search/ara.rs`). Its engine only with the `ara`
    /// feature, like HPA*'s.
    Ara,
}
