//! Reading and writing maps and problems: Moving AI benchmark files, the project's own text format and
//! the share-link codec.

pub mod movingai;
pub mod share;
pub mod text;

use std::fmt;

/// A file or link that could not be read, with where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// 1-based line, when the problem is on a line.
    pub line: Option<usize>,
    /// 1-based column, when the problem is at a character.
    pub column: Option<usize>,
    /// What is wrong, in words a user understands.
    pub message: String,
}

impl FormatError {
    /// An error not tied to a line.
    pub fn new(message: impl Into<String>) -> FormatError {
        FormatError {
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// An error on 1-based `line`.
    pub fn at_line(line: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            line: Some(line),
            column: None,
            message: message.into(),
        }
    }

    /// An error at 1-based `line` and `column`.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            line: Some(line),
            column: Some(column),
            message: message.into(),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "line {line}, column {column}: {}", self.message)
            }
            (Some(line), None) => write!(f, "line {line}: {}", self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for FormatError {}
