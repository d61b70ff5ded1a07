//! A scenario's problems as the page's picker reads them: parsed and checked once (by
//! [`Session::scenario_problems`]), then kept as compact columns so the page holds only the rows it shows
//! (a 16 MB scenario lists about 600,000 problems), and searched here.
//!
//! Positions are 0-based places in the file's list; a problem's `index` (what the page prints, "#12") is
//! its position + 1. Every column is indexed by position.
//!
//! # Search
//! A query is read as numbers (runs of digits, with an optional decimal point); a problem matches when
//! every number of the query is one of its values: its index, bucket, start or goal column or row, or its
//! optimal length as the file printed it. A number written `#12` matches the index only. A query with no
//! number matches every problem.

use crate::formats::movingai;
use crate::message::Message;
use crate::session::{ScenarioProblem, Session};

/// The problems of one scenario, by position (see the module doc).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProblemList {
    /// Bucket number, by position.
    bucket: Vec<u32>,
    /// Start x, start y, goal x, goal y, by position.
    ends: Vec<[u32; 4]>,
    /// Optimal length, by position.
    optimal: Vec<f64>,
    /// Decimals the optimal length was printed with, by position.
    decimals: Vec<u8>,
    /// The map file names the problems name, each once.
    maps: Vec<String>,
    /// Which of `maps` each problem names, by position.
    map_of: Vec<u32>,
}

/// One number of a query: its text (to compare with a printed optimal length) and whether `#` marked it.
struct Wanted {
    /// The number as an optimal length, with its count of decimals.
    length: Option<(f64, u8)>,
    whole: Option<u64>,
    index_only: bool,
}

impl ProblemList {
    /// Reads a Moving AI `.map.scen` for `session`'s map, checking every problem (the errors of
    /// [`Session::scenario_problems`]).
    pub fn read(session: &Session, text: &str) -> Result<ProblemList, Message> {
        Ok(ProblemList::from_problems(session.scenario_problems(text)?))
    }

    /// The list of `problems` (in file order).
    pub fn from_problems(problems: Vec<ScenarioProblem>) -> ProblemList {
        let mut list = ProblemList::default();
        for p in problems {
            list.bucket.push(p.bucket);
            list.ends.push([p.start_x, p.start_y, p.goal_x, p.goal_y]);
            list.optimal.push(p.optimal);
            list.decimals.push(p.decimals.min(u8::MAX as u32) as u8);
            let map = match list.maps.iter().position(|m| *m == p.map) {
                Some(i) => i,
                None => {
                    list.maps.push(p.map);
                    list.maps.len() - 1
                }
            };
            list.map_of.push(map as u32);
        }
        list
    }

    /// How many problems the list holds.
    pub fn len(&self) -> usize {
        self.bucket.len()
    }

    /// True when the list holds no problem.
    pub fn is_empty(&self) -> bool {
        self.bucket.is_empty()
    }

    /// The problem at `position`, or `None` past the end.
    pub fn get(&self, position: usize) -> Option<ScenarioProblem> {
        let [start_x, start_y, goal_x, goal_y] = *self.ends.get(position)?;
        Some(ScenarioProblem {
            index: position + 1,
            bucket: self.bucket[position],
            map: self.maps[self.map_of[position] as usize].clone(),
            start_x,
            start_y,
            goal_x,
            goal_y,
            optimal: self.optimal[position],
            decimals: self.decimals[position] as u32,
        })
    }

    /// The positions of the problems matching `query` (see "Search" in the module doc), in file order.
    pub fn find(&self, query: &str) -> Vec<u32> {
        let wanted = numbers_of(query);
        (0..self.len())
            .filter(|&i| wanted.iter().all(|w| self.has(i, w)))
            .map(|i| i as u32)
            .collect()
    }

    /// True when problem `i` has the value `w` (see `find`); `printed` is scratch space.
    fn has(&self, i: usize, w: &Wanted) -> bool {
        if w.whole == Some(i as u64 + 1) {
            return true;
        }
        if w.index_only {
            return false;
        }
        if let Some(n) = w.whole {
            if self.bucket[i] as u64 == n || self.ends[i].iter().any(|&v| v as u64 == n) {
                return true;
            }
        }
        // The same number written with as many decimals as the file wrote it: compared as numbers,
        // not by printing the length (that would link the float formatting into the wasm module).
        w.length == Some((self.optimal[i], self.decimals[i]))
    }
}

/// The numbers of a query, in order.
fn numbers_of(query: &str) -> Vec<Wanted> {
    let bytes = query.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
            i += 1;
        }
        let text = query
            .get(start..i)
            .unwrap_or_default()
            .trim_end_matches('.');
        let decimals = text.split_once('.').map_or(0, |(_, f)| f.len());
        out.push(Wanted {
            length: movingai::read_decimal(text)
                .filter(|_| decimals <= usize::from(u8::MAX))
                .map(|v| (v, decimals as u8)),
            whole: text.parse().ok(),
            index_only: start > 0 && bytes[start - 1] == b'#',
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn list() -> ProblemList {
        let grid = Grid::from_ascii("........\n........\n........\n........").unwrap();
        let session = Session::new(grid, 0, 31).unwrap();
        let scen = "version 1\n\
            0\ta.map\t8\t4\t1\t2\t7\t3\t6.41421356\n\
            3\ta.map\t8\t4\t5\t0\t0\t0\t5\n\
            1\tb.map\t8\t4\t0\t0\t1\t1\t2.25\n";
        ProblemList::read(&session, scen).unwrap()
    }

    #[test]
    fn rows_come_back_as_the_file_listed_them() {
        let list = list();
        assert_eq!(list.len(), 3);
        let p = list.get(2).unwrap();
        assert_eq!((p.index, p.bucket, p.map.as_str()), (3, 1, "b.map"));
        assert_eq!((p.start_x, p.start_y, p.goal_x, p.goal_y), (0, 0, 1, 1));
        assert_eq!((p.optimal, p.decimals), (2.25, 2));
        assert_eq!(list.get(0).unwrap().map, "a.map");
        assert_eq!(list.get(3), None);
    }

    #[test]
    fn a_query_matches_problems_having_every_number_it_names() {
        let list = list();
        assert_eq!(list.find(""), [0, 1, 2]);
        assert_eq!(list.find("#2"), [1], "# names the index only");
        assert_eq!(list.find("3"), [0, 1, 2], "#3, bucket 3 and goal row 3");
        assert_eq!(list.find("7 3"), [0], "goal (7, 3)");
        assert_eq!(list.find("(5, 0)"), [1]);
        assert_eq!(
            list.find("6.41421356"),
            [0],
            "the optimal length as printed"
        );
        assert_eq!(list.find("2.25"), [2]);
        assert_eq!(list.find("#9"), Vec::<u32>::new());
    }

    #[test]
    fn a_bad_scenario_is_refused_as_the_session_refuses_it() {
        let grid = Grid::from_ascii("....\n....").unwrap();
        let session = Session::new(grid, 0, 7).unwrap();
        let err =
            ProblemList::read(&session, "version 1\n0\tt.map\t5\t4\t9\t1\t4\t1\t4\n").unwrap_err();
        assert!(
            err.to_string().starts_with("problem 1 of the scenario"),
            "{err}"
        );
    }
}
