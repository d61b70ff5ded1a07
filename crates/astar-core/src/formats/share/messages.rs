//! The share codec's sentences, by code (English templates; see [`crate::message`] and
//! [`crate::catalogue`]).

/// The share codec's sentences (see [`crate::message`]). `{medium}` is the term "link" or "file".
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    (
        "share.bad-seed",
        "random-map seed {seed} is not allowed: it must be a whole number from 0 to 2^53 - 1",
    ),
    (
        "share.too-long",
        "this link is too long to be an A* Playground link ({length} characters; the most is {max})",
    ),
    (
        "share.empty-fragment",
        "the link holds no map: the part after # is empty",
    ),
    (
        "share.format-zero",
        "this is not an A* Playground link or file (its format number is 0)",
    ),
    (
        "share.not-ours",
        "this is not an A* Playground {medium}: its content does not start like one (check that it was copied or saved whole)",
    ),
    (
        "share.newer",
        "this {medium} was made by a newer version of A* Playground (format {version}); this page reads formats up to {supported}: reload the page to update it",
    ),
    (
        "share.damaged",
        "this {medium} is damaged ({why}): was it cut short or edited? {remedy}",
    ),
    ("share.remedy-link", "Copy it again from where it came from"),
    ("share.remedy-file", "Save or download it again"),
    ("share.why-empty", "it is empty"),
    ("share.why-header", "it ends inside its header"),
    ("share.why-size", "its map size does not match its content"),
    ("share.why-extra", "it holds more data than its map needs"),
    ("share.why-stray-bits", "its last terrain byte has stray bits"),
    ("share.why-last-character", "its last character has stray bits"),
    ("share.why-checksum", "its checksum does not match"),
    ("share.why-compressed-early", "its compressed data ends early"),
    ("share.why-unreadable", "its compressed data cannot be read"),
    ("share.why-trailing", "it goes on after its end"),
    ("share.why-content-early", "its content ends early"),
    ("share.why-length", "its length is impossible"),
    (
        "share.bad-size",
        "the {medium}'s map is {width} x {height}: width and height must be 1 to {max}",
    ),
    (
        "share.bad-costs",
        "the {medium}'s terrain costs are not allowed: each must be 1 to 255",
    ),
    (
        "share.end-outside",
        "the {medium}'s {end} ({x}, {y}) is outside its {width} x {height} map",
    ),
    ("share.end-on-wall", "the {medium}'s {end} ({x}, {y}) is on a wall"),
    ("share.setting", "the {medium}'s {why}"),
    (
        "share.bad-penalties",
        "the {medium}'s penalties are not allowed: {why}",
    ),
    (
        "share.bad-shares",
        "the {medium}'s random-map shares are not allowed: each must be 0 to 1, summing to at most 1",
    ),
    (
        "share.unknown-setting",
        "the {medium} names an unknown {what} (code {code}): was it made by a newer version of A* Playground, or edited?",
    ),
    ("term.view-option", "view option"),
    ("term.search-option", "search option"),
    ("term.terrain-mode", "terrain mode"),
    (
        "share.bad-character",
        "this link is damaged: it contains {character} at character {position}, but a link holds only letters, digits, - and _",
    ),
];
