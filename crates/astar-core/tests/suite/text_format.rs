//! The project's text map format on real maps: generated maps of every kind, with custom costs and end
//! cells, read back unchanged; and thousands of mutated files that must be refused cleanly (an error with
//! a line where one applies), never a panic.

use astar_core::formats::text::{looks_like, parse, write, TextMap};
use astar_core::generate::{maze, random_terrain, rooms, sprinkle, TerrainShares};
use astar_core::rng::Rng;
use astar_core::{Grid, TerrainCosts};

fn maps() -> Vec<TextMap> {
    let mut out = vec![];
    for seed in 0..12u64 {
        let mut rng = Rng::new(seed);
        let (w, h) = (1 + rng.below(80), 1 + rng.below(50));
        let mut grid: Grid = match seed % 3 {
            0 => random_terrain(w, h, TerrainShares::ARTICLE, seed).unwrap(),
            1 => maze(w, h, 1 + rng.below(3), seed).unwrap(),
            _ => rooms(w, h, 3 + rng.below(6), seed).unwrap(),
        };
        sprinkle(&mut grid, 0.1, 0.1, seed);
        for cell in (0..grid.len() as u32).step_by(7) {
            if grid.is_passable(cell) {
                grid.set_terrain(cell, astar_core::Terrain::Road);
            }
        }
        let mut tenths = || 1 + rng.below(2550) as u16;
        let costs = TerrainCosts {
            plain: tenths(),
            road: tenths(),
            forest: tenths(),
            swamp: tenths(),
        };
        grid.set_costs(costs).unwrap();
        let passable: Vec<u32> = (0..grid.len() as u32)
            .filter(|&c| grid.is_passable(c))
            .collect();
        let mut map = TextMap::new(grid);
        if !passable.is_empty() && seed % 2 == 0 {
            map.start = Some(map.grid.xy(passable[0]));
            map.goal = Some(map.grid.xy(passable[passable.len() - 1]));
        }
        out.push(map);
    }
    out
}

#[test]
fn generated_maps_round_trip_exactly() {
    for map in maps() {
        let text = write(&map);
        assert!(looks_like(&text));
        assert_eq!(parse(&text).unwrap(), map, "{text}");
        // CRLF and no final newline read the same.
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(parse(crlf.trim_end()).unwrap(), map);
    }
}

#[test]
fn mutated_files_are_refused_without_panicking() {
    let originals: Vec<String> = maps().iter().map(write).collect();
    let alphabet: Vec<char> = "#.f~ \n\r0123456789-astrmpgoclizefdw\u{e9}\u{1F600}\t"
        .chars()
        .collect();
    let mut rng = Rng::new(2026);
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..20_000 {
        let original = &originals[round % originals.len()];
        let mut chars: Vec<char> = original.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(chars.len() as u32 + 1) as usize;
            match rng.below(4) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 => chars.insert(at, alphabet[rng.below(alphabet.len() as u32) as usize]),
                2 if at < chars.len() => {
                    chars[at] = alphabet[rng.below(alphabet.len() as u32) as usize]
                }
                _ => chars.truncate(at),
            }
        }
        let text: String = chars.into_iter().collect();
        match parse(&text) {
            Ok(map) => {
                accepted += 1;
                // Whatever was accepted is a valid map that writes and reads back the same.
                assert_eq!(parse(&write(&map)).unwrap(), map);
            }
            Err(e) => {
                refused += 1;
                assert!(!e.message.to_string().is_empty());
            }
        }
    }
    assert!(
        refused > 10_000 && accepted > 100,
        "accepted {accepted}, refused {refused}"
    );
}
