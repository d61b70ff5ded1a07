//! Messages for people, as data: a [`Message`] is a code naming a sentence and the values that fill it
//! (`grid.bad-size` with `width`, `height` and `max`), not the sentence itself.
//!
//! Every error and refusal the core gives is one. The CLI writes it in English through `Display`, from
//! the templates in [`crate::catalogue::CATALOGUES`] (that module writes messages; this one only holds
//! them, and imports nothing but the algorithm names, so every module can use it); the page receives the code and its arguments across the wasm
//! boundary (numbers as numbers, nested messages as messages) and writes the sentence from its own
//! catalogues, in English from the same templates (generated into `www/generated/messages.ts`) or in
//! Chinese. The wasm module never formats a sentence, so no English and no float formatting ship in it.
//!
//! A template names its values in braces: `"line {line}, column {column}: {cause}"`. An argument is a
//! whole number, a decimal number, a piece of the user's input (already quoted and shortened), a *term*
//! (a word the catalogues translate, such as `term.start`), an algorithm (written as its title), or a
//! nested message.
//!
//! Adding a message: give it a code and an English template in its module's `MESSAGES` table, list that
//! table in [`crate::catalogue::CATALOGUES`] if it is new, and add the Chinese to `www/i18n/core-zh.ts` (tsc refuses the
//! page until every code has one). The unit tests of `catalogue` check that every code is written once with
//! plain placeholder names, and that every code is named somewhere in the core's or the facade's source
//! besides its table (none is left unused).

use crate::search::algorithm::Algorithm;

/// One value that fills a placeholder of a template.
#[derive(Clone, PartialEq)]
pub enum Arg {
    /// A whole number.
    Int(i64),
    /// A decimal number (a weight, a share, a length).
    Num(f64),
    /// Text from the user's input, already quoted and shortened where it came from; never translated.
    Text(String),
    /// A word the catalogues translate: the code of a template without placeholders.
    Term(&'static str),
    /// A message inside this one (the reason a line of a file was refused, say).
    Message(Box<Message>),
    /// An algorithm, written as its title in the reader's language (the page's catalogues have them).
    Algorithm(Algorithm),
}

/// A sentence for people as a code and its arguments (see the module doc).
#[derive(Clone, PartialEq)]
pub struct Message {
    code: &'static str,
    args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// The message `code` (a key of [`crate::catalogue::CATALOGUES`]) with no arguments yet.
    #[inline(never)]
    pub fn new(code: &'static str) -> Message {
        Message {
            code,
            args: Vec::new(),
        }
    }

    /// Adds the whole number `value` as `{name}`.
    #[inline(never)]
    pub fn int(mut self, name: &'static str, value: impl TryInto<i64>) -> Message {
        let value = value.try_into().unwrap_or(i64::MAX);
        self.args.push((name, Arg::Int(value)));
        self
    }

    /// Adds the decimal number `value` as `{name}`.
    #[inline(never)]
    pub fn num(mut self, name: &'static str, value: f64) -> Message {
        self.args.push((name, Arg::Num(value)));
        self
    }

    /// Adds `text` (from the user's input, quoted and shortened already) as `{name}`.
    #[inline(never)]
    pub fn text(mut self, name: &'static str, text: impl Into<String>) -> Message {
        self.args.push((name, Arg::Text(text.into())));
        self
    }

    /// Adds the term `code` (a word the catalogues translate) as `{name}`.
    #[inline(never)]
    pub fn term(mut self, name: &'static str, code: &'static str) -> Message {
        self.args.push((name, Arg::Term(code)));
        self
    }

    /// Adds `algorithm` (written as its title) as `{name}`.
    #[inline(never)]
    pub fn algorithm(mut self, name: &'static str, algorithm: Algorithm) -> Message {
        self.args.push((name, Arg::Algorithm(algorithm)));
        self
    }

    /// Adds `inner` as `{name}`.
    #[inline(never)]
    pub fn message(mut self, name: &'static str, inner: impl Into<Message>) -> Message {
        self.args.push((name, Arg::Message(Box::new(inner.into()))));
        self
    }

    /// The code naming the sentence.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// Adds `value` as `{name}` (for a value whose kind depends on the input, such as a quoted excerpt
    /// that is either the user's text or a sentence saying it is not text).
    #[inline(never)]
    pub fn with(mut self, name: &'static str, value: Arg) -> Message {
        self.args.push((name, value));
        self
    }

    /// The argument called `name`, if given.
    pub fn get(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }

    /// Every argument, in the order given.
    pub fn args(&self) -> &[(&'static str, Arg)] {
        &self.args
    }
}

/// Longest excerpt of the input quoted in a message, in characters.
const MAX_EXCERPT: usize = 32;

/// `excerpt` of the input, quoted for a message: short and printable. A binary file's first line
/// would otherwise fill the page's status line (or a terminal) with hundreds of escaped bytes, so an
/// excerpt with control characters (tabs aside) or replaced bytes is described instead of quoted, and a
/// long one is cut after [`MAX_EXCERPT`] characters with an ellipsis.
pub fn quote(excerpt: &str) -> Arg {
    let binary = excerpt
        .chars()
        .any(|c| c == '\u{fffd}' || (c.is_control() && c != '\t'));
    if binary {
        return Arg::Term("format.not-text");
    }
    if excerpt.chars().count() > MAX_EXCERPT {
        let cut: String = excerpt.chars().take(MAX_EXCERPT).collect();
        return Arg::Text(quoted(&format!("{cut}…")));
    }
    Arg::Text(quoted(excerpt))
}

/// `text` in double quotes as Rust's `{:?}` writes it: `"` and `\\` after a backslash, a tab as `\\t`,
/// and an invisible character (see [`invisible`]) as `\\u{…}`. Written out because `{:?}` would make the
/// wasm module carry Rust's quoting of every character and its Unicode tables (about 5 KB gzipped).
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\t' => out.push_str("\\t"),
            c => push_visible(&mut out, c),
        }
    }
    out.push('"');
    out
}

/// `c` in single quotes as Rust's `{:?}` writes a character of a map file: a quote and a backslash
/// after a backslash, `\\t`, `\\n`, `\\r`, `\\0`, and an invisible character as `\\u{…}` (see [`quoted`]
/// for why not `{:?}`).
pub fn quoted_char(c: char) -> String {
    let mut out = String::from("'");
    match c {
        '\'' | '\\' => {
            out.push('\\');
            out.push(c);
        }
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\0' => out.push_str("\\0"),
        c => push_visible(&mut out, c),
    }
    out.push('\'');
    out
}

/// Pushes `c`, or `\\u{…}` (lower-case hex) when it is invisible.
fn push_visible(out: &mut String, c: char) {
    if invisible(c) {
        out.push_str(&format!("\\u{{{:x}}}", c as u32));
    } else {
        out.push(c);
    }
}

/// A character a reader would not see: a control character, white space other than the space, a
/// combining mark, a format character (zero-width, joiners, direction marks, the byte-order mark,
/// the soft hyphen, variation selectors, tags) or a private-use one. Rust's `{:?}` escapes these too
/// (it also escapes unassigned code points, which would need Unicode's tables: they pass as they are).
fn invisible(c: char) -> bool {
    let n = c as u32;
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(
            n,
            0xad | 0x300..=0x36f
                | 0x61c
                | 0x115f..=0x1160
                | 0x17b4..=0x17b5
                | 0x180b..=0x180f
                | 0x200b..=0x200f
                | 0x202a..=0x202e
                | 0x2060..=0x206f
                | 0x3164
                | 0xe000..=0xf8ff
                | 0xfe00..=0xfe0f
                | 0xfeff
                | 0xffa0
                | 0xfff0..=0xffff
                | 0xe0000..=0xe0fff
                | 0xf0000..
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Characters a map file or a link can hold: every ASCII character, letters and symbols beyond it,
    /// and the invisible ones (spaces, marks, format and private-use characters) that `{:?}` escapes.
    fn sample() -> impl Iterator<Item = char> {
        let invisible = [
            0x85, 0xa0, 0xad, 0x301, 0x34f, 0x61c, 0x180e, 0x200b, 0x200d, 0x200e, 0x2028, 0x2029,
            0x202e, 0x2060, 0x2066, 0x3000, 0xe000, 0xfe0f, 0xfeff, 0xfff9, 0xfffe, 0xe0001,
            0xf0000,
        ];
        (0u8..=127)
            .map(char::from)
            .chain("éßΩЖ中文地图…→★🙂".chars())
            .chain(invisible.into_iter().filter_map(char::from_u32))
    }

    #[test]
    fn quoted_characters_are_written_as_debug_writes_them() {
        for c in sample() {
            assert_eq!(quoted_char(c), format!("{c:?}"), "{:x}", c as u32);
        }
    }

    #[test]
    fn quoted_excerpts_are_written_as_debug_writes_them() {
        let texts = [
            "plain",
            "a \"quoted\" word",
            r"back\slash",
            "tab\there",
            "中文 map …",
            "",
        ];
        for text in texts {
            assert_eq!(quoted(text), format!("{text:?}"));
        }
        let printable: String = sample().filter(|c| !c.is_control() || *c == '\t').collect();
        assert_eq!(quoted(&printable), format!("{printable:?}"));
    }
}
