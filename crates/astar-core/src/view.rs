//! What the page shows of a view beyond the map and the settings (the numbers in the cells, the smoothed
//! path, the animation step): the types the share codec, the settings' names and the page all use,
//! kept apart from the codec so that none of them has to import the others for it.

/// Which number the page prints in reached cells.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Numbers {
    /// No numbers.
    #[default]
    None,
    /// g, the cost so far.
    G,
    /// h, the estimate to go.
    H,
    /// f = g + w·h.
    F,
}

/// What the page shows beyond the map and the settings.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ViewOptions {
    /// Smoothed path drawn.
    pub smooth: bool,
    /// The smoothed path drawn as a curve (`crate::curve`), when `smooth` is on too.
    #[serde(default)]
    pub curve: bool,
    /// Numbers printed in reached cells.
    pub numbers: Numbers,
    /// Animation step shown, or `None` for the finished search.
    pub step: Option<u32>,
}
