//! Share links as people meet them: pinned links that must open the same view in every later version
//! (one stored cell by cell in format 1 and one in format 4, with roads and costs in tenths; one stored as a seeded random map plus edits, whose generator output is
//! pinned by a fingerprint, as are the maze and rooms generators), and the link sizes of the reference maps the README reports (`cargo test --release --test suite share_links
//! -- --nocapture` prints them).

use astar_core::formats::share::{self, Numbers, Recipe, SharedView, ViewOptions};
use astar_core::generate::{maze, random_terrain, rooms, sprinkle, TerrainShares};
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
    grid.set_costs(astar_core::TerrainCosts::whole(2, 7, 200))
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
            cluster_size: None,
            unscaled_h: false,
            danger_in_h: false,
        },
        view: ViewOptions {
            smooth: true,
            curve: false,
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

/// A link made with format 4: roads, and costs with tenths. Never change this string or the view it must
/// decode to.
const GOLDEN_V4: &str =
    "BAgABQB42g2GuQ3AIADETF4iReKrEA0rsAMt6zMKNWfpzrbcOC4y60N-gfOYj8WUXz00gjB4fY0t1djFBng9BOI";

fn golden_view_v4() -> SharedView {
    let mut view = golden_view();
    for x in 0..8 {
        view.grid.set_terrain(view.grid.cell(x, 4), Terrain::Road);
    }
    let costs = astar_core::TerrainCosts {
        plain: 15,
        road: 4,
        forest: 25,
        swamp: 2550,
    };
    view.grid.set_costs(costs).unwrap();
    view.params.expansion_limit = Some(77);
    view
}

#[test]
fn the_golden_format_4_link_decodes_to_the_same_view_forever() {
    let fresh = share::encode(&golden_view_v4(), None);
    println!("format 4 golden link: {fresh}");
    assert_eq!(share::base64url_decode(&fresh).unwrap()[0], 4);
    assert_eq!(share::decode(GOLDEN_V4).unwrap(), golden_view_v4());
}

/// A format 5 link: format 4's view with the smoothed path drawn as a curve. Never change this string or
/// the view it must decode to.
const GOLDEN_V5: &str =
    "BQgABQB4AQE5AMb_CAAFAA8ABAAZAPYJAAAEAAcAAAADAtYGCAABmwwAAABNAAAAABEREREBABAREREgEjETIBJEREREhz0FYg";

fn golden_view_v5() -> SharedView {
    let mut view = golden_view_v4();
    view.view.curve = true;
    view
}

#[test]
fn the_golden_format_5_link_decodes_to_the_same_view_forever() {
    let fresh = share::encode(&golden_view_v5(), None);
    println!("format 5 golden link: {fresh}");
    assert_eq!(share::base64url_decode(&fresh).unwrap()[0], 5);
    assert_eq!(share::decode(GOLDEN_V5).unwrap(), golden_view_v5());
}

/// A format 1 link in terrain mode 1: a 64 × 48 random map (30% wall, 10% forest, 5% swamp, seed 2026)
/// with seven cells edited since, start (0, 0), goal (63, 47), default settings, smoothing on, g shown.
/// Never change this string or what it must decode to.
const GOLDEN_V1_SEEDED: &str = "AUAAMAB42uXSSw2AMBRE0VsmBGTgABIEPGyCAySwwwMmSFX0k1ropj2bWU9yDzacRiJjRcOvGeT27LPrTJ6yt_mJ6ha68aqfr01VEgBdKw8q";

/// FNV-1a over the terrain codes, row by row: a fingerprint that changes when any cell does.
fn fingerprint(grid: &Grid) -> u64 {
    grid.terrain_slice()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &t| {
            (hash ^ t as u64).wrapping_mul(0x0100_0000_01b3)
        })
}

#[test]
fn the_golden_seeded_link_opens_the_same_map_forever() {
    let recipe = Recipe {
        shares: TerrainShares {
            wall: 0.3,
            forest: 0.1,
            swamp: 0.05,
        },
        seed: 2026,
    };
    let view = share::decode(GOLDEN_V1_SEEDED).unwrap();
    assert_eq!(
        view.recipe,
        Some(recipe),
        "the link is stored as seed + edits"
    );
    let grid = &view.grid;
    assert_eq!((grid.width(), grid.height()), (64, 48));
    assert_eq!(grid.xy(view.start), (0, 0));
    assert_eq!(grid.xy(view.goal), (63, 47));
    assert_eq!(view.params, SearchParams::default());
    assert_eq!(
        view.view,
        ViewOptions {
            smooth: true,
            curve: false,
            numbers: Numbers::G,
            step: None
        }
    );
    // A literal, not a value computed with today's generator: if `random_terrain` or the RNG changes,
    // this link (and every seeded link people have shared) would open another map.
    assert_eq!(
        fingerprint(grid),
        0x249b_d01d_6356_dd86,
        "the seeded link opens a different map: the random generator changed"
    );
    // The edits on top of the generated map are where they were put.
    for (x, y, terrain) in [
        (30, 20, Terrain::Wall),
        (31, 20, Terrain::Wall),
        (32, 20, Terrain::Wall),
        (10, 40, Terrain::Swamp),
        (50, 5, Terrain::Forest),
    ] {
        assert_eq!(grid.terrain(grid.cell(x, y)), terrain, "({x}, {y})");
    }
}

#[test]
fn the_generators_make_the_same_maps_forever() {
    // Seeded links carry only the seed of a random map, and `astar gen` users keep seeds: a change to a
    // generator or the RNG must be deliberate (a new link version), so each output is pinned here.
    let random = random_terrain(256, 256, TerrainShares::ARTICLE, 1).unwrap();
    assert_eq!(
        fingerprint(&random),
        0x79b5_01f8_f983_1cbc,
        "random_terrain"
    );
    let mut corridors = maze(64, 64, 2, 5).unwrap();
    assert_eq!(fingerprint(&corridors), 0x968e_e9ea_661d_335f, "maze");
    sprinkle(&mut corridors, 0.1, 0.05, 5);
    assert_eq!(fingerprint(&corridors), 0x1d37_5fd6_998b_9f74, "sprinkle");
    let rooms = rooms(100, 60, 8, 5).unwrap();
    assert_eq!(fingerprint(&rooms), 0x55fe_3e71_3133_2ea9, "rooms");
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

/// Link text as the page makes it (www/share/link.ts): the core's bytes with the body compressed by zlib
/// at its default level, as the browser's `CompressionStream('deflate')` does.
fn packed(view: &SharedView, recipe: Option<&Recipe>) -> String {
    let bytes = share::encode_bytes(view, recipe);
    let compress = |body: &[u8]| miniz_oxide::deflate::compress_to_vec_zlib(body, 6);
    let text = share::base64url_encode(&share::with_body_compressed(&bytes, compress).unwrap());
    // The core's own (stored, longer) link says the same.
    assert_eq!(
        share::decode(&text).unwrap(),
        share::decode(&share::encode(view, recipe)).unwrap()
    );
    text
}

#[test]
fn a_hand_drawn_64_map_fits_well_under_1_kb() {
    let view = view_of(&hand_drawn_64());
    let link = packed(&view, None);
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
    let as_cells = packed(&view, None);
    let as_seed = packed(&view, Some(&recipe));
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
    let view = view_from_cell_0(grid);
    let link = packed(&view, None);
    println!("1024 x 1024 noisy map: {} characters", link.len());
    assert!(share::too_big_to_share(link.len()));
    assert!(link.len() < share::MAX_LINK_CHARS);
    assert_eq!(share::decode(&link).unwrap(), view);
}

#[test]
fn the_largest_map_stored_cell_by_cell_is_still_a_link_that_opens() {
    // What the page writes to saved work when it goes away before compression finished: the body stored.
    let mut grid = random_terrain(2048, 2048, TerrainShares::ARTICLE, 5).unwrap();
    grid.set_terrain(0, Terrain::Road);
    let view = view_from_cell_0(grid);
    let link = share::encode(&view, None);
    assert_eq!(share::base64url_decode(&link).unwrap()[0], 4);
    println!(
        "2048 x 2048 map with a road, stored: {} characters",
        link.len()
    );
    assert!(link.len() <= share::MAX_LINK_CHARS, "{}", link.len());
    assert!(
        link.len() > share::MAX_LINK_CHARS - 10_000,
        "the bound is tight: {}",
        link.len()
    );
    assert_eq!(share::decode(&link).unwrap(), view);
}

/// `grid` with start and goal both on cell 0, default settings and view.
fn view_from_cell_0(grid: Grid) -> SharedView {
    SharedView {
        start: 0,
        goal: 0,
        grid,
        params: SearchParams::default(),
        view: ViewOptions::default(),
        recipe: None,
    }
}
