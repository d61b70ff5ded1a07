//! The share codec's unit tests: round trips, the golden links of every format, the limits, and the
//! body stored and its terrain mode (see the module doc of `share`).
use super::decode::NEWER_FORMATS_AHEAD;
use super::*;
use crate::penalty::{Penalties, Watcher};

/// Link text as the page makes it: the body compressed by zlib at its default level, as the browser's
/// `CompressionStream('deflate')` does.
fn packed(view: &SharedView, recipe: Option<&Recipe>) -> String {
    let bytes = encode_bytes(view, recipe);
    let compress = |body: &[u8]| miniz_oxide::deflate::compress_to_vec_zlib(body, 6);
    base64url_encode(&with_body_compressed(&bytes, compress).unwrap())
}

fn sample() -> SharedView {
    let grid = Grid::from_ascii(
        "
        ..f~.
        .##..
        ~...f",
    )
    .unwrap();
    SharedView {
        start: grid.cell(0, 0),
        goal: grid.cell(4, 2),
        grid,
        params: SearchParams {
            algorithm: Algorithm::Greedy,
            heuristic: Heuristic::Euclidean,
            weight: Weight::new(2.5).unwrap(),
            movement: Movement::Eight(CornerRule::CutIfOneFree),
            tie_break: TieBreak::LastIn,
            expansion_limit: None,
            cluster_size: None,
            unscaled_h: false,
            danger_in_h: false,
        },
        view: ViewOptions {
            smooth: true,
            curve: false,
            numbers: Numbers::F,
            step: Some(7),
        },
        recipe: None,
    }
}

#[test]
fn a_recipe_seed_must_be_a_whole_number_a_javascript_number_holds() {
    let fields = |seed: f64| RecipeFields {
        wall: 0.2,
        forest: 0.1,
        swamp: 0.0,
        seed,
    };
    assert_eq!(
        Recipe::try_from(fields(MAX_SEED as f64)).unwrap().seed,
        MAX_SEED
    );
    for bad in [-1.0, 0.5, f64::NAN, (MAX_SEED + 1) as f64] {
        let err = Recipe::try_from(fields(bad)).unwrap_err();
        assert!(
            err.to_string()
                .ends_with("it must be a whole number from 0 to 2^53 - 1"),
            "{err}"
        );
    }
}

#[test]
fn a_link_whose_seed_the_page_cannot_hold_is_refused_with_the_page_s_sentence() {
    // Issue 16's link: a random map of seed 2^64 - 1, which the page's recipe type cannot hold.
    let err = decode("#AUAAQAB42nNgcGBgZGZlAAJ7IGRmesHMAWQzMjJgB_-hgGEUjIJRMGIBAGdZCfo")
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "the link's random-map seed 18446744073709551615 is not allowed: it must be a whole number from 0 to 2^53 - 1"
    );
    let page = Recipe::try_from(RecipeFields {
        wall: 0.2,
        forest: 0.0,
        swamp: 0.0,
        seed: u64::MAX as f64,
    })
    .unwrap_err();
    assert_eq!(page.code(), "share.bad-seed");
    let page = page.to_string();
    assert!(
        err.ends_with(page.split_once(" is not allowed").unwrap().1),
        "{page}"
    );

    // The largest seed the page holds still opens; the encoder never stores a larger one.
    let grid = generate::random_terrain(64, 64, shares(), MAX_SEED).unwrap();
    let view = SharedView {
        start: first_passable(&grid),
        goal: first_passable(&grid),
        grid,
        ..sample()
    };
    let at_max = Recipe {
        shares: shares(),
        seed: MAX_SEED,
    };
    assert_eq!(
        decode(&encode(&view, Some(&at_max))).unwrap().recipe,
        Some(at_max)
    );
    let above = Recipe {
        seed: MAX_SEED + 1,
        ..at_max
    };
    let opened = decode(&encode(&view, Some(&above))).unwrap();
    assert_eq!((opened.recipe, opened.grid), (None, view.grid));
}

fn shares() -> TerrainShares {
    TerrainShares {
        wall: 0.3,
        forest: 0.1,
        swamp: 0.1,
    }
}

fn first_passable(grid: &Grid) -> u32 {
    (0..grid.len() as u32)
        .find(|&c| grid.is_passable(c))
        .unwrap()
}

/// `sample()`'s settings and view on `grid`, both ends on its first passable cell.
fn sample_on(grid: Grid) -> SharedView {
    let end = first_passable(&grid);
    SharedView {
        start: end,
        goal: end,
        grid,
        ..sample()
    }
}

/// The body inside encoded bytes, and the compressed part as written.
fn body_of(bytes: &[u8]) -> (Vec<u8>, &[u8]) {
    let compressed = &bytes[HEADER_LEN..];
    let body = miniz_oxide::inflate::decompress_to_vec_zlib(compressed).unwrap();
    (body, compressed)
}

#[test]
fn the_body_is_stored_and_the_terrain_mode_with_fewer_runs_is_kept() {
    // 1024 × 1024, a fifth walls: stored cell by cell, the body is the whole packed map.
    let walls = TerrainShares {
        wall: 0.2,
        forest: 0.0,
        swamp: 0.0,
    };
    let view = sample_on(generate::random_terrain(1024, 1024, walls, 3).unwrap());
    let bytes = encode_bytes(&view, None);
    let (body, stream) = body_of(&bytes);
    assert_eq!(stream, crate::formats::zlib::stored(&body).as_slice());
    assert!(body.len() > 1024 * 1024 / 4);
    assert_eq!(decode_bytes(&bytes, Medium::Link).unwrap(), view);
    // The same map from its seed: all zeros relative to the generated map, one run, so the seeded mode.
    let recipe = Recipe {
        shares: walls,
        seed: 3,
    };
    let seeded = encode_bytes(&view, Some(&recipe));
    assert_eq!(
        seeded[HEADER_LEN..],
        *crate::formats::zlib::stored(&body_of(&seeded).0)
    );
    let opened = decode_bytes(&seeded, Medium::Link).unwrap();
    assert_eq!((opened.grid, opened.recipe), (view.grid, Some(recipe)));
    // A recipe that no longer fits (a maze of the same size shown since): the cells as they are.
    let maze = sample_on(generate::maze(1024, 1024, 1, 4).unwrap());
    let opened = decode_bytes(&encode_bytes(&maze, Some(&recipe)), Medium::Link).unwrap();
    assert_eq!((opened.grid, opened.recipe), (maze.grid, None));
}

#[test]
fn base64url_round_trips_every_length() {
    for len in 0..40u8 {
        let bytes: Vec<u8> = (0..len).map(|i| i.wrapping_mul(97) ^ 0xA5).collect();
        let text = base64url_encode(&bytes);
        assert!(!text.contains('='));
        assert_eq!(base64url_decode(&text).unwrap(), bytes);
    }
    assert_eq!(base64url_encode(b"\xfb\xff"), "-_8");
}

#[test]
fn base64url_is_strict() {
    assert!(base64url_decode("ab+c")
        .unwrap_err()
        .message
        .to_string()
        .contains("'+' at character 3"));
    assert!(base64url_decode("abcde").is_err(), "a lone last character");
    assert!(base64url_decode("AB").is_err(), "stray bits in B");
    assert_eq!(base64url_decode("AA").unwrap(), vec![0]);
}

#[test]
fn a_view_round_trips() {
    let view = sample();
    let text = encode(&view, None);
    assert_eq!(decode(&text).unwrap(), view);
    assert_eq!(
        decode(&format!("https://x.org/a/?q=1#{text}\n")).unwrap(),
        view
    );
}

#[test]
fn a_generated_map_is_stored_as_its_seed_plus_edits() {
    let recipe = Recipe {
        shares: TerrainShares::ARTICLE,
        seed: 99,
    };
    let mut grid = generate::random_terrain(64, 64, recipe.shares, recipe.seed).unwrap();
    grid.set_terrain(0, Terrain::Plain);
    grid.set_terrain(4095, Terrain::Plain);
    grid.set_terrain(100, Terrain::Swamp);
    let view = SharedView {
        grid,
        start: 0,
        goal: 4095,
        params: SearchParams::default(),
        view: ViewOptions::default(),
        recipe: None,
    };
    let with = packed(&view, Some(&recipe));
    let without = packed(&view, None);
    assert!(
        with.len() * 5 < without.len(),
        "{} vs {}",
        with.len(),
        without.len()
    );
    let decoded = decode(&with).unwrap();
    assert_eq!(decoded.grid, view.grid);
    assert_eq!(decoded.recipe, Some(recipe));
    // A recipe that does not fit the map is not used.
    let other = SharedView {
        grid: Grid::new(64, 64).unwrap(),
        ..view.clone()
    };
    assert_eq!(decode(&encode(&other, Some(&recipe))).unwrap().recipe, None);
    // A recipe of another size is ignored, not misapplied: the small map comes back cell for cell.
    let odd = generate::random_terrain(3, 3, recipe.shares, 1).unwrap();
    let start = (0..9).find(|&c| odd.is_passable(c)).unwrap();
    let small = SharedView {
        grid: odd,
        start,
        goal: start,
        ..view
    };
    let decoded = decode(&encode(&small, Some(&recipe))).unwrap();
    assert_eq!(decoded.grid, small.grid);
    assert_eq!(decoded.recipe, None);
    assert_eq!(decoded, small);
}

#[test]
fn a_budget_is_written_as_format_2_and_a_view_without_one_as_format_1() {
    let mut view = sample();
    assert_eq!(encode_bytes(&view, None)[0], 1);
    view.params.expansion_limit = Some(1234);
    let bytes = encode_bytes(&view, None);
    assert_eq!(bytes[0], 2);
    assert_eq!(decode_bytes(&bytes, Medium::Link).unwrap(), view);
    // Format 1 has no budget: a format-1 header over a body with the budget flag is refused.
    let mut as_v1 = bytes.clone();
    as_v1[0] = 1;
    assert!(decode_bytes(&as_v1, Medium::Link)
        .unwrap_err()
        .message
        .to_string()
        .contains("view option"));
}

#[test]
fn a_cluster_size_is_written_as_format_3_and_checked_against_the_map() {
    let mut view = sample();
    view.params.cluster_size = Some(3);
    let bytes = encode_bytes(&view, None);
    assert_eq!(bytes[0], 3);
    assert_eq!(decode_bytes(&bytes, Medium::Link).unwrap(), view);
    view.params.expansion_limit = Some(99);
    let with_budget = encode_bytes(&view, None);
    assert_eq!(decode_bytes(&with_budget, Medium::Link).unwrap(), view);
    // Format 2 has no cluster size: a format-2 header over a body with its flag is refused.
    let mut as_v2 = bytes.clone();
    as_v2[0] = 2;
    assert!(decode_bytes(&as_v2, Medium::Link)
        .unwrap_err()
        .message
        .to_string()
        .contains("view option"));
    let largest = view.grid.width().max(view.grid.height());
    for bad in [0, 1, largest + 1] {
        view.params.cluster_size = Some(bad);
        let err = decode_bytes(&encode_bytes(&view, None), Medium::Link)
            .unwrap_err()
            .message;
        assert_eq!(
            err.to_string(),
            format!("HPA* cluster size {bad} is not allowed: it must be from 2 to {largest} (the map's larger side)")
        );
    }
}

#[test]
fn roads_and_costs_in_tenths_are_written_as_format_4_and_old_formats_keep_the_road_at_0_7() {
    // Whole-number costs and no road: format 1, and the road's cost comes back as 0.7.
    let view = sample();
    let bytes = encode_bytes(&view, None);
    assert_eq!(bytes[0], 1);
    let decoded = decode_bytes(&bytes, Medium::Link).unwrap();
    assert_eq!(decoded.grid.costs().road, ROAD_BEFORE_FORMAT_4);
    assert!(fits_formats_1_to_3(&TerrainCosts::whole(2, 3, 5)));
    assert!(!fits_formats_1_to_3(
        &TerrainCosts::default().with(Terrain::Plain, 15)
    ));
    assert!(!fits_formats_1_to_3(
        &TerrainCosts::default().with(Terrain::Road, 5)
    ));
    // A road cell, a cost with a tenth, a road cost other than 0.7, an unscaled h: each is format 4 on
    // its own.
    let mut road = sample();
    road.grid.set_terrain(road.grid.cell(1, 0), Terrain::Road);
    let mut tenth = sample();
    tenth
        .grid
        .set_costs(TerrainCosts {
            plain: 15,
            ..TerrainCosts::default()
        })
        .unwrap();
    let mut road_cost = sample();
    road_cost
        .grid
        .set_costs(TerrainCosts {
            road: 3,
            ..TerrainCosts::default()
        })
        .unwrap();
    let mut unscaled = sample();
    unscaled.params.unscaled_h = true;
    for view in [road, tenth, road_cost, unscaled] {
        let bytes = encode_bytes(&view, None);
        assert_eq!(bytes[0], 4);
        assert_eq!(decode_bytes(&bytes, Medium::Link).unwrap(), view);
        // Format 3 reads the body another way: refused, never misread.
        let mut as_v3 = bytes.clone();
        as_v3[0] = 3;
        assert!(decode_bytes(&as_v3, Medium::Link).is_err());
    }
    // Every cell count packs and unpacks at 4 bits a cell, a seeded map with roads painted on it too.
    let recipe = Recipe {
        shares: TerrainShares::ARTICLE,
        seed: 5,
    };
    for (width, height) in [(1, 1), (3, 1), (7, 3), (33, 17)] {
        let mut grid = generate::random_terrain(width, height, recipe.shares, recipe.seed).unwrap();
        for cell in (0..grid.len() as u32).step_by(2) {
            grid.set_terrain(cell, Terrain::Road);
        }
        let end = grid.len() as u32 - 1;
        grid.set_terrain(end, Terrain::Plain);
        let view = SharedView {
            start: end,
            goal: 0,
            grid,
            params: SearchParams::default(),
            view: ViewOptions::default(),
            recipe: None,
        };
        for with in [None, Some(&recipe)] {
            let decoded = decode(&encode(&view, with)).unwrap();
            assert_eq!(decoded.grid, view.grid, "{width} x {height}");
        }
    }
}

#[test]
fn a_format_4_terrain_code_above_the_road_is_refused() {
    let mut view = sample();
    view.grid.set_terrain(view.grid.cell(1, 0), Terrain::Road);
    let bytes = encode_bytes(&view, None);
    let (mut body, _) = body_of(&bytes);
    let last = body.len() - 1;
    body[last] = (body[last] & 0xF0) | 5; // cell 14 of 15 sits in the low half of the last byte
    let mut edited = bytes[..HEADER_LEN].to_vec();
    edited.extend_from_slice(&crate::formats::zlib::stored(&body));
    let err = decode_bytes(&edited, Medium::Link).unwrap_err();
    assert!(
        err.message
            .to_string()
            .starts_with("the link names an unknown terrain (code 5)"),
        "{err}"
    );
}

#[test]
fn versions_are_checked_first() {
    let mut bytes = encode_bytes(&sample(), None);
    bytes[0] = VERSION + 1;
    let text = base64url_encode(&bytes);
    assert!(decode(&text)
        .unwrap_err()
        .message
        .to_string()
        .contains("newer version"));
    bytes[0] = 0;
    assert!(decode_bytes(&bytes, Medium::Link)
        .unwrap_err()
        .message
        .to_string()
        .contains("not an A* Playground"));
}

#[test]
fn a_file_is_called_a_file_and_random_bytes_are_not_taken_for_a_newer_version() {
    let bytes = encode_bytes(&sample(), None);
    let cut = &bytes[..bytes.len() - 2];
    let as_link = decode_bytes(cut, Medium::Link).unwrap_err().message;
    let as_file = decode_bytes(cut, Medium::File).unwrap_err().message;
    assert!(
        as_link.to_string().starts_with("this link is damaged")
            && as_link
                .to_string()
                .ends_with("Copy it again from where it came from"),
        "{as_link}"
    );
    assert!(
        as_file.to_string().starts_with("this file is damaged")
            && as_file.to_string().ends_with("Save or download it again"),
        "{as_file}"
    );
    let mut newer = bytes.clone();
    newer[0] = VERSION + 1;
    assert!(decode_bytes(&newer, Medium::File)
        .unwrap_err()
        .message
        .to_string()
        .starts_with("this file was made by a newer version"));
    // Far above our version, or a plausible version with a map size no version can hold.
    for (version, width) in [(VERSION + NEWER_FORMATS_AHEAD + 1, 5), (VERSION + 1, 0)] {
        let mut random = bytes.clone();
        random[0] = version;
        random[1] = width;
        let err = decode(&base64url_encode(&random)).unwrap_err().message;
        assert!(
            err.to_string().starts_with(
                "this is not an A* Playground link: its content does not start like one"
            ),
            "{err}"
        );
    }
}

#[test]
fn edits_and_cuts_are_caught() {
    let bytes = encode_bytes(&sample(), None);
    for cut in 0..bytes.len() {
        assert!(
            decode_bytes(&bytes[..cut], Medium::Link).is_err(),
            "cut at {cut}"
        );
    }
    let mut swapped = bytes.clone();
    swapped.swap(1, 3); // 5 x 3 -> 3 x 5: same cell count
    assert!(decode_bytes(&swapped, Medium::Link)
        .unwrap_err()
        .message
        .to_string()
        .contains("size does not match"));
    let mut longer = bytes.clone();
    longer.extend([0, 0, 0]);
    assert!(decode_bytes(&longer, Medium::Link)
        .unwrap_err()
        .message
        .to_string()
        .contains("after its end"));
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    assert!(decode_bytes(&flipped, Medium::Link).is_err());
}

/// The sample's bytes with body byte `offset` set to `value` (recompressed, so the checksum holds).
fn with_body_byte(offset: usize, value: u8) -> Vec<u8> {
    let bytes = encode_bytes(&sample(), None);
    let mut body = miniz_oxide::inflate::decompress_to_vec_zlib(&bytes[HEADER_LEN..]).unwrap();
    body[offset] = value;
    let mut out = bytes[..HEADER_LEN].to_vec();
    out.extend(miniz_oxide::deflate::compress_to_vec_zlib(&body, 6));
    out
}

#[test]
fn every_field_is_checked_with_a_message_naming_it() {
    let cases: [(usize, u8, &str); 11] = [
        (4, 0, "terrain costs are not allowed"),
        (7, 9, "start (9, 0) is outside its 5 x 3 map"),
        (13, 3, "goal (4, 3) is outside"),
        (15, 200, "unknown algorithm (code 200)"),
        (16, 5, "unknown heuristic (code 5)"),
        (
            18,
            0xFF,
            "the link's heuristic weight 65.476 is not allowed: it must be from 0 to 5",
        ),
        (19, 6, "unknown movement (code 6)"),
        (20, 3, "unknown corner rule (code 3)"),
        (21, 4, "unknown tie-break (code 4)"),
        (22, 0x1F, "unknown view option"),
        (27, 2, "unknown terrain mode (code 2)"),
    ];
    for (offset, value, expected) in cases {
        let err = decode_bytes(&with_body_byte(offset, value), Medium::Link).unwrap_err();
        assert!(
            err.message.to_string().contains(expected),
            "{offset}: {err}"
        );
    }
    // Start moved onto the wall at (1, 1).
    let mut bytes = with_body_byte(7, 1);
    bytes = {
        let mut body = miniz_oxide::inflate::decompress_to_vec_zlib(&bytes[HEADER_LEN..]).unwrap();
        body[9] = 1;
        let mut out = bytes[..HEADER_LEN].to_vec();
        out.extend(miniz_oxide::deflate::compress_to_vec_zlib(&body, 6));
        out
    };
    let err = decode_bytes(&bytes, Medium::Link).unwrap_err();
    assert_eq!(err.message, "the link's start (1, 1) is on a wall");
}

#[test]
fn w_above_the_slider_is_refused_and_w_at_its_end_opens() {
    let with_milli = |milli: u16| {
        let bytes = encode_bytes(&sample(), None);
        let (mut body, _) = body_of(&bytes);
        body[17..19].copy_from_slice(&milli.to_le_bytes());
        let mut out = bytes[..HEADER_LEN].to_vec();
        out.extend(miniz_oxide::deflate::compress_to_vec_zlib(&body, 6));
        out
    };
    let err = decode_bytes(&with_milli(10_000), Medium::Link).unwrap_err();
    assert_eq!(
        err.message,
        "the link's heuristic weight 10 is not allowed: it must be from 0 to 5"
    );
    let err = decode_bytes(&with_milli(5_001), Medium::File).unwrap_err();
    assert_eq!(
        err.message,
        "the file's heuristic weight 5.001 is not allowed: it must be from 0 to 5"
    );
    let end = decode_bytes(&with_milli(5_000), Medium::Link).unwrap();
    assert_eq!(end.params.weight.get(), Weight::MAX);
}

#[test]
fn a_budget_of_0_is_refused_and_a_budget_of_1_opens() {
    let with_budget = |budget: u32| {
        let mut view = sample();
        view.params.expansion_limit = Some(budget);
        encode(&view, None)
    };
    assert_eq!(
        decode(&with_budget(0)).unwrap_err().message,
        "the link's expansion budget 0 is not allowed: it must be a whole number from 1, or none"
    );
    assert_eq!(
        decode(&with_budget(1)).unwrap().params.expansion_limit,
        Some(1)
    );
}

#[test]
fn hpa_with_a_graph_too_large_to_build_is_refused_before_the_map_opens() {
    let mut view = sample_on(Grid::new(2048, 2048).unwrap());
    view.params.algorithm = Algorithm::Hpa;
    view.params.cluster_size = Some(2);
    let text = packed(&view, None);
    assert!(text.len() < 2000, "a short link: {}", text.len());
    let err = decode(&text).unwrap_err().message;
    assert!(
        err.to_string()
            .starts_with("HPA* cluster size 2 needs up to "),
        "{err}"
    );
    assert!(err.to_string().contains("on this 2048 x 2048 map, more than the 256 MiB allowed: the smallest cluster size that fits is "), "{err}");
    // The size it suggests opens; so does the same map for another algorithm.
    let k: u32 = err.to_string().rsplit(' ').next().unwrap().parse().unwrap();
    view.params.cluster_size = Some(k);
    assert!(decode(&encode(&view, None)).is_ok());
    view.params.algorithm = Algorithm::AStar;
    view.params.cluster_size = Some(2);
    assert!(decode(&encode(&view, None)).is_ok());
}

#[test]
fn a_zip_bomb_stops_at_the_size_its_header_allows() {
    // A 1 x 1 map whose body inflates to a megabyte of zeros.
    let mut bytes = vec![1, 1, 0, 1, 0];
    bytes.extend(miniz_oxide::deflate::compress_to_vec_zlib(
        &vec![0; 1 << 20],
        9,
    ));
    let err = decode_bytes(&bytes, Medium::Link).unwrap_err();
    assert!(
        err.message
            .to_string()
            .contains("more data than its map needs"),
        "{err}"
    );
}

#[test]
fn the_curve_is_written_and_read_only_with_smoothing() {
    let mut view = sample();
    view.view.curve = true;
    view.view.smooth = true;
    let bytes = encode_bytes(&view, None);
    assert_eq!(bytes[0], 5);
    assert_eq!(decode_bytes(&bytes, Medium::Link).unwrap(), view);
    // Without smoothing the curve is not written, and a link that asks for it alone opens without it.
    view.view.smooth = false;
    let bytes = encode_bytes(&view, None);
    assert!(bytes[0] < 5, "format {}", bytes[0]);
    assert!(!decode_bytes(&bytes, Medium::Link).unwrap().view.curve);
    // A format 5 body with the curve's bit and not smoothing's (the view flags follow width, height, four
    // costs, the end cells, algorithm, heuristic, w, movement, corner rule and tie-break: byte 27).
    view.view.smooth = true;
    let bytes = encode_bytes(&view, None);
    let (mut body, _) = body_of(&bytes);
    assert_eq!(body[27] & 129, 129, "the flags byte");
    body[27] &= !1;
    let mut forged = bytes[..HEADER_LEN].to_vec();
    forged.extend_from_slice(&crate::formats::zlib::stored(&body));
    let opened = decode_bytes(&forged, Medium::Link).unwrap();
    assert!(!opened.view.smooth && !opened.view.curve);
}

#[test]
fn penalties_are_written_as_format_6_and_checked() {
    let mut view = sample();
    let watchers = vec![
        Watcher {
            x: 4,
            y: 2,
            radius: 3,
        },
        Watcher {
            x: 0,
            y: 1,
            radius: 64,
        },
    ];
    let penalties = Penalties {
        hug_tenths: 5,
        danger_tenths: 1000,
        watchers,
        turn_tenths: 0,
    };
    view.grid.set_penalties(penalties.clone()).unwrap();
    let bytes = encode_bytes(&view, None);
    assert_eq!(bytes[0], 6);
    let opened = decode_bytes(&bytes, Medium::Link).unwrap();
    assert_eq!(opened, view);
    assert_eq!(*opened.grid.penalties(), penalties);
    assert_eq!(opened.grid.bordered_levels(), view.grid.bordered_levels());
    // A view without them stays in the older formats.
    assert!(encode_bytes(&sample(), None)[0] < 6);
    // The penalties follow the flags byte (27) and the animation step (28-31): hug at 32, danger 33-34,
    // the count at 35, then the watchers five bytes each.
    let (body, _) = body_of(&bytes);
    assert_eq!(&body[32..36], &[5, 0xE8, 0x03, 2]);
    let forge = |offset: usize, value: u8| {
        let mut body = body.clone();
        body[offset] = value;
        let mut forged = bytes[..HEADER_LEN].to_vec();
        forged.extend_from_slice(&crate::formats::zlib::stored(&body));
        decode_bytes(&forged, Medium::Link)
            .unwrap_err()
            .message
            .to_string()
    };
    assert_eq!(
        forge(32, 11),
        "the link's penalties are not allowed: the wall-hugging penalty must be a number from 0 to 1 in steps of 0.1"
    );
    assert!(forge(34, 4).contains("a watcher's danger must be a number from 0 to 100"));
    assert!(forge(36, 5).contains("the watcher at (5, 2) with radius 3 is not allowed"));
    assert!(forge(40, 0).contains("with radius 0 is not allowed"));
    // A count of 0 leaves the watchers' bytes where the flags (then the terrain mode) are read: the first
    // watcher's x, 4, is not a flag.
    assert!(
        forge(35, 0).contains("unknown search option (code 4)"),
        "{}",
        forge(35, 0)
    );
    // The flags follow the watchers (36 + 2 · 5): bit 0 the danger in h, the others unknown.
    assert_eq!(body[46], 0);
    assert!(forge(46, 2).contains("unknown search option (code 2)"));
    let mut in_h = view.clone();
    in_h.params.danger_in_h = true;
    let bytes = encode_bytes(&in_h, None);
    assert_eq!(decode_bytes(&bytes, Medium::Link).unwrap(), in_h);
    // Without penalties the setting alone still asks for format 6, where it has its place.
    let mut alone = sample();
    alone.params.danger_in_h = true;
    let bytes = encode_bytes(&alone, None);
    assert_eq!(bytes[0], 6);
    assert_eq!(decode_bytes(&bytes, Medium::Link).unwrap(), alone);
}

#[test]
fn format_7_adds_the_turn_penalty_after_the_search_flags() {
    let mut view = sample();
    let mut penalties = view.grid.penalties().clone();
    penalties.turn_tenths = 25;
    view.grid.set_penalties(penalties).unwrap();
    let bytes = encode_bytes(&view, None);
    assert_eq!(bytes[0], 7);
    let opened = decode_bytes(&bytes, Medium::Link).unwrap();
    assert_eq!(opened, view);
    assert_eq!(opened.grid.penalties().turn_tenths, 25);
    // Format 6's penalty block without watchers (32-35) and flags (36), then the turn penalty (37).
    let (body, _) = body_of(&bytes);
    assert_eq!(&body[32..38], &[0, 0, 0, 0, 0, 25]);
    let mut forged_body = body.clone();
    forged_body[37] = 51;
    let mut forged = bytes[..HEADER_LEN].to_vec();
    forged.extend_from_slice(&crate::formats::zlib::stored(&forged_body));
    assert_eq!(
        decode_bytes(&forged, Medium::Link)
            .unwrap_err()
            .message
            .to_string(),
        "the link's penalties are not allowed: the turn penalty must be a number from 0 to 5 in steps of 0.1"
    );
    // A format 6 link (no turn byte) still opens, without a turn penalty.
    let mut six = sample();
    let mut hug = six.grid.penalties().clone();
    hug.hug_tenths = 3;
    six.grid.set_penalties(hug).unwrap();
    let bytes = encode_bytes(&six, None);
    assert_eq!(bytes[0], 6);
    assert_eq!(
        decode_bytes(&bytes, Medium::Link)
            .unwrap()
            .grid
            .penalties()
            .turn_tenths,
        0
    );
}

#[test]
fn the_fullest_view_fills_the_largest_body_its_size_allows_and_opens() {
    // Every optional field at once: step, budget, cluster size, every watcher, hug, danger in h, a turn
    // penalty (format 7) and a recipe (an unedited generated map is stored as its seed).
    let recipe = Recipe {
        shares: shares(),
        seed: 11,
    };
    let grid = generate::random_terrain(9, 7, recipe.shares, recipe.seed).unwrap();
    let mut view = sample_on(grid);
    view.params.algorithm = Algorithm::AStar;
    view.params.expansion_limit = Some(500);
    view.params.cluster_size = Some(4);
    view.params.danger_in_h = true;
    let watchers = (0..MAX_WATCHERS as u32)
        .map(|i| Watcher {
            x: i % 9,
            y: i % 7,
            radius: 1 + i,
        })
        .collect();
    let penalties = Penalties {
        hug_tenths: 10,
        danger_tenths: 1000,
        watchers,
        turn_tenths: 50,
    };
    view.grid.set_penalties(penalties).unwrap();
    let bytes = encode_bytes(&view, Some(&recipe));
    assert_eq!(bytes[0], 7);
    let (body, _) = body_of(&bytes);
    assert_eq!(body.len(), max_body(TerrainPacking::of(7), view.grid.len()));
    let opened = decode_bytes(&bytes, Medium::Link).unwrap();
    assert_eq!(opened.grid, view.grid);
    assert_eq!(opened.recipe, Some(recipe));
    // And through the page's path: the body inflated apart.
    assert!(decode_inflated(&bytes[..HEADER_LEN], &body, Medium::Link).is_ok());
    assert!(MAX_BODY_BYTES >= body.len());
}
