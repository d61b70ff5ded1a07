//! Plain-text tables for the human-readable output: a header row, right-aligned numbers, left-aligned
//! first column.

use crate::out::Out;

/// Prints `rows` under `title` and `header`, each column as wide as its widest cell.
pub fn print(out: &mut Out, title: &str, header: &[&str], rows: &[Vec<String>]) {
    let columns = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate().take(columns) {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    out.line(&format!("\n{title}"));
    let mut line = |cells: Vec<&str>| {
        let parts: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 0 {
                    format!("{c:<w$}", w = widths[i])
                } else {
                    format!("{c:>w$}", w = widths[i])
                }
            })
            .collect();
        out.line(&format!("  {}", parts.join("  ")));
    };
    line(header.to_vec());
    line(
        widths
            .iter()
            .map(|&w| "-".repeat(w))
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str)
            .collect(),
    );
    for row in rows {
        line(row.iter().map(String::as_str).collect());
    }
}

/// A number with `decimals` decimals.
pub fn num(value: f64, decimals: usize) -> String {
    format!("{value:.decimals$}")
}
