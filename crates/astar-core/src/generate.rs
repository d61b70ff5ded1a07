//! Seeded map generators. The same seed gives the same map on every platform.

use crate::grid::{Grid, GridError, Terrain};
use crate::rng::Rng;

/// Shares of each non-plain terrain in a random map, as fractions 0..=1 whose sum is at most 1.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TerrainShares {
    /// Fraction of walls.
    pub wall: f64,
    /// Fraction of forest.
    pub forest: f64,
    /// Fraction of swamp.
    pub swamp: f64,
}

impl TerrainShares {
    /// The shares of the article's benchmark maps: 20% wall, 15% forest, 7% swamp.
    pub const ARTICLE: TerrainShares = TerrainShares {
        wall: 0.20,
        forest: 0.15,
        swamp: 0.07,
    };
}

/// A map where each cell independently is wall, forest, swamp or plain with the given shares.
pub fn random_terrain(
    width: u32,
    height: u32,
    shares: TerrainShares,
    seed: u64,
) -> Result<Grid, GridError> {
    let mut grid = Grid::new(width, height)?;
    let mut rng = Rng::new(seed);
    for cell in 0..grid.len() as u32 {
        let roll = rng.unit();
        let terrain = if roll < shares.wall {
            Terrain::Wall
        } else if roll < shares.wall + shares.forest {
            Terrain::Forest
        } else if roll < shares.wall + shares.forest + shares.swamp {
            Terrain::Swamp
        } else {
            Terrain::Plain
        };
        grid.set_terrain(cell, terrain);
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_roughly_kept_and_seeds_repeat() {
        let grid = random_terrain(200, 200, TerrainShares::ARTICLE, 42).unwrap();
        let walls = grid.count(Terrain::Wall) as f64 / grid.len() as f64;
        assert!((walls - 0.20).abs() < 0.01, "wall share {walls}");
        assert_eq!(
            grid,
            random_terrain(200, 200, TerrainShares::ARTICLE, 42).unwrap()
        );
        assert_ne!(
            grid,
            random_terrain(200, 200, TerrainShares::ARTICLE, 43).unwrap()
        );
    }
}
