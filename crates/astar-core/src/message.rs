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

/// `text` in double quotes, with `"`, `\` and tabs escaped: what Rust's `{:?}` writes for an excerpt
/// (which holds no other control character: see [`quote`]). Written out because `{:?}` would make the
/// wasm module carry Rust's quoting of any character and its Unicode tables.
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
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `c` in single quotes as Rust's `{:?}` writes a character of a map file: a quote, a backslash and
/// control characters escaped, any other character as it is (see [`quoted`] for why not `{:?}`).
pub fn quoted_char(c: char) -> String {
    match c {
        '\'' | '\\' => format!("'\\{c}'"),
        '\t' => "'\\t'".into(),
        '\n' => "'\\n'".into(),
        '\r' => "'\\r'".into(),
        '\0' => "'\\0'".into(),
        c if c.is_control() => format!("'\\u{{{:x}}}'", c as u32),
        c => format!("'{c}'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The characters a map file or a link can hold that Rust's `{:?}` leaves as they are or escapes
    /// with a backslash: every ASCII character, and letters and symbols beyond it.
    fn sample() -> impl Iterator<Item = char> {
        (0u8..=127)
            .map(char::from)
            .chain("éßΩЖ中文地图…→★🙂".chars())
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
