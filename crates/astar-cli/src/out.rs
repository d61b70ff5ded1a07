//! Standard output and standard error for every subcommand: the one path all output takes, so a failed
//! write is reported the same way whichever subcommand made it.
//!
//! - A write that fails (a full disk, `>/dev/full`, an I/O error) ends the process at once with
//!   `astar: cannot write to standard output: REASON` on standard error and exit status 2: the answer
//!   did not arrive, so the command did not succeed.
//! - A reader that went away (`astar check ... | head -c 100`: a closed pipe) ends the process quietly
//!   with exit status [`CLOSED_PIPE`] = 141, what a shell reports for a Unix tool ended by SIGPIPE:
//!   nothing on standard error (the reader asked for no more), but never 0, because the output was
//!   cut short (`set -o pipefail` sees it).
//! - Notes (`astar: note: ...`) wait until the command has succeeded, so an error is always the only
//!   line on standard error.
//!
//! Standard error itself is written without panicking: if it is closed or full there is nowhere left to
//! complain, and the exit status still tells.

use std::io::{self, BufWriter, StdoutLock, Write};

/// The exit status when the reader of standard output has gone away (128 + SIGPIPE's number, 13).
pub const CLOSED_PIPE: i32 = 141;

/// Buffered standard output for one command, and the notes to print once it has succeeded.
pub struct Out {
    out: BufWriter<StdoutLock<'static>>,
    notes: Vec<String>,
}

impl Out {
    /// Standard output, buffered.
    pub fn new() -> Out {
        Out {
            out: BufWriter::new(io::stdout().lock()),
            notes: vec![],
        }
    }

    /// Writes `text` and a newline; ends the process if standard output fails (see the module doc).
    pub fn line(&mut self, text: &str) {
        if let Err(e) = writeln!(self.out, "{text}") {
            stop(&e);
        }
    }

    /// Writes `text` as it is; ends the process if standard output fails.
    pub fn text(&mut self, text: &str) {
        if let Err(e) = self.out.write_all(text.as_bytes()) {
            stop(&e);
        }
    }

    /// Sends what is buffered on now (a long benchmark shows each table when it is done); ends the
    /// process if standard output fails. Called last by `main` for every command.
    pub fn flush(&mut self) {
        if let Err(e) = self.out.flush() {
            stop(&e);
        }
    }

    /// A note for standard error (`astar: note: TEXT`), printed by [`Out::print_notes`] once the command
    /// has succeeded.
    pub fn note(&mut self, text: impl Into<String>) {
        self.notes.push(text.into());
    }

    /// Prints the notes on standard error.
    pub fn print_notes(&mut self) {
        for note in self.notes.drain(..) {
            error_line(&format!("note: {note}"));
        }
    }
}

impl Default for Out {
    fn default() -> Out {
        Out::new()
    }
}

/// Ends the process after standard output failed with `e`: quietly with [`CLOSED_PIPE`] when the
/// reader went away, else with a one-line message and status 2.
fn stop(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(CLOSED_PIPE);
    }
    error_line(&format!("cannot write to standard output: {e}"));
    std::process::exit(2);
}

/// Writes `astar: TEXT` and a newline on standard error, ignoring a failure (see the module doc).
pub fn error_line(text: &str) {
    let _ = writeln!(io::stderr().lock(), "astar: {text}");
}

/// Writes `text` on standard error as it is (progress lines ending in `\r`), ignoring a failure.
pub fn progress(text: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}
