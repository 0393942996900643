//! Small copyable identifiers used everywhere: seats, owners, systems,
//! resources, suits, ambitions and action cards.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Most seats a game can have (B-COMP-01).
pub const MAX_SEATS: usize = 4;
/// Owners of map pieces: the four seats plus the campaign's non-player
/// owners (the Empire, the Free States and the Blight).
pub const MAX_OWNERS: usize = 7;

/// A player's seat. `Seat(0)` is "player 1" (P1), the first initiative
/// holder at setup (B-SETUP-02). In JSON a seat is its 1-based number.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Serialize for Seat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0 + 1)
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            N(u64),
            S(String),
        }
        let n = match Raw::deserialize(d)? {
            Raw::N(n) => n,
            Raw::S(s) => s
                .trim_start_matches(['P', 'p'])
                .parse()
                .map_err(serde::de::Error::custom)?,
        };
        if (1..=MAX_SEATS as u64).contains(&n) {
            Ok(Seat(n as u8 - 1))
        } else {
            Err(serde::de::Error::custom(format!(
                "seats are 1..={MAX_SEATS}, not {n}"
            )))
        }
    }
}

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The seat `by` places clockwise among `players` seats (`self` and
    /// `by` are below `players`). A subtraction instead of `%`: turn order is
    /// computed on every turn, and a division is slow.
    pub fn clockwise(self, by: u8, players: u8) -> Seat {
        let x = self.0 + by;
        Seat(if x >= players { x - players } else { x })
    }
    pub fn owner(self) -> Owner {
        Owner::Seat(self)
    }
    pub fn all(players: u8) -> impl Iterator<Item = Seat> {
        (0..players).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// Who owns a piece on the map. Seats are players; the others are the
/// campaign's non-player owners, kept distinct from the first commit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Owner {
    Seat(Seat),
    Empire,
    Free,
    /// The Blight (campaign): its tokens sit in a system's ship counts
    /// (fresh / damaged), but they are no ships — they never control a
    /// system, never move and are hit only as the Blight rules say.
    Blight,
}

impl Owner {
    pub fn index(self) -> usize {
        match self {
            Owner::Seat(s) => s.index(),
            Owner::Empire => 4,
            Owner::Free => 5,
            Owner::Blight => 6,
        }
    }
    pub fn from_index(i: usize) -> Owner {
        match i {
            0..=3 => Owner::Seat(Seat(i as u8)),
            4 => Owner::Empire,
            5 => Owner::Free,
            _ => Owner::Blight,
        }
    }
    pub fn seat(self) -> Option<Seat> {
        match self {
            Owner::Seat(s) => Some(s),
            _ => None,
        }
    }
    /// The owner in a sentence: "P2", "the Empire", "the Free States",
    /// "the Blight".
    pub fn name(self) -> String {
        match self {
            Owner::Seat(s) => s.to_string(),
            Owner::Empire => "the Empire".into(),
            Owner::Free => "the Free States".into(),
            Owner::Blight => "the Blight".into(),
        }
    }
    /// The owner's, in a sentence: "P2's", "the Empire's", "a Free" (a
    /// Free city), "the Blight's".
    pub fn possessive(self) -> String {
        match self {
            Owner::Seat(s) => format!("{s}'s"),
            Owner::Empire => "the Empire's".into(),
            Owner::Free => "a Free".into(),
            Owner::Blight => "the Blight's".into(),
        }
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Owner::Seat(s) => write!(f, "{s}"),
            Owner::Empire => f.write_str("Empire"),
            Owner::Free => f.write_str("Free States"),
            Owner::Blight => f.write_str("Blight"),
        }
    }
}

/// The five resource types, in the order of the Outrage icons on the player
/// board (components.md §6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    Material,
    Fuel,
    Weapon,
    Relic,
    Psionic,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Material,
        Resource::Fuel,
        Resource::Weapon,
        Resource::Relic,
        Resource::Psionic,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn from_index(i: usize) -> Resource {
        Self::ALL[i]
    }
    pub fn name(self) -> &'static str {
        match self {
            Resource::Material => "material",
            Resource::Fuel => "fuel",
            Resource::Weapon => "weapon",
            Resource::Relic => "relic",
            Resource::Psionic => "psionic",
        }
    }
    pub fn parse(s: &str) -> Option<Resource> {
        Self::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
    }
    /// The ambition a token or Guild suit icon of this type counts for
    /// (B-SCORE-03, B-GLD-02). Weapons count for nothing, except the 2-player
    /// phantom's Weapons on the Warlord box (B-SCORE-08), handled there.
    pub fn ambition(self) -> Option<Ambition> {
        match self {
            Resource::Material | Resource::Fuel => Some(Ambition::Tycoon),
            Resource::Weapon => None,
            Resource::Relic => Some(Ambition::Keeper),
            Resource::Psionic => Some(Ambition::Empath),
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Action card suits (B-COMP-03).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    Administration,
    Aggression,
    Construction,
    Mobilization,
    /// The campaign's Event cards: no suit of their own — played as the
    /// lead card (campaign rules p12); not in [`Suit::ALL`].
    Event,
    /// The Believer's Faithful action cards (ARCS-F813 Faithful Cards) in a
    /// hand, a deck or a pile: a suit of two sides, played on one of them
    /// ([`Suit::Zeal`], [`Suit::Wisdom`]); no actions of its own.
    Faithful,
    /// A Faithful card played on its Zeal side (F813: move, influence,
    /// battle or tax).
    Zeal,
    /// A Faithful card played on its Wisdom side (F813: build, repair or
    /// secure).
    Wisdom,
}

impl Suit {
    pub const ALL: [Suit; 4] = [
        Suit::Administration,
        Suit::Aggression,
        Suit::Construction,
        Suit::Mobilization,
    ];
    pub fn code(self) -> &'static str {
        match self {
            Suit::Administration => "ADM",
            Suit::Aggression => "AGG",
            Suit::Construction => "CON",
            Suit::Mobilization => "MOB",
            Suit::Event => "EVT",
            Suit::Faithful => "FAI",
            Suit::Zeal => "ZEA",
            Suit::Wisdom => "WIS",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Suit::Administration => "Administration",
            Suit::Aggression => "Aggression",
            Suit::Construction => "Construction",
            Suit::Mobilization => "Mobilization",
            Suit::Event => "Event",
            Suit::Faithful => "Faithful",
            Suit::Zeal => "Faithful Zeal",
            Suit::Wisdom => "Faithful Wisdom",
        }
    }
    /// The standard actions the suit's pips allow (B-TURN-04).
    pub fn actions(self) -> &'static [StdAction] {
        use StdAction::*;
        match self {
            Suit::Administration => &[Tax, Repair, Influence],
            Suit::Aggression => &[Battle, Move, Secure],
            Suit::Construction => &[Build, Repair],
            Suit::Mobilization => &[Move, Influence],
            // An Event takes the lead card's actions (flow/turn.rs); a
            // Faithful card has actions only on the side it is played on.
            Suit::Event | Suit::Faithful => &[],
            Suit::Zeal => &[Move, Influence, Battle, Tax],
            Suit::Wisdom => &[Build, Repair, Secure],
        }
    }
}

/// The five ambitions, numbered 2..6 on the map (components.md §7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ambition {
    Tycoon,
    Tyrant,
    Warlord,
    Keeper,
    Empath,
}

impl Ambition {
    pub const ALL: [Ambition; 5] = [
        Ambition::Tycoon,
        Ambition::Tyrant,
        Ambition::Warlord,
        Ambition::Keeper,
        Ambition::Empath,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Ambition::Tycoon => "tycoon",
            Ambition::Tyrant => "tyrant",
            Ambition::Warlord => "warlord",
            Ambition::Keeper => "keeper",
            Ambition::Empath => "empath",
        }
    }
    pub fn parse(s: &str) -> Option<Ambition> {
        Self::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for Ambition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.name();
        let mut c = n.chars();
        if let Some(first) = c.next() {
            write!(f, "{}{}", first.to_ascii_uppercase(), c.as_str())?;
        }
        Ok(())
    }
}

/// The seven standard actions (B-ACT-01).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StdAction {
    Tax,
    Build,
    Move,
    Repair,
    Influence,
    Secure,
    Battle,
}

impl StdAction {
    pub const ALL: [StdAction; 7] = [
        StdAction::Tax,
        StdAction::Build,
        StdAction::Move,
        StdAction::Repair,
        StdAction::Influence,
        StdAction::Secure,
        StdAction::Battle,
    ];
    pub fn name(self) -> &'static str {
        match self {
            StdAction::Tax => "tax",
            StdAction::Build => "build",
            StdAction::Move => "move",
            StdAction::Repair => "repair",
            StdAction::Influence => "influence",
            StdAction::Secure => "secure",
            StdAction::Battle => "battle",
        }
    }
    pub fn parse(s: &str) -> Option<StdAction> {
        Self::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s))
    }
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for StdAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the 28 action cards: suit × number 1..7 (B-COMP-03), one of
/// the campaign's Event cards (28..=31, all alike: campaign rules p12), or
/// one of the Believer's 9 Faithful action cards (32..=40, numbers 1..9,
/// ARCS-F804..F812; docs/rulings.md R-CAMP-BELIEVER-CARDS).
///
/// A Faithful card is played on one of its two sides (ARCS-F813): the
/// card *as played* is one of its faces, [`ActionCard::zeal`] (41..=49)
/// or [`ActionCard::wisdom`] (50..=58). Faces appear only in a play (the
/// choice that plays it, `Play::card`, the turn's card); hands, decks,
/// piles and card sets hold the card itself ([`ActionCard::physical`];
/// [`ActionCard::bit`] is the card's bit for either face). In JSON it is
/// its index 0..=58; any other number is refused when read.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ActionCard(pub u8);

impl<'de> Deserialize<'de> for ActionCard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u8::deserialize(d)?;
        if (n as usize) < ActionCard::FACES_END {
            Ok(ActionCard(n))
        } else {
            Err(serde::de::Error::custom(format!(
                "action cards are numbered 0..={}, not {n}",
                ActionCard::FACES_END - 1
            )))
        }
    }
}

impl ActionCard {
    /// The standard action cards (4 suits × 7).
    pub const COUNT: usize = 28;
    /// Event cards the campaign can add: 3 in the box and Caretaker's
    /// (ARCS-F515).
    pub const EVENTS: u8 = 4;
    /// Every action card id, Event cards included (not the Faithful cards).
    pub const ALL_COUNT: usize = Self::COUNT + Self::EVENTS as usize;
    /// The Believer's Faithful action cards (ARCS-F804..F812).
    pub const FAITHFUL: u8 = 9;
    /// The first Faithful card's id ("1").
    pub const FAITHFUL_FIRST: u8 = Self::ALL_COUNT as u8;
    /// Every card that can be in a set: standard, Event and Faithful.
    pub const CARDS: usize = Self::ALL_COUNT + Self::FAITHFUL as usize;
    /// Past the last face id (Faithful cards' Zeal then Wisdom faces).
    pub const FACES_END: usize = Self::CARDS + 2 * Self::FAITHFUL as usize;
    /// The Faithful card numbered `n` (1..=9).
    pub fn faithful(n: u8) -> ActionCard {
        ActionCard(Self::FAITHFUL_FIRST + n.clamp(1, Self::FAITHFUL) - 1)
    }
    /// Whether this is a Faithful card or one of its faces.
    #[inline]
    pub fn is_faithful(self) -> bool {
        (Self::FAITHFUL_FIRST..Self::FACES_END as u8).contains(&self.0)
    }
    /// The Faithful card (either face) played on its Zeal side.
    pub fn zeal(self) -> ActionCard {
        ActionCard(self.physical().0 + Self::FAITHFUL)
    }
    /// The Faithful card (either face) played on its Wisdom side.
    pub fn wisdom(self) -> ActionCard {
        ActionCard(self.physical().0 + 2 * Self::FAITHFUL)
    }
    /// The card itself: a face's Faithful card; any other card unchanged.
    #[inline]
    pub fn physical(self) -> ActionCard {
        if (self.0 as usize) < Self::CARDS {
            self
        } else {
            ActionCard(Self::FAITHFUL_FIRST + (self.0 - Self::FAITHFUL_FIRST) % Self::FAITHFUL)
        }
    }
    /// For a Faithful card played on one side, the same card on the other.
    pub fn other_side(self) -> ActionCard {
        match self.suit() {
            Suit::Zeal => self.wisdom(),
            Suit::Wisdom => self.zeal(),
            _ => self,
        }
    }
    pub fn new(suit: Suit, number: u8) -> ActionCard {
        debug_assert!((1..=7).contains(&number) && suit != Suit::Event);
        ActionCard(suit as u8 * 7 + number - 1)
    }
    /// The `k`-th Event card (0-based, below [`EVENTS`](Self::EVENTS)).
    pub fn event(k: u8) -> ActionCard {
        ActionCard(Self::COUNT as u8 + k.min(Self::EVENTS - 1))
    }
    pub fn is_event(self) -> bool {
        (Self::COUNT..Self::ALL_COUNT).contains(&(self.0 as usize))
    }
    pub fn suit(self) -> Suit {
        match Suit::ALL.get((self.0 / 7) as usize) {
            Some(s) => *s,
            None => self.faithful_suit(),
        }
    }
    #[cold]
    fn faithful_suit(self) -> Suit {
        match self.0 as usize {
            n if n < Self::ALL_COUNT => Suit::Event,
            n if n < Self::CARDS => Suit::Faithful,
            n if n < Self::CARDS + Self::FAITHFUL as usize => Suit::Zeal,
            n if n < Self::FACES_END => Suit::Wisdom,
            // No card: shown by its raw index (`Display`).
            _ => Suit::Event,
        }
    }
    /// The printed number; an Event card has none (0). A Faithful card's
    /// number is its place in the stack, 1..=9 (F801A).
    pub fn number(self) -> u8 {
        if (self.0 as usize) < Self::COUNT {
            self.0 % 7 + 1
        } else if self.is_faithful() {
            self.physical().0 - Self::FAITHFUL_FIRST + 1
        } else {
            0
        }
    }
    /// Pips printed on the card (components.md §3 and §11); an Event card
    /// has none (it takes the lead card's, flow/turn.rs).
    pub fn pips(self) -> u8 {
        if (self.0 as usize) < Self::COUNT {
            crate::data::action_pips(self.suit(), self.number())
        } else if self.is_faithful() {
            crate::data::faithful_pips(self.number())
        } else {
            0
        }
    }
    /// The ambition this card lets its leader declare (B-AMB-02):
    /// `None` for 1s, `Some(None)`... see [`DeclareRight`]. A Faithful
    /// card's "?" corner names none: the law in the rules booklet says
    /// what leading one declares (F814 Pluralistic Faith, `flow/turn.rs`).
    pub fn declare_right(self) -> DeclareRight {
        if self.0 as usize >= Self::ALL_COUNT {
            return DeclareRight::None;
        }
        match self.number() {
            0 | 1 => DeclareRight::None,
            2 => DeclareRight::One(Ambition::Tycoon),
            3 => DeclareRight::One(Ambition::Tyrant),
            4 => DeclareRight::One(Ambition::Warlord),
            5 => DeclareRight::One(Ambition::Keeper),
            6 => DeclareRight::One(Ambition::Empath),
            _ => DeclareRight::Any,
        }
    }
    /// The card's bit in a [`CardSet`] (a face's card's bit).
    #[inline]
    pub fn bit(self) -> u64 {
        1 << self.physical().0
    }
    pub fn parse(s: &str) -> Option<ActionCard> {
        let s = s.trim();
        // Event cards: `EVT1`..`EVT4` (or `EVENT1`..).
        for prefix in ["EVENT", "EVT"] {
            if let Some(k) = s
                .get(..prefix.len())
                .filter(|p| p.eq_ignore_ascii_case(prefix))
                .and_then(|_| s.get(prefix.len()..))
            {
                let k: u8 = k.parse().ok()?;
                return (1..=Self::EVENTS)
                    .contains(&k)
                    .then(|| ActionCard::event(k - 1));
            }
        }
        // The suit code is three ASCII letters; anything else (a multi-byte
        // character among the first three bytes included) is no card.
        let code = s.get(..3)?;
        let num = s.get(3..)?;
        if num.is_empty() {
            return None;
        }
        let Some(suit) = Suit::ALL
            .into_iter()
            .find(|x| x.code().eq_ignore_ascii_case(code))
        else {
            return Self::parse_faithful(code, num);
        };
        let n: u8 = num.trim_start_matches(['-', ' ']).parse().ok()?;
        if !(1..=7).contains(&n) {
            return None;
        }
        Some(ActionCard::new(suit, n))
    }

    /// A Faithful card (`FAI3`) or one of its faces (`ZEA3`, `WIS3`).
    fn parse_faithful(code: &str, num: &str) -> Option<ActionCard> {
        let n: u8 = num.trim_start_matches(['-', ' ']).parse().ok()?;
        if !(1..=Self::FAITHFUL).contains(&n) {
            return None;
        }
        let card = ActionCard::faithful(n);
        [Suit::Faithful, Suit::Zeal, Suit::Wisdom]
            .into_iter()
            .find(|x| x.code().eq_ignore_ascii_case(code))
            .map(|x| match x {
                Suit::Zeal => card.zeal(),
                Suit::Wisdom => card.wisdom(),
                _ => card,
            })
    }
}

impl ActionCard {
    /// The card as players say it, "Aggression 3" (the log and
    /// descriptions; `Display` gives the machine form `AGG3`).
    pub fn full_name(self) -> String {
        if self.is_event() {
            return "an Event card".into();
        }
        match self.suit() {
            Suit::Zeal => return format!("Faithful {} on its Zeal side", self.number()),
            Suit::Wisdom => return format!("Faithful {} on its Wisdom side", self.number()),
            _ => {}
        }
        if (self.0 as usize) < Self::FACES_END {
            return format!("{} {}", self.suit().name(), self.number());
        }
        "an unknown action card".into()
    }

    /// Several cards as players say them: "Administration 4, Mobilization 3".
    pub fn list(cards: impl IntoIterator<Item = ActionCard>) -> String {
        cards
            .into_iter()
            .map(ActionCard::full_name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for ActionCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Total even for an index no parser produces (`ActionCard(200)`
        // built by code): such a card is shown by its raw index.
        if self.is_event() {
            return write!(f, "EVT{}", self.0 as usize - Self::COUNT + 1);
        }
        if (self.0 as usize) < Self::FACES_END {
            return write!(f, "{}{}", self.suit().code(), self.number());
        }
        write!(f, "card#{}", self.0)
    }
}

/// What a card lets its player declare.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DeclareRight {
    None,
    One(Ambition),
    Any,
}

impl DeclareRight {
    pub fn allows(self, a: Ambition) -> bool {
        match self {
            DeclareRight::None => false,
            DeclareRight::One(x) => x == a,
            DeclareRight::Any => true,
        }
    }
}

/// A set of action cards (a hand), as a bitset: cheap to clone and compare.
/// In JSON it is the bit mask; bits past the 41 cards (28, the Event
/// cards and the Faithful cards) are refused when read.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct CardSet(pub u64);

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bits = u64::deserialize(d)?;
        if bits >> ActionCard::CARDS != 0 {
            return Err(serde::de::Error::custom(format!(
                "a card set has bits 0..{} only",
                ActionCard::CARDS
            )));
        }
        Ok(CardSet(bits))
    }
}

impl CardSet {
    /// The standard action cards' bits (not the Event cards').
    pub const STANDARD: u64 = (1 << ActionCard::COUNT) - 1;
    /// The Event cards' bits.
    pub const EVENTS: u64 = ((1 << ActionCard::ALL_COUNT) - 1) & !Self::STANDARD;
    /// The Faithful cards' bits.
    pub const FAITHFUL: u64 = ((1 << ActionCard::CARDS) - 1) & !((1 << ActionCard::ALL_COUNT) - 1);
    /// The set's standard cards (not its Event or Faithful cards).
    #[inline]
    pub fn standard(self) -> CardSet {
        CardSet(self.0 & Self::STANDARD)
    }
    /// The set without its Event cards: the cards that may be led,
    /// followed with or used to seize.
    #[inline]
    pub fn playable(self) -> CardSet {
        CardSet(self.0 & !Self::EVENTS)
    }
    #[inline]
    pub fn has_event(self) -> bool {
        self.0 & Self::EVENTS != 0
    }
    /// Whether the set holds a Faithful card.
    #[inline]
    pub fn has_faithful(self) -> bool {
        self.0 & Self::FAITHFUL != 0
    }
    pub fn contains(self, c: ActionCard) -> bool {
        self.0 & c.bit() != 0
    }
    pub fn insert(&mut self, c: ActionCard) {
        self.0 |= c.bit();
    }
    pub fn remove(&mut self, c: ActionCard) {
        self.0 &= !c.bit();
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = ActionCard> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Some(ActionCard(i as u8))
            }
        })
    }
}

/// A system on the map: cluster 1..6 × position 0 (gate) ..3 (planets
/// clockwise), stored as `(cluster-1)*4 + position` (components.md §1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct SystemId(pub u8);

impl SystemId {
    pub const COUNT: usize = 24;
    pub fn new(cluster: u8, position: u8) -> SystemId {
        SystemId((cluster - 1) * 4 + position)
    }
    pub fn cluster(self) -> u8 {
        self.0 / 4 + 1
    }
    pub fn position(self) -> u8 {
        self.0 % 4
    }
    pub fn is_gate(self) -> bool {
        self.position() == 0
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn bit(self) -> u32 {
        1 << self.0
    }
    pub fn all() -> impl Iterator<Item = SystemId> {
        (0..Self::COUNT as u8).map(SystemId)
    }
    /// Parses `"3.1"` (cluster.position) or an alias such as `"3-arrow"`,
    /// `"3-gate"`.
    pub fn parse(s: &str) -> Option<SystemId> {
        let s = s.trim();
        let (c, p) = s.split_once(['.', '-'])?;
        let c: u8 = c.parse().ok()?;
        if !(1..=6).contains(&c) {
            return None;
        }
        let p = match p {
            "0" | "gate" => 0,
            "1" | "arrow" => 1,
            "2" | "moon" => 2,
            "3" | "hex" => 3,
            _ => return None,
        };
        Some(SystemId::new(c, p))
    }
}

impl fmt::Display for SystemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.cluster(), self.position())
    }
}

impl From<SystemId> for String {
    fn from(s: SystemId) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for SystemId {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        SystemId::parse(&s).ok_or_else(|| format!("bad system id {s:?}"))
    }
}

/// The card whose catalog id is the constant `$code` (`"ARCS-F502"`, or a
/// `const`), looked up once per use site and then read from a static: card
/// rules name their cards this way, never by parsing a string on a hot path
/// (issue 19). A non-constant argument does not compile.
#[macro_export]
macro_rules! card_id {
    ($code:expr) => {{
        const CODE: &str = $code;
        static ID: std::sync::OnceLock<$crate::ids::CardId> = std::sync::OnceLock::new();
        *ID.get_or_init(|| $crate::ids::CardId::parse(CODE).expect("a card id of the catalog"))
    }};
}

/// Index of a card in the catalog (`data/cards.json`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(pub u16);

impl CardId {
    pub fn code(self) -> &'static str {
        &crate::data::catalog().cards[self.0 as usize].id
    }
    pub fn name(self) -> &'static str {
        &crate::data::catalog().cards[self.0 as usize].name
    }
    pub fn info(self) -> &'static crate::data::CardInfo {
        &crate::data::catalog().cards[self.0 as usize]
    }
    /// Looks a card up by id (`ARCS-BC01`, or just `BC01`) or exact name.
    pub fn parse(s: &str) -> Option<CardId> {
        crate::data::catalog().lookup(s)
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// Cards serialize as their stable catalog id, so saves survive catalog growth.
impl Serialize for CardId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for CardId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        CardId::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown card {s:?}")))
    }
}
