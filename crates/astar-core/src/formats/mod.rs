//! Reading and writing maps and problems: Moving AI benchmark files, the project's own text format and
//! the share-link codec.

pub mod decimal;
pub mod deflate;
pub mod inflate;
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

/// Longest excerpt of the input quoted in a message, in characters.
const MAX_EXCERPT: usize = 32;

/// `excerpt` of the input, quoted for a message: short and printable. A binary file's first line
/// would otherwise fill the page's status line (or a terminal) with hundreds of escaped bytes, so an
/// excerpt with control characters (tabs aside) or replaced bytes is described instead of quoted, and a
/// long one is cut after [`MAX_EXCERPT`] characters with an ellipsis.
pub fn quote(excerpt: &str) -> String {
    let binary = excerpt
        .chars()
        .any(|c| c == '\u{fffd}' || (c.is_control() && c != '\t'));
    if binary {
        return "(bytes that are not text: is this a map file at all?)".into();
    }
    if excerpt.chars().count() > MAX_EXCERPT {
        let cut: String = excerpt.chars().take(MAX_EXCERPT).collect();
        return format!("{:?}", format!("{cut}…"));
    }
    format!("{excerpt:?}")
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn excerpts_are_quoted_short_and_printable() {
        assert_eq!(quote("size 3"), "\"size 3\"");
        assert_eq!(quote("a\tb"), "\"a\\tb\"");
        assert_eq!(quote(&"x".repeat(300)), format!("\"{}…\"", "x".repeat(32)));
        assert_eq!(
            quote("\u{1}\u{2}ELF"),
            "(bytes that are not text: is this a map file at all?)"
        );
        assert_eq!(quote("ab\u{fffd}"), quote("\u{0}"));
    }
}
