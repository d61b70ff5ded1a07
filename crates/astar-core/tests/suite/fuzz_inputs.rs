//! Seeded fuzzing of everything that reads outside input: the share-link decoder, the Moving AI `.map` and
//! `.map.scen` parsers, and the project's own text map format. Each target gets valid inputs mutated (bit flips, truncation, byte insertions, edits
//! of length and size fields, line deletions) and plain random bytes or strings, and must answer every one
//! with an error or a valid result: never a panic, never a hang. A valid result is checked too (a decoded
//! link re-encodes to the same view, a parsed map writes back to the same map).
//!
//! A second set of targets starts from the files of the hostile corpus (`tests/corpus/`, see
//! `corpus.rs`) and the valid files beside them: each input is one corpus file of the parser's kind
//! with one to four byte-level mutations (bit flips, random bytes, insertions, deletions, truncations,
//! a chunk repeated, a splice with another file of the corpus), read as the page reads a file (invalid
//! UTF-8 replaced) and, for maps, dispatched by content as the CLI does. An accepted map writes back to
//! the same map, an accepted scenario writes back to the same problems, an accepted link re-encodes to
//! the same view. Work per input is bounded by the formats' own limits (at most 2048 × 2048 cells, links
//! of at most 2.8 million characters) and the inputs stay small, so the watchdog below is the bound.
//!
//! Reproducible: every case comes from `astar_core::rng::Rng` with a fixed seed, and a failure names the
//! target and the case number. A watchdog thread fails the test if one case makes no progress for a long
//! time (a hang detector, not a timing assertion). `cargo test --release --test suite fuzz_inputs -- --nocapture`
//! prints how many cases each target ran.

use crate::corpus_files as corpus;

use astar_core::formats::movingai::{self, parse_map, parse_scen, write_map, Problem};
use astar_core::formats::share::{self, Numbers, Recipe, SharedView, ViewOptions};
use astar_core::formats::text::{self, TextMap};
use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::rng::Rng;
use astar_core::{
    Algorithm, CornerRule, Grid, Heuristic, Movement, SearchParams, Terrain, TerrainCosts,
    TieBreak, Weight,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Cases per target (at least 100,000 in all).
const SHARE_TEXT_CASES: u64 = 60_000;
const SHARE_BODY_CASES: u64 = 40_000;
const MAP_CASES: u64 = 50_000;
const SCEN_CASES: u64 = 50_000;
const TEXT_CASES: u64 = 50_000;
/// Mutated corpus files per parser: maps (both formats), scenarios, share links.
const CORPUS_CASES: u64 = 20_000;

/// A case that makes no progress for this long is reported as a hang.
const HANG_AFTER: Duration = Duration::from_secs(120);

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len() as u32) as usize]
}

fn random_view(rng: &mut Rng) -> (SharedView, Option<Recipe>) {
    let big = rng.below(20) == 0;
    let (w, h) = if big {
        (1 + rng.below(120), 1 + rng.below(120))
    } else {
        (1 + rng.below(16), 1 + rng.below(16))
    };
    let recipe = (rng.below(4) == 0).then(|| Recipe {
        shares: TerrainShares {
            wall: rng.unit() * 0.4,
            forest: rng.unit() * 0.3,
            swamp: rng.unit() * 0.3,
        },
        seed: rng.next_u64(),
    });
    let mut grid = match &recipe {
        Some(r) => random_terrain(w, h, r.shares, r.seed).unwrap(),
        None => {
            let mut g = Grid::new(w, h).unwrap();
            for cell in 0..g.len() as u32 {
                g.set_terrain(
                    cell,
                    Terrain::ALL[rng.below(Terrain::ALL.len() as u32) as usize],
                );
            }
            g
        }
    };
    let tenths = |rng: &mut Rng| 1 + rng.below(2550) as u16;
    let costs = TerrainCosts {
        plain: tenths(rng),
        road: tenths(rng),
        forest: tenths(rng),
        swamp: tenths(rng),
    };
    grid.set_costs(costs).unwrap();
    let start = rng.below(grid.len() as u32);
    let goal = rng.below(grid.len() as u32);
    grid.set_terrain(start, Terrain::Plain);
    grid.set_terrain(goal, Terrain::Forest);
    let corners = pick(
        rng,
        &[
            CornerRule::NoCut,
            CornerRule::CutIfOneFree,
            CornerRule::AlwaysCut,
        ],
    );
    let params = SearchParams {
        algorithm: pick(
            rng,
            &[
                Algorithm::Bfs,
                Algorithm::Dijkstra,
                Algorithm::Greedy,
                Algorithm::AStar,
            ],
        ),
        heuristic: pick(
            rng,
            &[
                Heuristic::Zero,
                Heuristic::Manhattan,
                Heuristic::Octile,
                Heuristic::Chebyshev,
                Heuristic::Euclidean,
            ],
        ),
        weight: Weight::new(rng.below((Weight::MAX * 1000.0) as u32 + 1) as f64 / 1000.0).unwrap(),
        movement: pick(rng, &[Movement::Four, Movement::Eight(corners)]),
        tie_break: pick(
            rng,
            &[
                TieBreak::LowerH,
                TieBreak::HigherG,
                TieBreak::FirstIn,
                TieBreak::LastIn,
            ],
        ),
        expansion_limit: None,
        cluster_size: None,
        unscaled_h: false,
        danger_in_h: false,
    };
    let smooth = rng.below(2) == 0;
    let view = ViewOptions {
        smooth,
        // The curve is kept only with smoothing (share::decode drops it otherwise).
        curve: smooth && rng.below(2) == 0,
        numbers: pick(rng, &[Numbers::None, Numbers::G, Numbers::H, Numbers::F]),
        step: (rng.below(2) == 0).then(|| rng.next_u64() as u32),
    };
    let shared = SharedView {
        grid,
        start,
        goal,
        params,
        view,
        recipe: None,
    };
    (shared, recipe)
}

/// One mutation of a byte string, as corruption, cutting and hand-editing produce them.
fn mutate_bytes(rng: &mut Rng, bytes: &mut Vec<u8>) {
    match rng.below(7) {
        0 if !bytes.is_empty() => {
            let i = rng.below(bytes.len() as u32) as usize;
            bytes[i] ^= 1 << rng.below(8);
        }
        1 => {
            let keep = rng.below(bytes.len() as u32 + 1) as usize;
            bytes.truncate(keep);
        }
        2 => {
            let i = rng.below(bytes.len() as u32 + 1) as usize;
            bytes.insert(i, rng.next_u64() as u8);
        }
        3 if !bytes.is_empty() => {
            let i = rng.below(bytes.len() as u32) as usize;
            bytes.remove(i);
        }
        4 if bytes.len() > 4 => {
            // Length and size fields: the first bytes hold version, width and height.
            let i = rng.below(5) as usize;
            let random = rng.next_u64() as u8;
            bytes[i] = pick(rng, &[0, 1, 2, 0x7F, 0x80, 0xFF, random]);
        }
        5 if !bytes.is_empty() => {
            let i = rng.below(bytes.len() as u32) as usize;
            bytes[i] = rng.next_u64() as u8;
        }
        _ => {
            let n = rng.below(8) as usize;
            bytes.extend((0..n).map(|_| rng.next_u64() as u8));
        }
    }
}

fn random_bytes(rng: &mut Rng, max: u32) -> Vec<u8> {
    let n = rng.below(max + 1) as usize;
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

fn random_string(rng: &mut Rng, alphabet: &[char], max: u32) -> String {
    let n = rng.below(max + 1) as usize;
    (0..n).map(|_| pick(rng, alphabet)).collect()
}

/// A decoded view must be valid and survive a second trip unchanged.
fn check_view(view: &SharedView) {
    let grid = &view.grid;
    assert!(grid.is_passable(view.start) && grid.is_passable(view.goal));
    assert!(grid.width() >= 1 && grid.height() >= 1);
    let again = share::decode(&share::encode(view, view.recipe.as_ref())).unwrap();
    assert_eq!(again.grid, view.grid);
    assert_eq!(
        (again.start, again.goal, again.params, again.view),
        (view.start, view.goal, view.params, view.view)
    );
}

/// Runs `cases` cases of one target on a worker thread, with a watchdog on this one.
fn fuzz(name: &'static str, seed: u64, cases: u64, case: fn(&mut Rng)) {
    let progress = Arc::new(AtomicU64::new(0));
    let done = progress.clone();
    let worker = std::thread::spawn(move || {
        let mut rng = Rng::new(seed);
        for i in 0..cases {
            done.store(i, Ordering::Relaxed);
            // Each case gets its own generator, so case i can be replayed alone.
            let mut case_rng = Rng::new(rng.next_u64());
            case(&mut case_rng);
        }
        done.store(u64::MAX, Ordering::Relaxed);
    });
    let mut last = 0;
    let mut still = Duration::ZERO;
    let tick = Duration::from_millis(50);
    while !worker.is_finished() {
        std::thread::sleep(tick);
        let now = progress.load(Ordering::Relaxed);
        if now == last {
            still += tick;
            assert!(still < HANG_AFTER, "{name}: case {now} hangs");
        } else {
            (last, still) = (now, Duration::ZERO);
        }
    }
    if let Err(panic) = worker.join() {
        let at = progress.load(Ordering::Relaxed);
        let why = (panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        panic!("{name}: case {at} (seed {seed}) panicked: {why}");
    }
    println!("{name}: {cases} cases, no panic");
}

/// Link text: valid links mutated as bytes or as text, plus random strings.
fn share_text_case(rng: &mut Rng) {
    const LINK_CHARS: &[char] = &[
        'A', 'Q', 'g', 'z', '0', '9', '-', '_', '+', '/', '=', '#', ' ', '%', 'é', '\n',
    ];
    let text = match rng.below(10) {
        0 => random_string(rng, LINK_CHARS, 200),
        1 => share::base64url_encode(&random_bytes(rng, 300)),
        2 => {
            // A plausible header in front of random bytes.
            let mut bytes = vec![1, 1 + rng.below(8) as u8, 0, 1 + rng.below(8) as u8, 0];
            bytes.extend(random_bytes(rng, 100));
            share::base64url_encode(&bytes)
        }
        k => {
            let (view, recipe) = random_view(rng);
            let mut bytes = share::encode_bytes(&view, recipe.as_ref());
            if k < 6 {
                for _ in 0..1 + rng.below(3) {
                    mutate_bytes(rng, &mut bytes);
                }
                share::base64url_encode(&bytes)
            } else {
                let mut text: Vec<char> = share::encode(&view, recipe.as_ref()).chars().collect();
                let i = rng.below(text.len() as u32) as usize;
                match k {
                    6 => text[i] = pick(rng, LINK_CHARS),
                    7 => text.truncate(i),
                    8 => text.insert(i, pick(rng, LINK_CHARS)),
                    _ => {
                        // Unchanged: a valid link must decode to its view.
                        let decoded = share::decode(&text.iter().collect::<String>()).unwrap();
                        assert_eq!(decoded.grid, view.grid);
                        return;
                    }
                }
                text.into_iter().collect()
            }
        }
    };
    if let Ok(view) = share::decode(&text) {
        check_view(&view);
    }
}

/// The body behind the checksum: mutate the decompressed body and compress it again, so the field checks
/// (not just the checksum) meet every kind of bad value.
fn share_body_case(rng: &mut Rng) {
    let (view, recipe) = random_view(rng);
    let bytes = share::encode_bytes(&view, recipe.as_ref());
    let mut body = miniz_oxide::inflate::decompress_to_vec_zlib(&bytes[5..]).unwrap();
    let mut header = bytes[..5].to_vec();
    for _ in 0..1 + rng.below(3) {
        if rng.below(6) == 0 {
            mutate_bytes(rng, &mut header);
        } else if rng.below(3) == 0 && body.len() > 24 {
            // Aim at the settings and view fields.
            let i = rng.below(24) as usize;
            body[i] = rng.next_u64() as u8;
        } else {
            mutate_bytes(rng, &mut body);
        }
    }
    let mut bytes = header;
    bytes.extend(miniz_oxide::deflate::compress_to_vec_zlib(&body, 1));
    if let Ok(view) = share::decode_bytes(&bytes, share::Medium::File) {
        check_view(&view);
    }
}

fn valid_map_text(rng: &mut Rng) -> String {
    let (w, h) = (1 + rng.below(30), 1 + rng.below(30));
    let mut text = format!("type octile\nheight {h}\nwidth {w}\nmap\n");
    for _ in 0..h {
        for _ in 0..w {
            text.push(pick(rng, &['.', '.', '.', '@', 'T', 'G', 'S', 'O', 'W']));
        }
        text.push_str(if rng.below(10) == 0 { "\r\n" } else { "\n" });
    }
    text
}

/// Text mutations: characters replaced, inserted, deleted, lines dropped or duplicated, numbers edited, cut.
fn mutate_text(rng: &mut Rng, text: &str) -> String {
    const NOISE: &[char] = &[
        '.', '@', '#', 'x', ' ', '\t', '\n', '\r', '0', '9', '-', '1', 'é', '\u{0}', 'ß',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(chars.len() as u32 + 1) as usize;
        match rng.below(7) {
            0 if i < chars.len() => chars[i] = pick(rng, NOISE),
            1 => chars.insert(i, pick(rng, NOISE)),
            2 if i < chars.len() => {
                chars.remove(i);
            }
            3 => chars.truncate(i),
            4 => {
                // Drop or duplicate a line.
                let s: String = chars.iter().collect();
                let mut lines: Vec<&str> = s.split('\n').collect();
                let l = rng.below(lines.len() as u32) as usize;
                if rng.below(2) == 0 {
                    lines.remove(l);
                } else {
                    lines.insert(l, lines[l]);
                }
                chars = lines.join("\n").chars().collect();
            }
            5 => {
                // Edit a number: sizes, coordinates, lengths.
                let s: String = chars.iter().collect();
                let digits: Vec<usize> = s
                    .char_indices()
                    .filter(|(_, c)| c.is_ascii_digit())
                    .map(|(i, _)| i)
                    .collect();
                if let Some(&at) = digits.get(rng.below(digits.len().max(1) as u32) as usize) {
                    let replacement = pick(
                        rng,
                        &[
                            "0",
                            "99999999999",
                            "-1",
                            "2049",
                            "1e3",
                            "",
                            "4294967296",
                            "NaN",
                            "1.5",
                        ],
                    );
                    let mut s = s;
                    s.replace_range(at..at + 1, replacement);
                    chars = s.chars().collect();
                }
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn map_case(rng: &mut Rng) {
    const MAP_CHARS: &[char] = &['.', '@', 'T', 'm', 'a', 'p', '\n', ' ', '1', '0', 'w', 'h'];
    let text = match rng.below(8) {
        0 => random_string(rng, MAP_CHARS, 120),
        1 => String::from_utf8_lossy(&random_bytes(rng, 120)).into_owned(),
        2 => {
            let (w, h) = (rng.below(3000), rng.below(3000));
            format!("type octile\nheight {h}\nwidth {w}\nmap\n...\n")
        }
        _ => {
            let valid = valid_map_text(rng);
            if rng.below(10) == 0 {
                let grid = parse_map(&valid).unwrap();
                assert_eq!(parse_map(&write_map(&grid)).unwrap(), grid);
                return;
            }
            mutate_text(rng, &valid)
        }
    };
    if let Ok(grid) = parse_map(&text) {
        assert!(grid.width() >= 1 && grid.height() >= 1);
        assert_eq!(parse_map(&write_map(&grid)).unwrap(), grid);
    }
}

fn scen_case(rng: &mut Rng) {
    let valid = {
        let mut text = String::from(pick(rng, &["version 1\n", "version 1.0\n"]));
        for _ in 0..rng.below(8) {
            text.push_str(&format!(
                "{}\tmaps/dao/arena.map\t49\t49\t{}\t{}\t{}\t{}\t{}.{}\n",
                rng.below(30),
                rng.below(60),
                rng.below(60),
                rng.below(60),
                rng.below(60),
                rng.below(100),
                rng.below(100_000)
            ));
        }
        text
    };
    let text = match rng.below(8) {
        0 => random_string(
            rng,
            &[
                'v', 'e', 'r', 's', 'i', 'o', 'n', ' ', '\t', '\n', '1', '.', 'e', '-', 'a',
            ],
            150,
        ),
        1 => String::from_utf8_lossy(&random_bytes(rng, 150)).into_owned(),
        2 => {
            parse_scen(&valid).unwrap();
            return;
        }
        _ => mutate_text(rng, &valid),
    };
    if let Ok(problems) = parse_scen(&text) {
        check_problems(&problems);
    }
}

/// Accepted problems must be sound and write back to the same problems.
fn check_problems(problems: &[Problem]) {
    for p in problems {
        assert!(p.optimal.is_finite() && p.optimal >= 0.0);
    }
    assert_eq!(parse_scen(&write_scen(problems)).unwrap(), problems);
}

/// A scenario file listing `problems`, each optimal length with as many decimals as it was read with.
fn write_scen(problems: &[Problem]) -> String {
    let mut text = String::from("version 1\n");
    for p in problems {
        text.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.*}\n",
            p.bucket,
            p.map,
            p.width,
            p.height,
            p.start_x,
            p.start_y,
            p.goal_x,
            p.goal_y,
            p.decimals as usize,
            p.optimal
        ));
    }
    text
}

fn valid_text_map(rng: &mut Rng) -> String {
    let (view, _) = random_view(rng);
    let grid = view.grid;
    let start = (rng.below(3) > 0).then(|| grid.xy(view.start));
    let goal = (rng.below(3) > 0).then(|| grid.xy(view.goal));
    text::write(&TextMap { grid, start, goal })
}

fn text_map_case(rng: &mut Rng) {
    const TEXT_CHARS: &[char] = &[
        'a', 's', 't', 'r', '-', 'm', 'p', ' ', '1', '2', '\n', '#', '.', 'f', '~', 'z', 'e',
    ];
    let source = match rng.below(10) {
        0 => random_string(rng, TEXT_CHARS, 150),
        1 => format!("astar-map 1\n{}", random_string(rng, TEXT_CHARS, 150)),
        2 => String::from_utf8_lossy(&random_bytes(rng, 150)).into_owned(),
        3 => {
            let source = valid_text_map(rng);
            let map = text::parse(&source).unwrap();
            assert_eq!(text::write(&map), source);
            return;
        }
        _ => {
            let source = valid_text_map(rng);
            mutate_text(rng, &source)
        }
    };
    if let Ok(map) = text::parse(&source) {
        let grid = &map.grid;
        for (x, y) in [map.start, map.goal].into_iter().flatten() {
            assert!(x < grid.width() && y < grid.height());
            assert!(grid.is_passable(grid.cell(x, y)));
        }
        assert_eq!(text::parse(&text::write(&map)).unwrap(), map);
    }
}

/// The files of the corpus in folder `kind` (`maps`, `scenarios`, `links`), plus arena's map and
/// scenario (valid files of real size) among the maps and scenarios; read once. With `valid`, only the
/// files the expectations say are accepted.
fn seeds(kind: &str, valid: bool) -> &'static [Vec<u8>] {
    /// The files of one folder, all of them or only the accepted ones.
    struct Seeds {
        kind: &'static str,
        valid: bool,
        files: Vec<Vec<u8>>,
    }
    static SEEDS: OnceLock<Vec<Seeds>> = OnceLock::new();
    let all = SEEDS.get_or_init(|| {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/movingai");
        let corpus = corpus::expectations();
        let mut all = vec![];
        for k in ["maps", "scenarios", "links"] {
            for valid in [false, true] {
                let mut files: Vec<Vec<u8>> = corpus
                    .iter()
                    .filter(|e| e.kind() == k && (!valid || e.exit == 0))
                    .map(|e| e.bytes())
                    .collect();
                match k {
                    "maps" => files.push(std::fs::read(data.join("arena.map")).unwrap()),
                    "scenarios" => files.push(std::fs::read(data.join("arena.map.scen")).unwrap()),
                    _ => {}
                }
                assert!(!files.is_empty(), "no {k} in the corpus");
                all.push(Seeds {
                    kind: k,
                    valid,
                    files,
                });
            }
        }
        all
    });
    let seeds = all.iter().find(|s| s.kind == kind && s.valid == valid);
    &seeds.unwrap().files
}

/// Accepted inputs of the corpus targets (maps, scenarios, links): each target must reach its
/// round-trip check often, not only its refusals.
static ACCEPTED: [AtomicU64; 3] = [AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)];

/// Counts an accepted input of target `i` and returns `value`.
fn accepted<T>(i: usize, value: T) -> T {
    ACCEPTED[i].fetch_add(1, Ordering::Relaxed);
    value
}

/// Asserts that target `i` (`name`) accepted at least 2% of its cases, and says how many.
fn assert_reaches_acceptance(i: usize, name: &str) {
    let n = ACCEPTED[i].load(Ordering::Relaxed);
    println!("{name}: {n} of {CORPUS_CASES} accepted and round-tripped");
    assert!(n * 50 >= CORPUS_CASES, "{name}: only {n} accepted");
}

/// One corpus file of `kind` with mutations: byte-level ones ([`mutate_bytes`]), a chunk repeated, or
/// a splice with another file of the same kind (the start of one, the end of the other). Half the cases
/// start from an accepted file with one mutation at most, so that the round-trip checks run often;
/// the others from any file with one to four.
fn mutated_seed(rng: &mut Rng, kind: &str) -> Vec<u8> {
    let gentle = rng.below(2) == 0;
    let files = seeds(kind, gentle);
    let mut bytes = files[rng.below(files.len() as u32) as usize].clone();
    let mutations = if gentle {
        rng.below(2)
    } else {
        1 + rng.below(4)
    };
    for _ in 0..mutations {
        match rng.below(5) {
            0 => {
                let other = &files[rng.below(files.len() as u32) as usize];
                let cut = rng.below(bytes.len() as u32 + 1) as usize;
                let from = rng.below(other.len() as u32 + 1) as usize;
                bytes.truncate(cut);
                bytes.extend_from_slice(&other[from..]);
            }
            1 if !bytes.is_empty() => {
                let from = rng.below(bytes.len() as u32) as usize;
                let to = (from + 1 + rng.below(64) as usize).min(bytes.len());
                let chunk = bytes[from..to].to_vec();
                let at = rng.below(bytes.len() as u32 + 1) as usize;
                bytes.splice(at..at, chunk);
            }
            _ => mutate_bytes(rng, &mut bytes),
        }
    }
    bytes
}

fn corpus_map_case(rng: &mut Rng) {
    let source = String::from_utf8_lossy(&mutated_seed(rng, "maps")).into_owned();
    if text::looks_like(&source) {
        if let Ok(map) = text::parse(&source) {
            assert_eq!(text::parse(&text::write(&map)).unwrap(), accepted(0, map));
        }
    } else if movingai::looks_like(&source) {
        if let Ok(grid) = parse_map(&source) {
            assert_eq!(parse_map(&write_map(&grid)).unwrap(), accepted(0, grid));
        }
    }
    // Whatever the content says, the other parser must not panic on it either.
    let _ = (text::parse(&source), parse_map(&source));
}

fn corpus_scen_case(rng: &mut Rng) {
    let source = String::from_utf8_lossy(&mutated_seed(rng, "scenarios")).into_owned();
    if let Ok(problems) = parse_scen(&source) {
        check_problems(accepted(1, &problems));
    }
}

fn corpus_link_case(rng: &mut Rng) {
    let source = String::from_utf8_lossy(&mutated_seed(rng, "links")).into_owned();
    if let Ok(view) = share::decode(&source) {
        check_view(accepted(2, &view));
    }
}

#[test]
fn mutated_corpus_maps_are_refused_or_round_trip() {
    fuzz("corpus maps", 0x5EED_0011, CORPUS_CASES, corpus_map_case);
    assert_reaches_acceptance(0, "corpus maps");
}

#[test]
fn mutated_corpus_scenarios_are_refused_or_round_trip() {
    fuzz(
        "corpus scenarios",
        0x5EED_0012,
        CORPUS_CASES,
        corpus_scen_case,
    );
    assert_reaches_acceptance(1, "corpus scenarios");
}

#[test]
fn mutated_corpus_links_are_refused_or_round_trip() {
    fuzz("corpus links", 0x5EED_0013, CORPUS_CASES, corpus_link_case);
    assert_reaches_acceptance(2, "corpus links");
}

#[test]
fn own_text_maps_survive_mutated_and_random_text() {
    fuzz("own text map", 0x5EED_0005, TEXT_CASES, text_map_case);
}

#[test]
fn share_links_survive_mutated_and_random_text() {
    fuzz(
        "share link text",
        0x5EED_0001,
        SHARE_TEXT_CASES,
        share_text_case,
    );
}

#[test]
fn share_link_bodies_survive_mutations_behind_the_checksum() {
    fuzz(
        "share link body",
        0x5EED_0002,
        SHARE_BODY_CASES,
        share_body_case,
    );
}

#[test]
fn moving_ai_maps_survive_mutated_and_random_text() {
    fuzz("Moving AI .map", 0x5EED_0003, MAP_CASES, map_case);
}

#[test]
fn moving_ai_scenarios_survive_mutated_and_random_text() {
    fuzz("Moving AI .map.scen", 0x5EED_0004, SCEN_CASES, scen_case);
}
