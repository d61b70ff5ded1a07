//! What an algorithm that is not optimal promises instead, as its registry row states it ([`Unbounded`]),
//! and HPA*'s measured cost over the optimum. Data only, below the registry and [`crate::bound`] (which
//! words the promise of a search from it), so that neither imports the other for it.

/// Which maps a measurement was made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename_all = "kebab-case"))]
pub enum MapKind {
    /// Every passable cell costs the same.
    Uniform,
    /// Forest and swamp cost more than plain.
    Terrain,
}

impl MapKind {
    /// Its name as the page reads it.
    pub fn name(self) -> &'static str {
        match self {
            MapKind::Uniform => "uniform",
            MapKind::Terrain => "terrain",
        }
    }
}

/// A measured cost over the optimum, as fractions (0.06 = 6% more), on seeded maps of one kind.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MeasuredLoss {
    /// The maps measured.
    pub maps: MapKind,
    /// Searches measured.
    pub searches: u32,
    /// The mean cost over the optimum.
    pub mean: f64,
    /// The largest cost over the optimum seen.
    pub worst: f64,
}

/// What a registry row that is not optimal says instead of a bound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unbounded {
    /// Nothing to say.
    None,
    /// Fewest moves.
    FewestMoves,
    /// Any angle.
    AnyAngle,
    /// Measurements, one per kind of map (the one matching the map is shown).
    Measured(&'static [MeasuredLoss]),
}

/// HPA*'s cost over the optimum at the default cluster size, measured on 120 seeded random maps of each
/// kind (16 to 128 cells a side, walls 20%; with terrain forest 15% and swamp 7% at costs 1, 3 and 5),
/// each searched with the four movements. `tests/suite/hpa_bound.rs` measures them again and fails when they
/// move. `worst` is the worst of those searches, not a bound: other maps do worse (a 50 × 30 map with
/// terrain and 4-neighbour moves was seen at +129%). On terrain the entrances, placed by the free cells
/// alone, often make the abstract path cross dear cells that refinement and smoothing cannot leave.
pub const HPA_OVER_OPTIMUM: &[MeasuredLoss] = &[
    MeasuredLoss {
        maps: MapKind::Uniform,
        searches: 479,
        mean: 0.005563,
        worst: 0.090909,
    },
    MeasuredLoss {
        maps: MapKind::Terrain,
        searches: 479,
        mean: 0.035547,
        worst: 0.312361,
    },
];
