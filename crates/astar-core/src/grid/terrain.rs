//! What a cell is made of ([`Terrain`]): its codes, characters and names. A leaf: what each terrain
//! costs is `costs.rs`.

/// What a cell is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[repr(u8)]
pub enum Terrain {
    /// Impassable.
    Wall = 0,
    /// Open ground, cost 1 by default.
    Plain = 1,
    /// Forest, cost 3 by default.
    Forest = 2,
    /// Swamp, cost 5 by default.
    Swamp = 3,
    /// Road, cost 0.7 by default: the one terrain cheaper than plain.
    Road = 4,
}

impl Terrain {
    /// All terrains, in the order of their numeric codes.
    pub const ALL: [Terrain; TERRAIN_KINDS] = [
        Terrain::Wall,
        Terrain::Plain,
        Terrain::Forest,
        Terrain::Swamp,
        Terrain::Road,
    ];

    /// The passable terrains, in the order of their codes.
    pub const PASSABLE: [Terrain; TERRAIN_KINDS - 1] = [
        Terrain::Plain,
        Terrain::Forest,
        Terrain::Swamp,
        Terrain::Road,
    ];

    /// The terrain with numeric code `code` (0 wall, 1 plain, 2 forest, 3 swamp, 4 road).
    pub fn from_code(code: u8) -> Option<Terrain> {
        Terrain::ALL.get(code as usize).copied()
    }

    /// The character used for this terrain in ASCII maps and the project's text format.
    pub fn to_char(self) -> char {
        match self {
            Terrain::Wall => '#',
            Terrain::Plain => '.',
            Terrain::Forest => 'f',
            Terrain::Swamp => '~',
            Terrain::Road => '=',
        }
    }

    /// The terrain written as `c` in ASCII maps (`#` wall, `.` plain, `f` forest, `~` swamp, `=` road).
    pub fn from_char(c: char) -> Option<Terrain> {
        match c {
            '#' => Some(Terrain::Wall),
            '.' => Some(Terrain::Plain),
            'f' => Some(Terrain::Forest),
            '~' => Some(Terrain::Swamp),
            '=' => Some(Terrain::Road),
            _ => None,
        }
    }

    /// A lower-case name: "wall", "plain", "forest", "swamp" or "road".
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Wall => "wall",
            Terrain::Plain => "plain",
            Terrain::Forest => "forest",
            Terrain::Swamp => "swamp",
            Terrain::Road => "road",
        }
    }
}

/// How many terrains there are, walls included.
pub const TERRAIN_KINDS: usize = 5;
