//! Making the engine of an algorithm: the one place that names every engine type, above them all and
//! above the registry (whose rows are data, so that the engines can read them without a circle). An
//! algorithm this build leaves out (JPS, HPA*, JPS+, Theta* and ARA* in the page's first wasm module: their
//! features) gets the A* family's engine, which refuses it with
//! [`super::registry::not_in_this_build`]: a type of its own would cost the first download more.

use super::stepper::Stepper;
use super::{Algorithm, Bidirectional, DStarLite, DynamicFamily, Family};

/// A new engine for `algorithm`.
pub fn make(algorithm: Algorithm) -> Box<dyn Stepper> {
    match algorithm {
        Algorithm::Bfs | Algorithm::Dijkstra | Algorithm::Greedy | Algorithm::AStar => family(),
        Algorithm::Bidirectional => Box::new(Bidirectional::new()),
        Algorithm::DynamicWeight => Box::new(DynamicFamily::new()),
        #[cfg(feature = "jps")]
        Algorithm::Jps => Box::new(super::Jps::new()),
        Algorithm::DStarLite => Box::new(DStarLite::new()),
        #[cfg(feature = "theta")]
        Algorithm::ThetaStar => Box::new(super::ThetaStar::new()),
        #[cfg(feature = "jps-plus")]
        Algorithm::JpsPlus => Box::new(super::Jps::plus()),
        #[cfg(feature = "hpa")]
        Algorithm::Hpa => Box::new(super::Hpa::new()),
        #[cfg(feature = "ara")]
        Algorithm::Ara => Box::new(super::Ara::new()),
        #[cfg(not(feature = "theta"))]
        Algorithm::ThetaStar => family(),
        #[cfg(not(feature = "jps"))]
        Algorithm::Jps => family(),
        #[cfg(not(feature = "jps-plus"))]
        Algorithm::JpsPlus => family(),
        #[cfg(not(feature = "hpa"))]
        Algorithm::Hpa => family(),
        #[cfg(not(feature = "ara"))]
        Algorithm::Ara => family(),
    }
}

/// BFS, Dijkstra, greedy and A*: the fast engine, or the turn penalty's layered search on a map with one
/// ([`Family`]).
fn family() -> Box<dyn Stepper> {
    Box::new(Family::new())
}
