//! Reading link text, link or file bytes, or a header with a body the page inflated, back into a view
//! ([`decode`], [`decode_bytes`], [`decode_inflated`]), every field validated and every way of being
//! wrong a sentence for the person who pasted or opened it.

use super::*;

/// Decodes link text: a bare fragment, `#fragment`, or a whole URL (the text after its last `#`);
/// surrounding whitespace is ignored. Every field is validated; the error says what is wrong in words
/// meant for the person who pasted the link.
pub fn decode(text: &str) -> Result<SharedView, FormatError> {
    decode_bytes(&link_bytes(text)?, Medium::Link)
}

/// The bytes link text holds (a bare fragment, `#fragment`, or a whole URL, as [`decode`] takes it),
/// not yet read: for the page, which inflates a compressed body itself before [`decode_inflated`].
pub fn link_bytes(text: &str) -> Result<Vec<u8>, FormatError> {
    if text.len() > MAX_LINK_CHARS {
        return Err(FormatError::new(
            Message::new("share.too-long")
                .int("length", text.len())
                .int("max", MAX_LINK_CHARS),
        ));
    }
    let text = text.trim();
    let text = text.rsplit_once('#').map_or(text, |(_, f)| f).trim();
    if text.is_empty() {
        return Err(FormatError::new(Message::new("share.empty-fragment")));
    }
    base64url_decode(text)
}

/// Decodes the bytes of [`encode_bytes`], validating everything like [`decode`]; `medium` says what
/// they came in (a link, or a saved file or snapshot), which only changes the words of an error.
///
/// A first byte above [`VERSION`] is taken for a newer format only when the rest starts like one (see
/// [`plausibly_newer`]): random bytes are "not an A* Playground link", not "made by a newer version".
pub fn decode_bytes(bytes: &[u8], medium: Medium) -> Result<SharedView, FormatError> {
    decode_parts(bytes, Body::Zlib, medium)
}

/// Decodes `header` (the bytes of [`encode_bytes`] up to the body's zlib stream, [`HEADER_LEN`] of them)
/// with `body`, that stream already inflated (by the page, at most [`MAX_BODY_BYTES`] of it), validating
/// everything like [`decode_bytes`].
pub fn decode_inflated(
    header: &[u8],
    body: &[u8],
    medium: Medium,
) -> Result<SharedView, FormatError> {
    decode_parts(header, Body::Inflated(body), medium)
}

/// Where a decode finds the body: after the header, as a zlib stream, or apart, inflated.
#[derive(Clone, Copy)]
enum Body<'a> {
    Zlib,
    Inflated(&'a [u8]),
}

/// [`decode_bytes`] and [`decode_inflated`]: `bytes` starts with the header.
fn decode_parts(bytes: &[u8], body: Body, medium: Medium) -> Result<SharedView, FormatError> {
    let m = medium;
    let Some(&version) = bytes.first() else {
        return Err(damaged(m, "share.why-empty"));
    };
    match version {
        1..=VERSION => decode_v1_to_v7(bytes, body, version, m),
        0 => Err(FormatError::new(Message::new("share.format-zero"))),
        _ if !plausibly_newer(bytes) => Err(FormatError::new(
            Message::new("share.not-ours").term("medium", m.noun()),
        )),
        v => Err(FormatError::new(
            Message::new("share.newer")
                .term("medium", m.noun())
                .int("version", v)
                .int("supported", VERSION),
        )),
    }
}

/// Formats newer than [`VERSION`] by at most this much are taken for real newer links or files; a higher
/// first byte means the text or file is not one of ours at all.
pub(super) const NEWER_FORMATS_AHEAD: u8 = 8;

/// True when `bytes` start like a link of a later format: a version number a little above ours and a
/// map size this version could hold (every layout keeps version, width and height first).
pub fn plausibly_newer(bytes: &[u8]) -> bool {
    let side = |lo: u8, hi: u8| (1..=MAX_SIDE).contains(&(u16::from_le_bytes([lo, hi]) as u32));
    match bytes {
        [version, w0, w1, h0, h1, ..] => {
            *version > VERSION
                && *version - VERSION <= NEWER_FORMATS_AHEAD
                && side(*w0, *w1)
                && side(*h0, *h1)
        }
        _ => false,
    }
}

/// "The link's …": a refusal of one of the view's settings, said of the link or file.
fn the_mediums(m: Medium, why: impl Into<Message>) -> FormatError {
    FormatError::new(
        Message::new("share.setting")
            .term("medium", m.noun())
            .message("why", why),
    )
}

/// Decodes formats 1 to 7 (one layout: the budget from format 2, the cluster size from format 3, costs in
/// tenths and the road from format 4, the curve from 5, the penalties from 6, the turn penalty from 7).
fn decode_v1_to_v7(
    bytes: &[u8],
    body: Body,
    version: u8,
    m: Medium,
) -> Result<SharedView, FormatError> {
    if bytes.len() < HEADER_LEN {
        return Err(damaged(m, "share.why-header"));
    }
    let width = u16::from_le_bytes([bytes[1], bytes[2]]) as u32;
    let height = u16::from_le_bytes([bytes[3], bytes[4]]) as u32;
    if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
        return Err(FormatError::new(
            Message::new("share.bad-size")
                .term("medium", m.noun())
                .int("width", width)
                .int("height", height)
                .int("max", MAX_SIDE),
        ));
    }
    let cells = width as usize * height as usize;
    // The largest body this size allows (step and recipe present); decompression never goes further.
    let packing = TerrainPacking::of(version);
    let max = max_body(packing, cells);
    let body = match body {
        Body::Zlib => inflate_bounded(&bytes[HEADER_LEN..], max, m)?,
        Body::Inflated(body) if body.len() > max => return Err(damaged(m, "share.why-extra")),
        Body::Inflated(body) => body.to_vec(),
    };
    let mut r = Reader {
        bytes: &body,
        pos: 0,
        medium: m,
    };
    if (r.u16()? as u32, r.u16()? as u32) != (width, height) {
        return Err(damaged(m, "share.why-size"));
    }
    let costs = if version < 4 {
        let mut whole = || r.u8().map(|c| c as u16 * 10);
        TerrainCosts {
            plain: whole()?,
            forest: whole()?,
            swamp: whole()?,
            road: ROAD_BEFORE_FORMAT_4,
        }
    } else {
        TerrainCosts {
            plain: r.u16()?,
            road: r.u16()?,
            forest: r.u16()?,
            swamp: r.u16()?,
        }
    };
    if costs.validate().is_err() {
        return Err(FormatError::new(
            Message::new("share.bad-costs").term("medium", m.noun()),
        ));
    }
    let ends = [r.u16()?, r.u16()?, r.u16()?, r.u16()?].map(u32::from);
    for (end, x, y) in [
        ("term.start", ends[0], ends[1]),
        ("term.goal", ends[2], ends[3]),
    ] {
        if x >= width || y >= height {
            return Err(FormatError::new(
                Message::new("share.end-outside")
                    .term("medium", m.noun())
                    .term("end", end)
                    .int("x", x)
                    .int("y", y)
                    .int("width", width)
                    .int("height", height),
            ));
        }
    }
    let algorithm = setting::<Algorithm>(r.u8()?, m)?;
    let heuristic = setting::<Heuristic>(r.u8()?, m)?;
    let weight = Weight::new(r.u16()? as f64 / 1000.0).map_err(|why| the_mediums(m, why))?;
    let neighbours = r.u8()?;
    let corners = setting::<CornerRule>(r.u8()?, m)?;
    let movement = Movement::new(setting::<Neighbours>(neighbours, m)?, corners);
    let tie_break = setting::<TieBreak>(r.u8()?, m)?;
    let flags = r.u8()?;
    let unused_flags = match version {
        1 => 0xF0,
        2 => 0xE0,
        3 => 0xC0,
        4 => 0x80,
        _ => 0x00,
    };
    if flags & unused_flags != 0 {
        return Err(unknown_setting(m, "term.view-option", flags));
    }
    let numbers = setting::<Numbers>((flags >> 1) & 3, m)?;
    let step = if flags & 8 != 0 { Some(r.u32()?) } else { None };
    let expansion_limit = if flags & 16 != 0 {
        let budget = r.u32()?;
        check_budget(budget).map_err(|why| the_mediums(m, why))?;
        Some(budget)
    } else {
        None
    };
    let cluster_size = if flags & 32 != 0 {
        let k = r.u16()? as u32;
        let largest = width.max(height).max(2);
        if !(2..=largest).contains(&k) {
            // The words of HPA*'s own refusal, which the page translates.
            return Err(FormatError::new(hpa::cluster_size_refused(
                k.into(),
                largest,
            )));
        }
        Some(k)
    } else {
        None
    };
    let mut penalties = Penalties::default();
    let mut danger_in_h = false;
    if version >= 6 {
        penalties.hug_tenths = r.u8()? as u16;
        penalties.danger_tenths = r.u16()?;
        for _ in 0..r.u8()?.min(MAX_WATCHERS as u8 + 1) {
            let (x, y) = (r.u16()? as u32, r.u16()? as u32);
            let radius = r.u8()? as u32;
            penalties.watchers.push(Watcher { x, y, radius });
        }
        let search_flags = r.u8()?;
        if search_flags & !1 != 0 {
            return Err(unknown_setting(m, "term.search-option", search_flags));
        }
        danger_in_h = search_flags & 1 != 0;
        if version >= 7 {
            penalties.turn_tenths = r.u8()? as u16;
        }
        // Checked here, before the terrain is read: the error names the setting.
        penalties.validate(width, height).map_err(|why| {
            FormatError::new(
                Message::new("share.bad-penalties")
                    .term("medium", m.noun())
                    .message("why", Message::from(why)),
            )
        })?;
    }
    let recipe = match r.u8()? {
        0 => None,
        1 => {
            let mut share = || r.u64().map(f64::from_bits);
            let shares = TerrainShares {
                wall: share()?,
                forest: share()?,
                swamp: share()?,
            };
            let recipe = Recipe {
                shares,
                seed: r.u64()?,
            };
            if !recipe_is_valid(&recipe) {
                return Err(FormatError::new(
                    Message::new("share.bad-shares").term("medium", m.noun()),
                ));
            }
            check_seed(recipe.seed).map_err(|why| the_mediums(m, why))?;
            Some(recipe)
        }
        c => return Err(unknown_setting(m, "term.terrain-mode", c)),
    };
    let packed = r.take(packing.bytes(cells))?;
    if r.pos != body.len() {
        return Err(damaged(m, "share.why-extra"));
    }
    let (last, used) = packing.place(cells);
    if used != 0 && packed[last] >> used != 0 {
        return Err(damaged(m, "share.why-stray-bits"));
    }
    let base = match &recipe {
        Some(r) => Some(
            generate::random_terrain(width, height, r.shares, r.seed).map_err(FormatError::new)?,
        ),
        None => None,
    };
    let mut terrain = Vec::with_capacity(cells);
    let mask = (1u8 << packing.bits) - 1;
    for i in 0..cells {
        let (byte, shift) = packing.place(i);
        let mut code = (packed[byte] >> shift) & mask;
        if let Some(base) = &base {
            // A stored difference is below the count of codes, as a code is.
            setting::<Terrain>(code, m)?;
            code = packing.absolute(code, base.terrain_slice()[i].link_code());
        }
        terrain.push(setting::<Terrain>(code, m)?);
    }
    let mut grid = Grid::from_terrain(width, height, terrain, costs).map_err(FormatError::new)?;
    grid.set_penalties(penalties).map_err(FormatError::new)?;
    let start = grid.cell(ends[0], ends[1]);
    let goal = grid.cell(ends[2], ends[3]);
    for (end, cell) in [("term.start", start), ("term.goal", goal)] {
        if !grid.is_passable(cell) {
            let (x, y) = grid.xy(cell);
            return Err(FormatError::new(
                Message::new("share.end-on-wall")
                    .term("medium", m.noun())
                    .term("end", end)
                    .int("x", x)
                    .int("y", y),
            ));
        }
    }
    let params = SearchParams {
        algorithm,
        heuristic,
        weight,
        movement,
        tie_break,
        expansion_limit,
        cluster_size,
        unscaled_h: flags & 64 != 0,
        danger_in_h,
    };
    // A graph too large to build is refused here, before the page drops the map it shows. The page's
    // first module lacks HPA* (and this check, 3 KB that its size budget has no room for): the module
    // fetched for HPA* opens the view again, and refuses it then (App.replacePlayground).
    #[cfg(feature = "hpa")]
    if crate::search::registry::info(algorithm).uses_cluster_size {
        hpa::checked_cluster_size(&grid, &params).map_err(FormatError::new)?;
    }
    Ok(SharedView {
        grid,
        start,
        goal,
        params,
        view: ViewOptions {
            smooth: flags & 1 != 0,
            // The curve is drawn through the smoothed path: a link that asks for it without smoothing
            // (never written by the page) opens without it.
            curve: flags & 128 != 0 && flags & 1 != 0,
            numbers,
            step,
        },
        recipe,
    })
}

/// Inflates a zlib stream into at most `max` bytes (never more), requiring the
/// stream to end exactly at the end of `input` with a matching checksum.
fn inflate_bounded(input: &[u8], max: usize, m: Medium) -> Result<Vec<u8>, FormatError> {
    use super::zlib::InflateError;
    super::zlib::read(input, max).map_err(|e| {
        damaged(
            m,
            match e {
                InflateError::TooLong => "share.why-extra",
                InflateError::ChecksumMismatch => "share.why-checksum",
                InflateError::EndsEarly => "share.why-compressed-early",
                InflateError::Invalid => "share.why-unreadable",
                InflateError::TrailingBytes => "share.why-trailing",
            },
        )
    })
}

/// The setting `T` whose link code is `code`, or an error naming the setting.
fn setting<T: LinkCode>(code: u8, m: Medium) -> Result<T, FormatError> {
    T::from_link_code(code).ok_or_else(|| unknown_setting(m, T::WHAT, code))
}

/// "The link names an unknown heuristic (code 9)": `what` is the setting's term.
fn unknown_setting(m: Medium, what: &'static str, code: u8) -> FormatError {
    FormatError::new(
        Message::new("share.unknown-setting")
            .term("medium", m.noun())
            .term("what", what)
            .int("code", code),
    )
}

/// Reads the body front to back; every read past the end is a "cut short" error.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    medium: Medium,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FormatError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| damaged(self.medium, "share.why-content-early"))?;
        let slice = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(slice)
    }
    fn u8(&mut self) -> Result<u8, FormatError> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, FormatError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Result<u32, FormatError> {
        let mut a = [0; 4];
        a.copy_from_slice(self.take(4)?);
        Ok(u32::from_le_bytes(a))
    }
    fn u64(&mut self) -> Result<u64, FormatError> {
        let mut a = [0; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
}
