//! The catalogues of the core's messages, and writing them in English: every module's templates in one
//! list ([`CATALOGUES`], which `www/generated/messages.ts` is written from), the template of a code, and
//! `Display` for [`Message`] (what the CLI prints). It stands above every module whose templates it
//! lists; [`crate::message`], which they all use, stays below them.

use std::fmt;

use crate::message::{Arg, Message};
use crate::search::registry;

/// The English template of `code`, if the catalogues have one.
pub fn english(code: &str) -> Option<&'static str> {
    CATALOGUES
        .iter()
        .flat_map(|table| table.iter())
        .find(|(c, _)| *c == code)
        .map(|(_, template)| *template)
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(template) = english(self.code()) else {
            return f.write_str(self.code());
        };
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            f.write_str(&rest[..open])?;
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else {
                return f.write_str(&rest[open..]);
            };
            let name = &after[..close];
            match self.get(name) {
                Some(arg) => write!(f, "{arg}")?,
                None => write!(f, "{{{name}}}")?,
            }
            rest = &after[close + 1..];
        }
        f.write_str(rest)
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Int(n) => write!(f, "{n}"),
            Arg::Num(x) => write!(f, "{x}"),
            Arg::Text(text) => f.write_str(text),
            Arg::Term(code) => f.write_str(english(code).unwrap_or(code)),
            Arg::Message(inner) => inner.fmt(f),
            Arg::Algorithm(algorithm) => f.write_str(registry::info(*algorithm).title),
        }
    }
}

/// Written by hand: derived, a decimal argument would be written with the standard library's float
/// formatting, which would then ship in the wasm module (any `unwrap` on a result carrying a message
/// links this code, even where it never runs). In the wasm module, where only a panic's text could show
/// it, a decimal is written as its bits, so that no float formatting ships there at all.
impl fmt::Debug for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Int(n) => write!(f, "Int({n})"),
            #[cfg(not(target_arch = "wasm32"))]
            Arg::Num(x) => write!(f, "Num({x})"),
            #[cfg(target_arch = "wasm32")]
            Arg::Num(x) => write!(f, "Num(f64::from_bits({:#x}))", x.to_bits()),
            Arg::Text(text) => write!(f, "Text({text:?})"),
            Arg::Term(code) => write!(f, "Term({code:?})"),
            Arg::Message(inner) => write!(f, "{inner:?}"),
            Arg::Algorithm(algorithm) => {
                write!(f, "Algorithm({})", registry::info(*algorithm).name)
            }
        }
    }
}

impl fmt::Debug for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Message")
            .field("code", &self.code())
            .field("args", &self.args())
            .finish()
    }
}

impl std::error::Error for Message {}

/// A message equals a string when its English is that string (what the CLI prints).
impl PartialEq<&str> for Message {
    fn eq(&self, english: &&str) -> bool {
        self.to_string().as_str() == *english
    }
}

impl PartialEq<String> for Message {
    fn eq(&self, english: &String) -> bool {
        self.to_string().as_str() == english.as_str()
    }
}

/// Messages of no module in particular.
const MESSAGES: &[(&str, &str)] = &[
    ("term.start", "start"),
    ("term.goal", "goal"),
    ("term.watcher", "watcher"),
    ("term.link", "link"),
    ("term.file", "file"),
    (
        "boundary.unsendable",
        "the core could not hand its answer to the page",
    ),
    // What the page sent in the wrong shape (a bug of the page: never the user's input).
    ("boundary.not-an-object", "bad {what}: expected an object"),
    (
        "boundary.bad-field",
        "bad {what}: `{field}` must be {expected}",
    ),
    ("boundary.a-string", "a string"),
    ("boundary.a-number", "a number"),
    ("boundary.a-boolean", "true or false"),
    (
        "boundary.whole-or-null",
        "a whole number from 0 to {max}, or null",
    ),
    ("boundary.one-of", "one of {values}"),
    ("boundary.bad-recipe", "bad random-map recipe: {cause}"),
    (
        "boundary.no-problem",
        "there is no problem at position {position}",
    ),
    ("boundary.taken", "this link's playground was already taken"),
];

/// Every module's templates: what the CLI writes and what `www/generated/messages.ts` holds.
pub const CATALOGUES: &[&[(&str, &str)]] = &[
    MESSAGES,
    crate::grid::MESSAGES,
    crate::crowd::MESSAGES,
    crate::formats::MESSAGES,
    crate::formats::movingai::MESSAGES,
    crate::formats::text::MESSAGES,
    crate::formats::share::MESSAGES,
    #[cfg(feature = "navmesh")]
    crate::navmesh::report::MESSAGES,
    crate::names::MESSAGES,
    crate::search::MESSAGES,
    crate::session::MESSAGES,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_fills_its_template_with_numbers_terms_text_and_nested_messages() {
        let inner = Message::new("term.goal");
        assert_eq!(inner.to_string(), "goal");
        let outer = Message::new("format.at-line")
            .int("line", 3)
            .message("cause", Message::new("format.more-rows").int("height", 2));
        assert_eq!(outer.to_string(), "line 3: more than 2 rows");
        let quoted = Message::new("format.expected").text("form", "map");
        assert_eq!(quoted.to_string(), "expected `map`");
        assert_eq!(Message::new("no.such-code").to_string(), "no.such-code");
    }

    #[test]
    fn every_code_is_written_once_and_every_placeholder_is_a_plain_name() {
        let mut seen = std::collections::HashSet::new();
        for (code, template) in CATALOGUES.iter().flat_map(|t| t.iter()) {
            assert!(seen.insert(*code), "{code} is in the catalogues twice");
            for part in template.split('{').skip(1) {
                let name = part.split('}').next().unwrap_or_default();
                assert!(
                    !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase()),
                    "{code}: placeholder {{{name}}} must be a lowercase name"
                );
            }
        }
    }

    #[test]
    fn every_code_is_named_in_the_source_besides_its_table() {
        fn read_sources(dir: &std::path::Path, out: &mut String) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    read_sources(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    out.push_str(&std::fs::read_to_string(&path).unwrap());
                }
            }
        }
        let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut source = String::new();
        read_sources(&crates.join("astar-core/src"), &mut source);
        read_sources(&crates.join("astar-wasm/src"), &mut source);
        let unused: Vec<&str> = CATALOGUES
            .iter()
            .flat_map(|t| t.iter())
            .map(|(code, _)| *code)
            .filter(|code| source.matches(&format!("\"{code}\"")).count() < 2)
            .collect();
        assert!(
            unused.is_empty(),
            "codes named only in their table: {unused:?}"
        );
    }

    /// The English templates and the algorithms' titles as the page reads them, checked in as
    /// www/generated/messages.ts. Fails when the file differs; `ASTAR_WRITE_TS=1 cargo test -p
    /// astar-core --lib typescript` rewrites it (with www/generated/core.ts).
    #[test]
    fn typescript_messages_are_up_to_date() {
        fn quoted(text: &str) -> String {
            let escaped = text.replace('\\', "\\\\").replace('\'', "\\'");
            format!("'{escaped}'")
        }
        let mut text = String::from(
            "// Generated from the core's message catalogues by astar-core's test `typescript_messages_are_up_to_date`\n\
             // (ASTAR_WRITE_TS=1 cargo test -p astar-core --lib typescript). Do not edit.\n\n\
             /** The core's sentences in English, by code (crates/astar-core/src/message.rs). */\n\
             export const CORE_ENGLISH = {\n",
        );
        for (code, template) in CATALOGUES.iter().flat_map(|t| t.iter()) {
            text.push_str(&format!("  {}: {},\n", quoted(code), quoted(template)));
        }
        text.push_str("} as const;\n\n/** A code of the core's messages. */\nexport type CoreCode = keyof typeof CORE_ENGLISH;\n");
        text.push_str("\n/** Each algorithm's English title, by name (the registry's). */\nexport const ALGORITHM_TITLES: Record<string, string> = {\n");
        for row in registry::ALGORITHMS {
            text.push_str(&format!("  {}: {},\n", quoted(row.name), quoted(row.title)));
        }
        text.push_str(
            "};\n\n/** An algorithm's name (the registry's). */\nexport type AlgorithmName =",
        );
        for row in registry::ALGORITHMS {
            text.push_str(&format!("\n  | {}", quoted(row.name)));
        }
        text.push_str(";\n");
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../www/generated/messages.ts"
        );
        if std::env::var_os("ASTAR_WRITE_TS").is_some() {
            std::fs::write(path, &text).unwrap();
        }
        let checked_in = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            checked_in == text,
            "www/generated/messages.ts differs from the catalogues: run ASTAR_WRITE_TS=1 cargo test -p astar-core --lib typescript\n{text}"
        );
    }
}
