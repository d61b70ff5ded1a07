//! The CLI's integration tests, one module a subject, in one test binary (built and linked once, not once a
//! file), each running the `astar` binary cargo builds for them.

#[path = "../common/mod.rs"]
mod common;
// The corpus of input files and its expectations, read as the core's tests read them.
#[path = "../../../astar-core/tests/common/corpus.rs"]
mod corpus_files;

mod cli;
mod corpus;
mod help_defaults;
mod output;
mod refusals;
mod replan;
mod special_files;
