//! The game state: a flat, `Clone` + serde value with no heap allocation,
//! so search bots can clone it cheaply (DESIGN.md §The engine).

mod board;
mod list;
mod pile;
mod seat;

pub use board::{
    systems_in, Board, Building, BuildingKind, ShipCount, SystemMut, SystemState, EXTRA_SLOT,
};
pub use list::List;
pub use pile::HiddenPile;
pub use seat::{HeldIter, SeatState, TrophyKind, LORE_MAX};

use crate::data::{DieKind, MARKERS};
use crate::flow::Frame;
use crate::ids::*;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// How a card was played on a turn (B-TURN-04..09).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayKind {
    Lead,
    Surpass,
    Copy,
    Pivot,
    /// An Event card (campaign rules p12): actions as the lead card's.
    Event,
}

/// A card played this round, plus the extra face-down seize card if any.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub card: ActionCard,
    pub kind: PlayKind,
    pub seize: Option<ActionCard>,
}

impl Play {
    pub fn face_up(&self) -> bool {
        self.kind != PlayKind::Copy
    }
}

/// A Union card attached to a played card (C-BC04 etc.).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnionAttachment {
    pub union: CardId,
    pub holder: Seat,
    pub target: ActionCard,
    /// The card goes back to its holder's play area at the round's end
    /// (The Young Light, ARCS-F816), not to the Court discard pile.
    #[serde(default)]
    pub returns: bool,
}

/// Round-scoped state (B-TURN-12/13, Appendix A).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundState {
    /// The round's number within the chapter: 1 for its first round, 0
    /// before it (draw, mulligan).
    #[serde(default)]
    pub number: u8,
    /// The seat that led (or is about to lead) this round; turn order for
    /// the round runs clockwise from it even after a seize (AMB-20).
    pub leader: Seat,
    /// Index into turn order of the seat taking (or about to take) its turn.
    pub turn_idx: u8,
    pub plays: [Option<Play>; MAX_SEATS],
    /// The zero marker sits on the lead card (B-AMB-04).
    pub zero_marker: bool,
    /// Somebody declared an ambition this round, by any means (AMB-30).
    pub declared: bool,
    /// The lead card has been used to declare (B-AMB-07).
    pub lead_declared: bool,
    /// The initiative was seized this round (B-INIT-07).
    pub seized: bool,
    pub unions: List<UnionAttachment, 4>,
}

impl RoundState {
    pub fn new(leader: Seat) -> RoundState {
        RoundState {
            number: 0,
            leader,
            turn_idx: 0,
            plays: [None; MAX_SEATS],
            zero_marker: false,
            declared: false,
            lead_declared: false,
            seized: false,
            unions: List::new(),
        }
    }
    pub fn lead(&self) -> Option<Play> {
        self.plays[self.leader.index()]
    }
}

/// Turn-scoped state: the Prelude, pips, and per-turn limits.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnScope {
    pub seat: Seat,
    pub play: PlayKind,
    pub card: ActionCard,
    pub pips_left: u8,
    /// Declaring and seizing are still possible (B-PRE-06).
    pub window_open: bool,
    /// No pip has been spent yet (B-PRE-01).
    pub prelude_open: bool,
    /// A Prelude action has been taken (Lattice Spies must come first).
    pub prelude_used: bool,
    /// A Weapon was spent: pips may be spent on Battle (B-RES-02).
    pub weapon: bool,
    /// Resources spent in the Prelude, returned to the supply when it ends
    /// (B-RES-05).
    pub limbo: [u8; 5],
    /// Cities taxed this turn, by `system*3 + slot` (B-TAX-04).
    pub taxed: u128,
    /// Starports that built a ship this turn (B-BLD-04).
    pub starports_used: u128,
    /// Cards secured during this Prelude (B-PRE-04).
    pub secured_in_prelude: List<CardId, 4>,
    /// Once-per-turn card abilities already used (Relic Fence, Tool-Priests).
    pub once_used: List<CardId, 4>,
    /// Fresh ships that arrived in each system by the current Move
    /// (Sprinter Drives).
    pub moved_fresh: [u8; SystemId::COUNT],
    /// The seat's Flagship moved in the current Move (Sprinter Drives may
    /// move it once more: it is a fresh Loyal ship, L1706).
    #[serde(default)]
    pub flagship_moved: bool,
    /// The current battle's losses so far, for its summary line
    /// ([`crate::actions::battle::Tally`]).
    #[serde(default)]
    pub battle_tally: [u8; 6],
    /// Ships built at the seat's Flagship this turn (FS-12).
    #[serde(default)]
    pub flagship_ships: u8,
}

impl TurnScope {
    pub fn new(seat: Seat, play: PlayKind, card: ActionCard, pips: u8) -> TurnScope {
        TurnScope {
            seat,
            play,
            card,
            pips_left: pips,
            window_open: true,
            prelude_open: true,
            prelude_used: false,
            weapon: false,
            limbo: [0; 5],
            taxed: 0,
            starports_used: 0,
            secured_in_prelude: List::new(),
            once_used: List::new(),
            moved_fresh: [0; SystemId::COUNT],
            flagship_moved: false,
            battle_tally: [0; 6],
            flagship_ships: 0,
        }
    }
}

/// Key of a building slot for per-turn bitsets.
pub fn slot_key(system: SystemId, slot: u8) -> u128 {
    1u128 << (system.index() * 3 + slot as usize)
}

/// An ambition marker: which side shows and where it is (B-COMP-07).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    pub flipped: bool,
    /// `None` = in Available Markers.
    pub at: Option<Ambition>,
}

impl Marker {
    pub fn values(self, index: usize) -> (i32, i32) {
        MARKERS[index][self.flipped as usize]
    }
}

/// One Court position (B-SETUP-07). An empty position keeps its place when
/// the deck runs out (AMB-08).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourtSlot {
    pub card: Option<CardId>,
    pub agents: [u8; MAX_OWNERS],
}

impl CourtSlot {
    /// The most agents any owner other than `seat` has here (B-SEC-01:
    /// securing needs strictly more than this).
    pub fn most_of_others(&self, seat: Seat) -> u8 {
        self.agents
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat.index())
            .map(|(_, n)| *n)
            .max()
            .unwrap_or(0)
    }
}

/// Options that rules and cards consult during play (copied from the config).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RuleOptions {
    /// B-FINE-13 split action discard.
    pub split_discard: bool,
}

/// A forced die result for scenarios and tests: the next die of `kind`
/// rolled shows `face` (0..6, see components.md §4).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedDie {
    pub kind: DieKind,
    pub face: u8,
}

/// The final result (B-GAME-02).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub power: Vec<i32>,
    /// Who won: `None` at the end of the campaign's Acts I and II, which
    /// name no winner (campaign rules p8, 000:L1186; see `act`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    /// Seats in final ranking order (ties broken by turn order from the
    /// initiative holder).
    pub ranking: Vec<Seat>,
    pub reason: String,
    /// Each group of seats tied on Power, in ranking order, and how the
    /// tie was broken (B-GAME-02). Empty without ties.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiebreaks: Vec<Tiebreak>,
    /// Seats that conceded: ranked last, whatever their Power (R-GAME-1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conceded: Vec<Seat>,
    /// The campaign Act that ended, with each seat's Power and objective
    /// (campaign rules p8): set at the end of every Act; after Acts I and
    /// II it is the whole result (no winner).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub act: Option<ActReport>,
}

/// The report at the end of a campaign Act (p8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActReport {
    /// 1, 2 or 3.
    pub act: u8,
    /// Per seat, in seat order.
    pub seats: Vec<ActSeat>,
}

/// One seat's line in an Act's report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActSeat {
    pub power: i32,
    /// The Fate played this Act (its Fate card), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fate: Option<CardId>,
    /// Whether its objective was met (marker at 0) — `None` without a Fate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective_met: Option<bool>,
    /// The objective marker's space (0 when met; a failed objective will
    /// cost this much Power in the Intermission).
    pub marker: u8,
}

/// Seats tied on Power at the game's end, ranked by turn order counting
/// from the initiative holder (B-GAME-02, AMB-56).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tiebreak {
    pub power: i32,
    /// The tied seats in the order they rank.
    pub seats: Vec<Seat>,
    /// The initiative holder the turn order counts from.
    pub initiative: Seat,
    /// The reason in words, e.g. "P2 and P3 tie at 25 Power and rank in
    /// turn order from the initiative holder (P3): P3, P2".
    pub text: String,
}

/// The complete state of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    pub players: u8,
    pub chapter: u8,
    pub initiative: Seat,
    /// Seats that passed in the current pass streak (AMB-06).
    pub pass_streak: u8,
    pub seats: [SeatState; MAX_SEATS],
    /// Pieces in systems, with an index of where each owner's pieces are.
    #[serde(rename = "systems")]
    pub board: Board,
    /// Systems in play (B-MAP-06).
    pub in_play: u32,
    /// Adjacency among in-play systems, including path markers (B-MAP-06).
    pub adj: [u32; SystemId::COUNT],
    pub setup_card: u8,
    pub supply: [u8; 5],
    /// 2-player resources on the ambition boxes, per resource type
    /// (B-SETUP-10).
    pub box_resources: [u8; 5],
    pub markers: [Marker; 3],
    pub court: List<CourtSlot, 6>,
    /// Court deck; the last element is the top.
    pub court_deck: HiddenPile<CardId, 128>,
    pub court_discard: List<CardId, 128>,
    /// Action discard pile (face down); index 0 is the bottom.
    pub action_discard: HiddenPile<ActionCard, { ActionCard::CARDS }>,
    /// Face-up pile of the split-discard variant (B-FINE-13).
    pub action_discard_up: List<ActionCard, { ActionCard::CARDS }>,
    pub round: RoundState,
    pub turn: TurnScope,
    pub stack: List<Frame, 24>,
    pub options: RuleOptions,
    pub rng: ChaCha8Rng,
    pub forced_dice: List<ForcedDie, 24>,
    /// Scenario hook: the hands the next chapter's draw deals (the rest of
    /// the deck is dealt at random as usual). Empty sets deal at random.
    pub forced_deal: [CardSet; MAX_SEATS],
    /// Leaders & Lore: the face-up rows during the draft (B-LL-02).
    pub leader_row: List<CardId, 5>,
    pub lore_row: List<CardId, 9>,
    /// Lore cards not dealt to the row (the Archivist draws from them).
    pub lore_deck: HiddenPile<CardId, 28>,
    /// Resources placed over planets' type icons (Shaper *Mythic*); such a
    /// planet's type is the placed resource from then on.
    pub planet_marks: [Option<Resource>; SystemId::COUNT],
    /// Lore cards each seat drafts (1, or 2 with the variant).
    pub lore_each: u8,
    /// Action cards each seat knows to be in the action discard pile this
    /// chapter (face-up plays for everyone, its own face-down cards): what a
    /// seat may use when it imagines the hidden cards (view.rs).
    pub known_discard: [CardSet; MAX_SEATS],
    /// Boxed: a finished game is rare, and the state stays small to clone.
    pub outcome: Option<Box<Outcome>>,
    /// The Blighted Reach campaign's state (`campaign/`); `None` in base
    /// and Leaders & Lore games. Kept in place, not boxed, so cloning a
    /// campaign state allocates nothing either (issue 19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<crate::campaign::Campaign>,
    /// Internal faults (a decision with no legal choice, stack overflow);
    /// the invariant suite requires 0.
    pub anomalies: u16,
    /// Hidden information that came out other than from a face-down pile
    /// or the RNG: an undo barrier (R-UNDO-1). Not part of the position.
    #[serde(skip)]
    pub disclosures: Disclosures,
}

/// Counts the moments hidden information came out by a kind of event
/// that is neither a pile's change ([`HiddenPile::moves`]) nor a roll or
/// shuffle (the RNG): the answers of a secret decision all seats take at
/// once revealed, a hidden token turned face up, a scenario's forced
/// die rolled. `Game::apply` makes a choice that changes it an undo
/// barrier (docs/rulings.md R-UNDO-1). It is not part of the position:
/// never saved, and two states differing only in it are equal.
#[derive(Copy, Clone, Debug, Default)]
pub struct Disclosures(u32);

impl Disclosures {
    pub fn count(self) -> u32 {
        self.0
    }
}

impl PartialEq for Disclosures {
    fn eq(&self, _: &Disclosures) -> bool {
        true
    }
}

impl GameState {
    /// Hidden information came out (see [`Disclosures`]).
    pub(crate) fn disclose(&mut self) {
        self.disclosures.0 = self.disclosures.0.wrapping_add(1);
    }
    pub fn seat(&self, s: Seat) -> &SeatState {
        &self.seats[s.index()]
    }
    pub fn seat_mut(&mut self, s: Seat) -> &mut SeatState {
        &mut self.seats[s.index()]
    }
    pub fn sys(&self, s: SystemId) -> &SystemState {
        self.board.get(s)
    }
    /// A system to change (the board's index follows, see [`Board`]).
    pub fn sys_mut(&mut self, s: SystemId) -> SystemMut<'_> {
        self.board.get_mut(s)
    }
    pub fn seat_ids(&self) -> impl Iterator<Item = Seat> {
        Seat::all(self.players)
    }
    /// A planet's type: printed, or the resource placed over its icon by
    /// Shaper *Mythic*. `None` for gates.
    pub fn planet_type(&self, s: SystemId) -> Option<Resource> {
        self.planet_marks[s.index()].or_else(|| crate::data::planet_type(s))
    }
    pub fn is_in_play(&self, s: SystemId) -> bool {
        self.in_play & s.bit() != 0
    }
    pub fn systems_in_play(&self) -> impl Iterator<Item = SystemId> + '_ {
        SystemId::all().filter(move |s| self.is_in_play(*s))
    }
    pub fn adjacent(&self, s: SystemId) -> impl Iterator<Item = SystemId> {
        let mut bits = self.adj[s.index()];
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Some(SystemId(i as u8))
            }
        })
    }
    pub fn next_seat(&self, s: Seat) -> Seat {
        s.clockwise(1, self.players)
    }
    /// Turn order from the initiative holder (B-SETUP-17).
    pub fn turn_order(&self) -> impl Iterator<Item = Seat> {
        self.order_from(self.initiative)
    }
    pub fn order_from(&self, first: Seat) -> impl Iterator<Item = Seat> {
        let n = self.players;
        (0..n).map(move |i| first.clockwise(i, n))
    }
    pub fn rivals(&self, s: Seat) -> impl Iterator<Item = Seat> {
        self.order_from(s).skip(1)
    }

    /// B-CORE-02: the owner with more fresh ships than each other owner.
    #[inline]
    pub fn controller(&self, s: SystemId) -> Option<Owner> {
        self.sys(s).controller()
    }
    /// Whether `seat` controls the system for its actions: by its fleet
    /// (B-CORE-02) or, in the campaign, as a Regent on its turn in an
    /// Empire-controlled system where it has a Loyal piece (the Presence
    /// Law, campaign rules p10).
    #[inline]
    pub fn controls(&self, seat: Seat, s: SystemId) -> bool {
        match self.controller(s) {
            Some(o) if o == seat.owner() => true,
            Some(Owner::Empire) => crate::campaign::empire::presence(self, seat, s),
            _ => false,
        }
    }
    /// Some other owner controls the system (B-BLD-05, B-MOV-02).
    #[inline(always)]
    pub fn controlled_by_other(&self, seat: Seat, s: SystemId) -> bool {
        match self.controller(s) {
            None => false,
            Some(o) if o == seat.owner() => false,
            Some(Owner::Empire) => !crate::campaign::empire::presence(self, seat, s),
            Some(_) => true,
        }
    }

    /// The action cards played face up this round (seize cards are face
    /// down): everyone has seen them.
    pub fn face_up_plays(&self) -> CardSet {
        let mut set = CardSet::default();
        for p in self.round.plays.iter().flatten() {
            if p.face_up() {
                set.insert(p.card.physical());
            }
        }
        set
    }

    /// The lead card of this round, if it has been played.
    pub fn lead_card(&self) -> Option<ActionCard> {
        self.round.lead().map(|p| p.card)
    }
    /// The lead card's number for Surpass checks: 0 under the zero marker
    /// (B-TURN-07, B-AMB-04).
    pub fn lead_number(&self) -> Option<u8> {
        self.lead_card().map(|c| {
            if self.round.zero_marker {
                0
            } else {
                c.number()
            }
        })
    }

    /// Index of the highest-valued available marker (B-AMB-03, AMB-76).
    pub fn best_available_marker(&self) -> Option<usize> {
        (0..3)
            .filter(|&i| self.markers[i].at.is_none())
            .max_by_key(|&i| (self.markers[i].values(i).0, i))
    }
    pub fn ambition_declared(&self, a: Ambition) -> bool {
        self.markers.iter().any(|m| m.at == Some(a))
    }

    /// Cards in hands, played, and discards: the chapter's whole action deck.
    pub fn action_deck_size(&self) -> usize {
        self.action_deck_cards().len() as usize
    }

    /// Every card of this chapter's action deck, a bit each (B-DRAW-01;
    /// campaign p4 step E's Event cards, cards added or scrapped this Act).
    pub fn action_deck_cards(&self) -> CardSet {
        let mut deck: u64 = (0..28u8)
            .map(ActionCard)
            .filter(|c| self.players == 4 || (2..=6).contains(&c.number()))
            .fold(0, |m, c| m | c.bit());
        if let Some(c) = self.campaign() {
            let k = crate::campaign::events::events_in_deck(self.players);
            deck |= (0..k).fold(0, |m, i| m | ActionCard::event(i).bit());
            deck = (deck | c.actions_added.0) & !c.actions_scrapped.0;
        }
        CardSet(deck)
    }
}
