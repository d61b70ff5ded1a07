//! What `astar check` says of a problem that did not pass ([`mismatch_line`]), and its rule for an
//! any-angle length against a printed grid optimum ([`longer_than_printed`]): shared by the grid searches'
//! check (`check.rs`) and the mesh searches' (`check_mesh.rs`).

use astar_core::formats::movingai::Problem;

/// The line `check` writes for a mismatch of problem `index` (0-based) of the file, `p`.
pub fn mismatch_line(index: usize, p: &Problem, why: &str) -> String {
    format!(
        "mismatch: problem {} (bucket {}): ({}, {}) -> ({}, {}): {why}",
        index + 1,
        p.bucket,
        p.start_x,
        p.start_y,
        p.goal_x,
        p.goal_y
    )
}

/// True when an any-angle path of `length` is longer than the grid optimum the file prints as `optimal`
/// with `decimals` decimals. Allowed: the print's rounding, and the generator's √2, a little short of
/// the true one (27 diagonal steps print as 38.18376617, where 27·√2 = 38.183766184); both are below
/// 1e-8 of the length, and a path really longer than the optimum is longer by far more.
pub fn longer_than_printed(length: f64, optimal: f64, decimals: u32) -> bool {
    length > optimal + 0.5 * 10f64.powi(-(decimals as i32)) + optimal * 1e-8
}
