//! What each terrain costs to enter ([`TerrainCosts`]), in tenths, and the limits of those costs.

use super::error::GridError;
use super::terrain::Terrain;

/// The cheapest cost a terrain may have, in tenths (0.1).
pub const MIN_COST_TENTHS: u16 = 1;

/// The dearest cost a terrain may have, in tenths (255).
pub const MAX_COST_TENTHS: u16 = 2550;

/// A cost in tenths as the shortest decimal that reads back to it: 10 → "1", 7 → "0.7", 25 → "2.5".
pub fn tenths_text(tenths: u16) -> String {
    let mut text = (tenths / 10).to_string();
    if !tenths.is_multiple_of(10) {
        text.push('.');
        text.push(char::from(b'0' + (tenths % 10) as u8));
    }
    text
}

/// What it costs to enter a cell of each passable terrain, in tenths: 1..=2550 for 0.1 to 255 (walls
/// cannot be entered). Plain is 1 (10 tenths) unless the user changes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TerrainCosts {
    /// Cost of entering a plain cell, in tenths.
    pub plain: u16,
    /// Cost of entering a road cell, in tenths.
    pub road: u16,
    /// Cost of entering a forest cell, in tenths.
    pub forest: u16,
    /// Cost of entering a swamp cell, in tenths.
    pub swamp: u16,
}

impl Default for TerrainCosts {
    /// Plain 1, road 0.7, forest 3, swamp 5.
    fn default() -> Self {
        TerrainCosts {
            plain: 10,
            road: 7,
            forest: 30,
            swamp: 50,
        }
    }
}

impl TerrainCosts {
    /// Costs of 1 for every passable terrain (the Moving AI benchmark model).
    pub const UNIFORM: TerrainCosts = TerrainCosts {
        plain: 10,
        road: 10,
        forest: 10,
        swamp: 10,
    };

    /// Whole-number costs for plain, forest and swamp, with the road at its default 0.7: the tables
    /// links and files held before costs had tenths.
    pub fn whole(plain: u8, forest: u8, swamp: u8) -> TerrainCosts {
        TerrainCosts {
            plain: plain as u16 * 10,
            forest: forest as u16 * 10,
            swamp: swamp as u16 * 10,
            ..TerrainCosts::default()
        }
    }

    /// The cost of entering `terrain` in tenths, or 0 for a wall.
    #[inline]
    pub fn tenths(&self, terrain: Terrain) -> u16 {
        match terrain {
            Terrain::Wall => 0,
            Terrain::Plain => self.plain,
            Terrain::Forest => self.forest,
            Terrain::Swamp => self.swamp,
            Terrain::Road => self.road,
        }
    }

    /// This table with `terrain`'s cost set to `tenths` (a wall has no cost: unchanged).
    pub fn with(mut self, terrain: Terrain, tenths: u16) -> TerrainCosts {
        match terrain {
            Terrain::Wall => {}
            Terrain::Plain => self.plain = tenths,
            Terrain::Forest => self.forest = tenths,
            Terrain::Swamp => self.swamp = tenths,
            Terrain::Road => self.road = tenths,
        }
        self
    }

    /// "plain 1 road 0.7 forest 3 swamp 5": the words of the text format's `costs` line (not a `Display`:
    /// the formatting machinery costs the page's module more than this).
    pub fn words(&self) -> String {
        let mut text = String::new();
        for terrain in [
            Terrain::Plain,
            Terrain::Road,
            Terrain::Forest,
            Terrain::Swamp,
        ] {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(terrain.name());
            text.push(' ');
            text.push_str(&tenths_text(self.tenths(terrain)));
        }
        text
    }

    /// Checks that every cost is in [`MIN_COST_TENTHS`]..=[`MAX_COST_TENTHS`].
    pub fn validate(&self) -> Result<(), GridError> {
        for terrain in Terrain::PASSABLE {
            if !(MIN_COST_TENTHS..=MAX_COST_TENTHS).contains(&self.tenths(terrain)) {
                return Err(GridError::BadCost {
                    terrain: terrain.name(),
                });
            }
        }
        Ok(())
    }
}
