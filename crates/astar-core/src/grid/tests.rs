//! The grid's own tests: the bordered copy, ASCII maps and the size limit.

use super::*;

#[test]
fn the_bordered_terrain_follows_every_edit() {
    let mut grid = Grid::from_ascii("..f\n#~.").unwrap();
    grid.set_terrain(grid.cell(2, 1), Terrain::Wall);
    grid.set_terrain(grid.cell(0, 0), Terrain::Swamp);
    let rows: Vec<String> = grid
        .bordered_terrain()
        .chunks(5)
        .map(|row| row.iter().map(|t| t.to_char()).collect())
        .collect();
    assert_eq!(rows, ["#####", "#~.f#", "##~##", "#####"]);
}

#[test]
fn ascii_round_trip() {
    let text = "#.f~\n~f=#\n";
    let grid = Grid::from_ascii(text).unwrap();
    assert_eq!((grid.width(), grid.height()), (4, 2));
    assert_eq!(grid.to_ascii(), text);
    assert_eq!(grid.terrain(grid.cell(3, 0)), Terrain::Swamp);
    assert_eq!(grid.cost_tenths(grid.cell(2, 0)), 30);
}

#[test]
fn sizes_outside_the_limit_are_refused() {
    assert!(Grid::new(0, 5).is_err());
    assert!(Grid::new(MAX_SIDE + 1, 5).is_err());
    assert!(Grid::new(MAX_SIDE, MAX_SIDE).is_ok());
}

#[test]
fn ragged_ascii_names_line_and_column() {
    let err = Grid::from_ascii("...\n.x.\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 2: unknown terrain character 'x'"
    );
}

#[test]
fn cheapest_and_dearest_look_only_at_present_terrain() {
    let mut grid = Grid::from_ascii("ff~").unwrap();
    assert_eq!((grid.cheapest_tenths(), grid.dearest_tenths()), (30, 50));
    grid.set_costs(TerrainCosts::whole(1, 9, 2)).unwrap();
    assert_eq!((grid.cheapest_tenths(), grid.dearest_tenths()), (20, 90));
    grid.set_terrain(0, Terrain::Road);
    assert_eq!(grid.cheapest_tenths(), 7, "the road's default 0.7");
    assert_eq!(Grid::from_ascii("#").unwrap().cheapest_tenths(), 10);
}

#[test]
fn costs_are_tenths_from_a_tenth_to_255() {
    let costs = TerrainCosts::default();
    assert_eq!(costs.tenths(Terrain::Road), 7);
    assert!(costs
        .with(Terrain::Road, MIN_COST_TENTHS)
        .validate()
        .is_ok());
    assert!(costs
        .with(Terrain::Swamp, MAX_COST_TENTHS)
        .validate()
        .is_ok());
    for (terrain, bad) in [(Terrain::Road, 0), (Terrain::Forest, MAX_COST_TENTHS + 1)] {
        let err = costs.with(terrain, bad).validate().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "the cost of {} must be a number from 0.1 to 255 in steps of 0.1",
                terrain.name()
            )
        );
    }
    assert_eq!(costs.words(), "plain 1 road 0.7 forest 3 swamp 5");
    let texts: Vec<String> = [10, 7, 25, 2550, 1].map(tenths_text).into();
    assert_eq!(texts, ["1", "0.7", "2.5", "255", "0.1"]);
}

#[test]
fn a_terrain_version_changes_with_every_edit_and_each_copy_has_its_own() {
    let mut grid = Grid::from_ascii("..\n#.").unwrap();
    let first = grid.terrain_version();
    assert_eq!(grid.terrain_version(), first);
    let mut copy = grid.clone();
    assert_eq!(copy, grid, "a copy is the same map");
    assert_ne!(copy.terrain_version(), first, "a copy has its own version");
    grid.set_terrain(1, Terrain::Wall);
    copy.set_terrain(1, Terrain::Forest);
    assert_ne!(grid.terrain_version(), first);
    assert_ne!(grid.terrain_version(), copy.terrain_version());
    // Costs are not terrain: the version stays.
    let edited = grid.terrain_version();
    grid.set_costs(TerrainCosts::default()).unwrap();
    assert_eq!(grid.terrain_version(), edited);
    assert_ne!(Grid::from_ascii("..\n#.").unwrap().terrain_version(), first);
}
