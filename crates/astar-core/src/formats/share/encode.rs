//! Writing a view as link bytes or text ([`encode`], [`encode_bytes`]): the oldest format that holds it,
//! the body stored (the page compresses it), and with a recipe the terrain mode with fewer runs.

use super::*;

/// Encodes a view as link text (see the module doc). `recipe`, when given, is the random map the terrain
/// was generated from: the terrain is then stored relative to it (any edits since kept exactly) when that
/// is shorter. The result decodes to an equal view (`recipe` set only if it was used).
pub fn encode(view: &SharedView, recipe: Option<&Recipe>) -> String {
    base64url_encode(&encode_bytes(view, recipe))
}

/// Encodes a view as bytes: the same layout as [`encode`] without the base64url step, the body stored
/// (see "Who compresses the body" in the module doc). With a recipe, both terrain modes are made and the
/// one with fewer runs kept, so a recipe that no longer fits the map (a map replaced since, at the same
/// size) costs nothing.
pub fn encode_bytes(view: &SharedView, recipe: Option<&Recipe>) -> Vec<u8> {
    let (plain, plain_runs) = encode_bytes_with(view, None);
    match recipe {
        // Only a recipe the decoder accepts (shares and seed) is stored.
        Some(r) if recipe_is_valid(r) && check_seed(r.seed).is_ok() => {
            let (seeded, seeded_runs) = encode_bytes_with(view, Some(r));
            if seeded_runs < plain_runs {
                seeded
            } else {
                plain
            }
        }
        _ => plain,
    }
}

/// The encoded bytes of `view` in the terrain mode `recipe` chooses, and the runs in its packed cells (see
/// "Who compresses the body").
fn encode_bytes_with(view: &SharedView, recipe: Option<&Recipe>) -> (Vec<u8>, usize) {
    let grid = &view.grid;
    let (width, height) = (grid.width() as u16, grid.height() as u16);
    let base = recipe.and_then(|r| {
        generate::random_terrain(grid.width(), grid.height(), r.shares, r.seed)
            .ok()
            .map(|g| (r, g))
    });
    let version = format_for(view);
    let packing = TerrainPacking::of(version);
    let mut body = Vec::with_capacity(64 + packing.bytes(grid.len()));
    body.extend_from_slice(&width.to_le_bytes());
    body.extend_from_slice(&height.to_le_bytes());
    let costs = grid.costs();
    if version < 4 {
        // `format_for` chose an old format only for whole-number costs.
        body.extend_from_slice(&[costs.plain, costs.forest, costs.swamp].map(|t| (t / 10) as u8));
    } else {
        for tenths in [costs.plain, costs.road, costs.forest, costs.swamp] {
            body.extend_from_slice(&tenths.to_le_bytes());
        }
    }
    for cell in [view.start, view.goal] {
        let (x, y) = grid.xy(cell);
        body.extend_from_slice(&(x as u16).to_le_bytes());
        body.extend_from_slice(&(y as u16).to_le_bytes());
    }
    let p = &view.params;
    body.push(p.algorithm.link_code());
    body.push(p.heuristic.link_code());
    body.extend_from_slice(&(p.weight.milli() as u16).to_le_bytes());
    body.push(p.movement.neighbours().link_code());
    body.push(p.movement.corner_rule().link_code());
    body.push(p.tie_break.link_code());
    let v = &view.view;
    body.push(
        v.smooth as u8
            | (v.numbers.link_code() << 1)
            | (u8::from(v.step.is_some()) << 3)
            | (u8::from(p.expansion_limit.is_some()) << 4)
            | (u8::from(p.cluster_size.is_some()) << 5)
            | (u8::from(p.unscaled_h) << 6)
            | (u8::from(v.curve && v.smooth) << 7),
    );
    for value in [v.step, p.expansion_limit].into_iter().flatten() {
        body.extend_from_slice(&value.to_le_bytes());
    }
    if let Some(k) = p.cluster_size {
        // Settings refuse a size above the map's larger side (at most MAX_SIDE), so it fits a u16.
        body.extend_from_slice(&(k.min(u16::MAX as u32) as u16).to_le_bytes());
    }
    if version >= 6 {
        // The grid holds only penalties within `penalty.rs`'s limits, which these fields fit.
        let penalties = grid.penalties();
        body.push(penalties.hug_tenths as u8);
        body.extend_from_slice(&penalties.danger_tenths.to_le_bytes());
        body.push(penalties.watchers.len() as u8);
        for w in &penalties.watchers {
            body.extend_from_slice(&(w.x as u16).to_le_bytes());
            body.extend_from_slice(&(w.y as u16).to_le_bytes());
            body.push(w.radius as u8);
        }
        body.push(u8::from(p.danger_in_h));
    }
    if version >= 7 {
        body.push(grid.penalties().turn_tenths as u8);
    }
    match &base {
        None => body.push(0),
        Some((r, _)) => {
            body.push(1);
            for share in [r.shares.wall, r.shares.forest, r.shares.swamp] {
                body.extend_from_slice(&share.to_bits().to_le_bytes());
            }
            body.extend_from_slice(&r.seed.to_le_bytes());
        }
    }
    let mut packed = vec![0u8; packing.bytes(grid.len())];
    let (mut runs, mut previous) = (0, None);
    for (i, &t) in grid.terrain_slice().iter().enumerate() {
        let code = match &base {
            None => t.link_code(),
            // Generated maps have no roads: their codes are below every format's count.
            Some((_, g)) => packing.relative(t.link_code(), g.terrain_slice()[i].link_code()),
        };
        if previous != Some(code) {
            runs += 1;
            previous = Some(code);
        }
        let (byte, shift) = packing.place(i);
        packed[byte] |= code << shift;
    }
    body.extend_from_slice(&packed);

    let stream = zlib::stored(&body);
    let mut out = Vec::with_capacity(HEADER_LEN + stream.len());
    out.push(version);
    out.extend_from_slice(&width.to_le_bytes());
    out.extend_from_slice(&height.to_le_bytes());
    out.extend_from_slice(&stream);
    (out, runs)
}

/// `bytes` (of [`encode_bytes`], or any encoded bytes) with the body compressed by `compress`, a zlib
/// compressor: the page's step before a link or file (www/share/link.ts, with `CompressionStream`), for
/// native callers and tests with a library's compressor. None when the body cannot be read.
pub fn with_body_compressed(
    bytes: &[u8],
    compress: impl FnOnce(&[u8]) -> Vec<u8>,
) -> Option<Vec<u8>> {
    let stream = bytes.get(HEADER_LEN..)?;
    let body = super::zlib::read(stream, MAX_BODY_BYTES).ok()?;
    let mut out = bytes[..HEADER_LEN].to_vec();
    out.extend(compress(&body));
    Some(out)
}

/// True when a link of `chars` characters is too long to share comfortably ([`COMFORTABLE_LINK_CHARS`]).
pub fn too_big_to_share(chars: usize) -> bool {
    chars > COMFORTABLE_LINK_CHARS
}

// ---------------------------------------------------------------------------------------------------------
// Decoding
