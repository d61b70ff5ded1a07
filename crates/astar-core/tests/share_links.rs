//! Share links as people meet them: a pinned link that must open the same view in every later version,
//! and the link sizes of the reference maps the README reports (`cargo test --release --test share_links
//! -- --nocapture` prints them).

use astar_core::formats::share::{self, Numbers, Recipe, SharedView, ViewOptions};
use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::session::Session;
use astar_core::{
    Algorithm, CornerRule, Grid, Heuristic, Movement, SearchParams, Terrain, TieBreak,
};

/// A link made with format 1. Never change this string or the view it must decode to: old links in
/// articles and chats depend on it.
const GOLDEN_V1: &str = "AQgABQB42gEmANn_CAAFAAIHyAAABAAHAAAAAwLWBggAAQsMAAAAAFVVAVRVaH1ofVVDDgVe";

fn golden_view() -> SharedView {
    let grid = Grid::from_ascii(
        "
        ........
        .####...
        ....#ff.
        .~~.#ff.
        .~~.....",
    )
    .unwrap();
    let mut grid = grid;
    grid.set_costs(astar_core::TerrainCosts {
        plain: 2,
        forest: 7,
        swamp: 200,
    })
    .unwrap();
    SharedView {
        start: grid.cell(0, 4),
        goal: grid.cell(7, 0),
        grid,
        params: SearchParams {
            algorithm: Algorithm::AStar,
            heuristic: Heuristic::Octile,
            weight: astar_core::Weight::new(1.75).unwrap(),
            movement: Movement::Eight(CornerRule::NoCut),
            tie_break: TieBreak::HigherG,
            expansion_limit: None,
        },
        view: ViewOptions {
            smooth: true,
            numbers: Numbers::G,
            step: Some(12),
        },
        recipe: None,
    }
}

#[test]
fn the_golden_format_1_link_decodes_to_the_same_view_forever() {
    let fresh = share::encode(&golden_view(), None);
    println!("format 1 golden link: {fresh}");
    assert_eq!(share::decode(GOLDEN_V1).unwrap(), golden_view());
}

/// A 64 × 64 map drawn by hand: brush strokes of walls, a forest and a swamp, as a person paints them.
fn hand_drawn_64() -> Session {
    let grid = Grid::new(64, 64).unwrap();
    let mut s = Session::new(grid, 0, 64 * 64 - 1).unwrap();
    for y in 5..50 {
        s.paint(20, y, 0, Terrain::Wall);
    }
    for x in 20..55 {
        s.paint(x, 50, 0, Terrain::Wall);
    }
    for k in 0..30 {
        s.paint(35 + k / 3, 10 + k, 1, Terrain::Wall);
    }
    for (x, y) in [(8, 30), (10, 33), (12, 31), (9, 36)] {
        s.paint(x, y, 3, Terrain::Forest);
    }
    for (x, y) in [(45, 20), (48, 24), (50, 18)] {
        s.paint(x, y, 4, Terrain::Swamp);
    }
    s
}

fn view_of(s: &Session) -> SharedView {
    SharedView {
        grid: s.grid().clone(),
        start: s.start(),
        goal: s.goal(),
        params: *s.params(),
        view: ViewOptions::default(),
        recipe: None,
    }
}

#[test]
fn a_hand_drawn_64_map_fits_well_under_1_kb() {
    let view = view_of(&hand_drawn_64());
    let link = share::encode(&view, None);
    println!("64 x 64 hand-drawn map: {} characters", link.len());
    assert!(link.len() < 512, "{} characters", link.len());
    assert_eq!(share::decode(&link).unwrap(), view);
}

#[test]
fn the_256_random_reference_map_takes_a_few_kb() {
    let recipe = Recipe {
        shares: TerrainShares::ARTICLE,
        seed: 1,
    };
    let mut grid = random_terrain(256, 256, recipe.shares, recipe.seed).unwrap();
    grid.set_terrain(0, Terrain::Plain);
    grid.set_terrain(256 * 256 - 1, Terrain::Plain);
    let view = SharedView {
        grid,
        start: 0,
        goal: 256 * 256 - 1,
        params: SearchParams::default(),
        view: ViewOptions::default(),
        recipe: None,
    };
    let as_cells = share::encode(&view, None);
    let as_seed = share::encode(&view, Some(&recipe));
    println!(
        "256 x 256 random map (20% wall, 15% forest, 7% swamp): {} characters stored cell by cell, {} as seed + edits",
        as_cells.len(),
        as_seed.len()
    );
    // 1.6 bits of entropy a cell: cell by cell it cannot go below about 17,500 base64 characters.
    assert!(as_cells.len() < 24 * 1024, "{}", as_cells.len());
    assert!(as_seed.len() < 200, "{}", as_seed.len());
    assert!(share::too_big_to_share(as_cells.len()));
    assert!(!share::too_big_to_share(as_seed.len()));
    let decoded = share::decode(&as_seed).unwrap();
    assert_eq!(decoded.grid, view.grid);
    assert_eq!(share::decode(&as_cells).unwrap(), view);
}

#[test]
fn a_1024_noisy_map_is_too_big_to_share_and_still_round_trips() {
    let mut grid = random_terrain(1024, 1024, TerrainShares::ARTICLE, 7).unwrap();
    grid.set_terrain(0, Terrain::Plain);
    let view = SharedView {
        start: 0,
        goal: 0,
        grid,
        params: SearchParams::default(),
        view: ViewOptions::default(),
        recipe: None,
    };
    let link = share::encode(&view, None);
    println!("1024 x 1024 noisy map: {} characters", link.len());
    assert!(share::too_big_to_share(link.len()));
    assert!(link.len() < share::MAX_LINK_CHARS);
    assert_eq!(share::decode(&link).unwrap(), view);
}
