//! What the settings promise about the cost of the path found, as data: the page's badge words it in the
//! reader's language (and the CLI in English) from the kind and its numbers, and nothing outside this
//! module re-derives the rule. One rule decides it:
//!
//! - a weighted heuristic search (A*, dynamic weighting, where w is the weight it starts from) with an
//!   admissible heuristic is exact at w ≤ 1 and within w × the optimum above; with an inadmissible
//!   heuristic it promises nothing;
//! - an anytime search (ARA*) promises what its last path has, whatever w it starts from: exact with an
//!   admissible heuristic (each path it publishes on the way has a bound of its own, in its stats);
//! - another algorithm that is optimal is exact, unless it uses a heuristic that is not admissible;
//! - an algorithm that is not optimal says what it does instead ([`Unbounded`], from its registry row):
//!   nothing, fewest moves, any angle, or what was measured on maps like this one (HPA*).

use crate::grid::Grid;
pub use crate::promise::{MapKind, MeasuredLoss, Unbounded, HPA_OVER_OPTIMUM};
use crate::search::registry::{self, has_uniform_cost};
use crate::search::SearchParams;

/// The promise about the path's cost that the settings give on a map. It crosses to the page as an
/// object whose `kind` names the variant (kebab-case) beside the variant's fields (serialized by hand:
/// serde's tagged enums cost the page's first download about a kilobyte).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(tag = "kind", rename_all = "kebab-case"))]
pub enum Bound {
    /// The path is optimal.
    Exact,
    /// The path costs at most `w` × the optimum.
    Weighted {
        /// The weight (above 1).
        w: f64,
    },
    /// The heuristic overestimates for the movement, so nothing is guaranteed.
    NotAdmissible,
    /// Nothing is guaranteed (greedy best-first).
    #[default]
    None,
    /// The fewest moves, not the cheapest path (breadth-first).
    FewestMoves,
    /// Any-angle segments, so the length can beat the grid's optimum (Theta*).
    AnyAngle,
    /// Nothing is guaranteed; on maps of this kind the cost over the optimum was measured (HPA*).
    Measured(MeasuredLoss),
}

impl Bound {
    /// The variant's name as the page reads it.
    pub fn kind(&self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Weighted { .. } => "weighted",
            Bound::NotAdmissible => "not-admissible",
            Bound::None => "none",
            Bound::FewestMoves => "fewest-moves",
            Bound::AnyAngle => "any-angle",
            Bound::Measured(_) => "measured",
        }
    }
}

impl serde::Serialize for Bound {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let fields = match self {
            Bound::Weighted { .. } => 2,
            Bound::Measured(_) => 5,
            _ => 1,
        };
        let mut out = serializer.serialize_struct("Bound", fields)?;
        out.serialize_field("kind", self.kind())?;
        match self {
            Bound::Weighted { w } => out.serialize_field("w", w)?,
            Bound::Measured(loss) => {
                // Only field types Stats already serializes (&str, f64): no new serializer code.
                out.serialize_field("maps", loss.maps.name())?;
                out.serialize_field("searches", &f64::from(loss.searches))?;
                out.serialize_field("mean", &loss.mean)?;
                out.serialize_field("worst", &loss.worst)?;
            }
            _ => {}
        }
        out.end()
    }
}

/// The promise `params` give on `grid`.
pub fn bound(params: &SearchParams, grid: &Grid) -> Bound {
    let info = registry::info(params.algorithm);
    // An unscaled h on a map with a terrain cheaper than 1 overestimates, whichever heuristic it is.
    // So does h with the watchers' danger in it (seed 003's way).
    let overestimates = params.h_overestimates_costs(grid) || params.danger_in_h_applies(grid);
    let admissible = params.heuristic.is_admissible(params.movement) && !overestimates;
    if info.uses_weight && info.uses_heuristic && !info.anytime {
        return match (admissible, params.weight.milli() <= 1000) {
            (false, _) => Bound::NotAdmissible,
            (true, true) => Bound::Exact,
            (true, false) => Bound::Weighted {
                w: params.weight.get(),
            },
        };
    }
    if !info.optimal {
        return match info.unbounded {
            Unbounded::None => Bound::None,
            Unbounded::FewestMoves => Bound::FewestMoves,
            Unbounded::AnyAngle => Bound::AnyAngle,
            Unbounded::Measured(losses) => {
                let kind = if has_uniform_cost(grid) {
                    MapKind::Uniform
                } else {
                    MapKind::Terrain
                };
                losses
                    .iter()
                    .find(|loss| loss.maps == kind)
                    .map_or(Bound::None, |&loss| Bound::Measured(loss))
            }
        };
    }
    if (info.uses_heuristic && !admissible) || overestimates {
        Bound::NotAdmissible
    } else {
        Bound::Exact
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Algorithm, Weight};
    use crate::{Heuristic, Movement};

    fn with(
        algorithm: Algorithm,
        heuristic: Heuristic,
        movement: Movement,
        w: f64,
    ) -> SearchParams {
        SearchParams {
            algorithm,
            heuristic,
            movement,
            weight: Weight::new(w).unwrap(),
            ..SearchParams::default()
        }
    }

    #[test]
    fn an_unscaled_h_on_a_map_with_a_road_promises_nothing_and_elsewhere_what_it_did() {
        let eight = Movement::Eight(crate::movement::CornerRule::NoCut);
        let mut road = Grid::from_ascii("....\n....").unwrap();
        road.set_terrain(1, crate::Terrain::Road);
        let mut forest = Grid::from_ascii("ffff\nffff").unwrap();
        forest.set_terrain(1, crate::Terrain::Swamp);
        for algorithm in [
            Algorithm::AStar,
            Algorithm::Bidirectional,
            Algorithm::DStarLite,
        ] {
            let scaled = with(algorithm, Heuristic::Octile, eight, 1.0);
            let unscaled = SearchParams {
                unscaled_h: true,
                danger_in_h: false,
                ..scaled
            };
            assert_eq!(bound(&scaled, &road), Bound::Exact, "{algorithm:?}");
            assert_eq!(
                bound(&unscaled, &road),
                Bound::NotAdmissible,
                "{algorithm:?}"
            );
            assert_eq!(
                bound(&unscaled, &forest),
                Bound::Exact,
                "{algorithm:?}: weaker, still a lower bound"
            );
        }
        let dijkstra = SearchParams {
            unscaled_h: true,
            danger_in_h: false,
            ..with(Algorithm::Dijkstra, Heuristic::Octile, eight, 1.0)
        };
        assert_eq!(bound(&dijkstra, &road), Bound::Exact, "Dijkstra has no h");
    }

    #[test]
    fn each_kind_of_promise_comes_from_the_rule() {
        let plain = Grid::from_ascii("....\n....").unwrap();
        let mut terrain = plain.clone();
        terrain.set_terrain(1, crate::Terrain::Swamp);
        let eight = Movement::Eight(crate::movement::CornerRule::NoCut);
        let cases = [
            (
                with(Algorithm::AStar, Heuristic::Octile, eight, 1.0),
                &plain,
                Bound::Exact,
            ),
            (
                with(Algorithm::AStar, Heuristic::Octile, eight, 2.5),
                &plain,
                Bound::Weighted { w: 2.5 },
            ),
            (
                with(Algorithm::AStar, Heuristic::Manhattan, eight, 1.0),
                &plain,
                Bound::NotAdmissible,
            ),
            (
                with(Algorithm::Dijkstra, Heuristic::Manhattan, eight, 3.0),
                &plain,
                Bound::Exact,
            ),
            (
                with(Algorithm::Greedy, Heuristic::Octile, eight, 1.0),
                &plain,
                Bound::None,
            ),
            (
                with(Algorithm::Bfs, Heuristic::Octile, eight, 1.0),
                &plain,
                Bound::FewestMoves,
            ),
            (
                with(Algorithm::ThetaStar, Heuristic::Octile, eight, 1.0),
                &plain,
                Bound::AnyAngle,
            ),
            (
                with(Algorithm::Hpa, Heuristic::Octile, eight, 1.0),
                &plain,
                Bound::Measured(HPA_OVER_OPTIMUM[0]),
            ),
            (
                with(Algorithm::Hpa, Heuristic::Octile, eight, 1.0),
                &terrain,
                Bound::Measured(HPA_OVER_OPTIMUM[1]),
            ),
        ];
        for (params, grid, expected) in cases {
            assert_eq!(bound(&params, grid), expected, "{:?}", params.algorithm);
        }
        assert_eq!(HPA_OVER_OPTIMUM[0].maps, MapKind::Uniform);
        assert_eq!(HPA_OVER_OPTIMUM[1].maps, MapKind::Terrain);
    }
}
