//! Choices and prompts in player language, written by the engine.
//!
//! [`Choice`]'s `Display` is the stable machine form (scenarios, the
//! protocol, saves). People read this instead: one short imperative
//! sentence per choice, in the game's own words and in the context of the
//! pending decision — "Damage your fresh ship in 4.2", "Steal the Material
//! in P3's 1-key slot", "Reroll a skirmish die showing a hit", "Place an
//! agent on Loyal Engineers (Court 2)". Cards are named, action cards are
//! "Aggression 3", slots are what the player board shows (your own by
//! position, a Rival's by its printed raid cost in keys), die faces by
//! what they show, owners as "your", "P2's", "the Empire's", "a Free".
//!
//! Descriptions are computed on demand only (clients, and `auto` events
//! when a sink records text): nothing here runs on the engine's hot path.
//! They never panic, whatever the state and choice.

use crate::actions::mov::MoveStage;
use crate::choice::{Act, BuildTarget, Choice, HitWhy, Layout, Loot, Piece, Prompt};
use crate::data::{catalog, components, CardKind, DieKind, SLOT_RAID_COST};
use crate::flow::{Decision, Frame};
use crate::ids::*;
use crate::state::{GameState, PlayKind, TrophyKind};

/// One choice of `seat`'s pending decision about `prompt`, in words.
/// The state gives names, slots and pieces; effects and battles are read
/// from the frame on top of the stack (the decision being made).
pub fn describe_choice(s: &GameState, seat: Seat, prompt: &Prompt, c: &Choice) -> String {
    let d = Describer { s, seat };
    gate_words(d.in_context(prompt, c).unwrap_or_else(|| d.generic(c)))
}

/// The slot that tells two look-alike choices apart: a building slot
/// ("first building slot") or a resource slot, by its place on the player
/// board and its raid cost ("second slot, 1 key").
fn slot_words(seat: Seat, c: &Choice) -> Option<String> {
    use crate::choice::Asset;
    use crate::choice::NegotiationAct;
    let building = |slot: u8| {
        match slot {
            0 => "first building slot",
            1 => "second building slot",
            _ => "extra building slot",
        }
        .to_string()
    };
    let resource = |owner: Seat, i: u8| {
        let whose = if owner == seat { "your" } else { "their" };
        let keys = SLOT_RAID_COST.get(i as usize).copied().unwrap_or(0);
        let place = ["first", "second", "third", "fourth", "fifth", "sixth"]
            .get(i as usize)
            .copied();
        Some(match place {
            Some(p) => format!("{whose} {p} slot, {}", plural(keys, "key", "keys")),
            None => format!("{whose} Ancient Holdings slot"),
        })
    };
    match *c {
        Choice::Piece {
            piece: Piece::Building { slot },
            ..
        } => Some(building(slot)),
        Choice::Slot(i) => resource(seat, i),
        Choice::Steal {
            from,
            loot: Loot::Slot(i),
        } => resource(from, i),
        Choice::Negotiate(n) => match n.act {
            NegotiationAct::Cede {
                piece: Piece::Building { slot },
                ..
            } => Some(building(slot)),
            NegotiationAct::Give(Asset::Slot(i)) => resource(n.by, i),
            _ => None,
        },
        _ => None,
    }
}

/// Gates as the map names them: the map labels a gate with its cluster's
/// number alone, so "6.0" reads "gate 6" in what a person reads (the
/// machine grammar keeps `6.0`).
pub fn gate_words(text: String) -> String {
    if !text.contains(".0") {
        return text;
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 8);
    let mut last = 0;
    let mut i = 0;
    while i + 2 < b.len() {
        let gate = (b'1'..=b'6').contains(&b[i])
            && b[i + 1] == b'.'
            && b[i + 2] == b'0'
            && (i == 0 || !(b[i - 1].is_ascii_digit() || b[i - 1] == b'.'))
            && b.get(i + 3).is_none_or(|c| !c.is_ascii_digit());
        if gate {
            // `i` and `i + 3` sit next to ASCII bytes: char boundaries.
            out.push_str(&text[last..i]);
            // "in 6.0" reads "at gate 6".
            if out.ends_with(" in ") || out == "in " {
                out.truncate(out.len() - 3);
                out.push_str("at ");
            }
            out.push_str("gate ");
            out.push(b[i] as char);
            last = i + 3;
            i += 3;
        } else {
            i += 1;
        }
    }
    out.push_str(&text[last..]);
    out
}

/// Every choice of a decision in words, in order, each distinct from the
/// others: two choices that would read the same are told apart (a
/// building's slot, else a number), so a person can always pick one.
pub fn describe_choices(s: &GameState, seat: Seat, prompt: &Prompt, cs: &[Choice]) -> Vec<String> {
    let mut out: Vec<String> = cs
        .iter()
        .map(|c| describe_choice(s, seat, prompt, c))
        .collect();
    // Buildings of one owner and kind in one system read alike: name the slot.
    let twin = |out: &[String], i: usize| out.iter().filter(|t| **t == out[i]).count() > 1;
    let twins: Vec<bool> = (0..out.len()).map(|i| twin(&out, i)).collect();
    for (i, c) in cs.iter().enumerate() {
        if twins[i] {
            if let Some(which) = slot_words(seat, c) {
                out[i] = format!("{} ({which})", out[i]);
            }
        }
    }
    // Anything still alike (never seen in play): number the look-alikes.
    for i in 0..out.len() {
        let same: Vec<usize> = (0..out.len()).filter(|&j| out[j] == out[i]).collect();
        if same.len() > 1 {
            let base = out[i].clone();
            for (k, j) in same.into_iter().enumerate() {
                out[j] = format!("{base} (option {})", k + 1);
            }
        }
    }
    out
}

/// The prompt of `seat`'s decision in words, addressed to that seat.
pub fn describe_prompt(s: &GameState, seat: Seat, prompt: &Prompt) -> String {
    gate_words(prompt_words(s, seat, prompt))
}

fn prompt_words(s: &GameState, seat: Seat, prompt: &Prompt) -> String {
    let d = Describer { s, seat };
    match prompt {
        Prompt::MoveShips { from } if d.sys_ok(*from) && d.seat_ok(seat) => {
            let sh = s.sys(*from).ships_of(seat.owner());
            format!(
                "Move which ships from {from}? You have {} there.",
                ships_phrase(sh.fresh, sh.damaged)
            )
        }
        Prompt::MoveTo { from } => match s.stack.last() {
            Some(Frame::Move(m)) if m.stage == MoveStage::To => format!(
                "Move {} from {from} to which adjacent system?",
                ships_phrase(m.fresh, m.damaged)
            ),
            _ => prompt.describe(),
        },
        Prompt::BattleDefender { system } => format!("Battle in {system}: attack whom?"),
        Prompt::BattleDice { system, die } => match s.stack.last() {
            Some(Frame::Battle(b)) => format!(
                "Battle against {} in {system}: roll how many {} dice?",
                d.owner_name(b.defender),
                die.name()
            ),
            _ => prompt.describe(),
        },
        Prompt::AssignHit {
            system,
            to,
            hits_left,
            why,
        } => format!(
            "Assign {} to {} in {system} ({}).",
            hit_name(*why),
            // "a Free" reads as one piece: name the owner instead.
            match to {
                Owner::Free => "the Free States' pieces".to_string(),
                Owner::Blight => "the Blight".to_string(),
                o => format!("{} pieces", d.poss(*o)),
            },
            plural(*hits_left, "hit", "hits") + " left"
        ),
        Prompt::Raid { keys, from } => format!(
            "Raid {}: you have {}; steal what?",
            d.seat_name(*from),
            plural(*keys, "key", "keys")
        ),
        Prompt::Card { card, what } => {
            format!("{}: {}", card_name(*card), capitalise(what))
        }
        _ => prompt.describe(),
    }
}

impl crate::game::Game {
    /// The pending decision's prompt and choices in words (choices in the
    /// order of [`Decision::choices`]); `None` when the game is over.
    pub fn describe_pending(&self) -> Option<(String, Vec<String>)> {
        let d = self.state().decision()?;
        Some((
            describe_prompt(self.state(), d.seat, &d.prompt),
            d.describe_choices(self.state()),
        ))
    }

    /// `seat`'s own decision in words, when it is one of the deciding
    /// seats (several decide at once during the campaign's Fate choice).
    pub fn describe_pending_for(&self, seat: Seat) -> Option<(String, Vec<String>)> {
        let d = self.decision_for(seat)?;
        Some((
            describe_prompt(self.state(), d.seat, &d.prompt),
            d.describe_choices(self.state()),
        ))
    }

    /// One choice of `seat`'s pending decision in words (see
    /// [`describe_choice`]); a choice out of that context is still
    /// described, in general words.
    pub fn describe_choice(&self, seat: Seat, choice: &Choice) -> String {
        let s = self.state();
        match s.prompt() {
            Some((who, p)) if who == seat => describe_choice(s, seat, &p, choice),
            _ => Describer { s, seat }.generic(choice),
        }
    }
}

impl Decision {
    /// Every choice in words, distinct, in order (see [`describe_choices`]).
    pub fn describe_choices(&self, s: &GameState) -> Vec<String> {
        describe_choices(s, self.seat, &self.prompt, &self.choices)
    }
}

// ------------------------------------------------------------------ words

/// "Material", "Fuel": resources are capitalised in the game's text.
/// An owner's possessive for any reader: "P2's", "the Empire's", "the
/// Free States'", "the Blight's".
pub fn owner_poss(o: Owner) -> String {
    match o {
        Owner::Seat(x) => format!("{x}'s"),
        Owner::Empire => "the Empire's".into(),
        Owner::Free => "the Free States'".into(),
        Owner::Blight => "the Blight's".into(),
    }
}

pub fn resource_name(r: Resource) -> &'static str {
    match r {
        Resource::Material => "Material",
        Resource::Fuel => "Fuel",
        Resource::Weapon => "Weapon",
        Resource::Relic => "Relic",
        Resource::Psionic => "Psionic",
    }
}

pub(crate) fn resource_plural(r: Resource) -> &'static str {
    match r {
        Resource::Material => "Material",
        Resource::Fuel => "Fuel",
        Resource::Weapon => "Weapons",
        Resource::Relic => "Relics",
        Resource::Psionic => "Psionics",
    }
}

/// "Tycoon".
pub fn ambition_name(a: Ambition) -> &'static str {
    match a {
        Ambition::Tycoon => "Tycoon",
        Ambition::Tyrant => "Tyrant",
        Ambition::Warlord => "Warlord",
        Ambition::Keeper => "Keeper",
        Ambition::Empath => "Empath",
    }
}

/// "Aggression 3".
pub fn action_card_name(c: ActionCard) -> String {
    c.full_name()
}

/// A card's printed name (never panics on an unknown id).
pub fn card_name(c: CardId) -> &'static str {
    catalog()
        .cards
        .get(c.0 as usize)
        .map_or("an unknown card", |i| i.name.as_str())
}

fn card_kind(c: CardId) -> Option<CardKind> {
    catalog().cards.get(c.0 as usize).map(|i| i.kind)
}

/// "Tax", "Influence".
pub(crate) fn std_name(a: StdAction) -> &'static str {
    match a {
        StdAction::Tax => "Tax",
        StdAction::Build => "Build",
        StdAction::Move => "Move",
        StdAction::Repair => "Repair",
        StdAction::Influence => "Influence",
        StdAction::Secure => "Secure",
        StdAction::Battle => "Battle",
    }
}

/// "a Move", "an Influence".
pub(crate) fn std_with_article(a: StdAction) -> String {
    let n = std_name(a);
    if n.starts_with(['A', 'E', 'I', 'O', 'U']) {
        format!("an {n}")
    } else {
        format!("a {n}")
    }
}

/// An action to take: "Tax", or a card's new action "Nurture (a Tax from
/// Living Structures)".
pub(crate) fn act_name(a: Act) -> String {
    match a.via {
        None => std_name(a.std).into(),
        Some(card) => {
            let name = crate::cards::behavior(card)
                .and_then(|b| b.new_actions.iter().find(|n| n.std == a.std))
                .map(|n| n.name);
            match name {
                Some(n) => format!("{n} ({} from {})", std_with_article(a.std), card_name(card)),
                None => format!("{} with {}", std_name(a.std), card_name(card)),
            }
        }
    }
}

/// "1 ship", "2 ships", "0 ships": a count for the log, where a number
/// reads better than "no" (and older `expect log` texts keep matching).
pub(crate) fn count_of(n: u8, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

pub(crate) fn plural(n: u8, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {many}"),
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// "2 fresh ships and 1 damaged ship", "no ships".
fn ships_phrase(fresh: u8, damaged: u8) -> String {
    match (fresh, damaged) {
        (0, 0) => "no ships".into(),
        (f, 0) => plural(f, "fresh ship", "fresh ships"),
        (0, d) => plural(d, "damaged ship", "damaged ships"),
        (f, d) => format!(
            "{} and {}",
            plural(f, "fresh ship", "fresh ships"),
            plural(d, "damaged ship", "damaged ships")
        ),
    }
}

pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn ordinal(i: usize) -> &'static str {
    ["first", "second", "third", "fourth", "fifth", "sixth"]
        .get(i)
        .copied()
        .unwrap_or("last")
}

fn count_word(n: u8) -> String {
    match n {
        1 => "a".into(),
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}

/// What a die face shows: "a hit", "two hits and a self-hit", "a blank".
pub fn face_phrase(die: DieKind, face: u8) -> String {
    let Some(f) = components().die(die).get(face as usize) else {
        return "an unknown face".into();
    };
    let mut parts = Vec::new();
    let mut add = |n: u8, one: &str, many: &str| match n {
        0 => {}
        1 => parts.push(one.to_string()),
        n => parts.push(format!("{} {many}", count_word(n))),
    };
    add(f.hit, "a hit", "hits");
    add(f.building_hit, "a building hit", "building hits");
    add(f.self_hit, "a self-hit", "self-hits");
    add(f.intercept, "an intercept", "intercepts");
    add(f.key, "a key", "keys");
    if parts.is_empty() {
        "a blank".into()
    } else {
        parts.join(" and ")
    }
}

fn die_with_article(die: DieKind) -> &'static str {
    match die {
        DieKind::Assault => "an assault die",
        DieKind::Skirmish => "a skirmish die",
        DieKind::Raid => "a raid die",
    }
}

fn hit_name(why: HitWhy) -> &'static str {
    match why {
        HitWhy::SelfHit => "a self-hit",
        HitWhy::Intercept => "an intercept hit",
        HitWhy::Hit | HitWhy::Card => "a hit",
        HitWhy::BuildingHit => "a building hit",
    }
}

fn trophy_singular(k: TrophyKind) -> &'static str {
    match k {
        TrophyKind::Ship => "ship",
        TrophyKind::Starport => "starport",
        TrophyKind::City => "city",
        TrophyKind::Agent => "agent",
    }
}

pub(crate) fn trophy_plural(k: TrophyKind) -> &'static str {
    match k {
        TrophyKind::Ship => "ships",
        TrophyKind::Starport => "starports",
        TrophyKind::City => "cities",
        TrophyKind::Agent => "agents",
    }
}

/// Words about one state, addressed to the deciding seat. Card families
/// describe their procedures' choices with it (`Procedure::describe`).
pub struct Describer<'a> {
    pub(crate) s: &'a GameState,
    seat: Seat,
}

impl Describer<'_> {
    pub(crate) fn sys_ok(&self, x: SystemId) -> bool {
        x.index() < SystemId::COUNT
    }

    fn seat_ok(&self, x: Seat) -> bool {
        x.index() < MAX_SEATS
    }

    /// "you", "P2".
    pub(crate) fn seat_name(&self, x: Seat) -> String {
        if x == self.seat {
            "you".into()
        } else {
            x.to_string()
        }
    }

    /// "your", "P2's".
    pub(crate) fn seat_poss(&self, x: Seat) -> String {
        if x == self.seat {
            "your".into()
        } else {
            format!("{x}'s")
        }
    }

    /// An owner as a possessive: "your", "P2's", "the Empire's", "a Free".
    fn poss(&self, o: Owner) -> String {
        match o {
            Owner::Seat(x) => self.seat_poss(x),
            Owner::Empire => "the Empire's".into(),
            Owner::Free => "a Free".into(),
            Owner::Blight => "a Blight".into(),
        }
    }

    /// An owner as a name: "you", "P2", "the Empire", "the Free States".
    fn owner_name(&self, o: Owner) -> String {
        match o {
            Owner::Seat(x) => self.seat_name(x),
            Owner::Empire => "the Empire".into(),
            Owner::Free => "the Free States".into(),
            Owner::Blight => "the Blight".into(),
        }
    }

    fn resource_at(&self, who: Seat, slot: u8) -> Option<Resource> {
        if !self.seat_ok(who) {
            return None;
        }
        self.s
            .seat(who)
            .resources
            .get(slot as usize)
            .copied()
            .flatten()
    }

    /// One of your own slots by position: "your first slot", "your slot
    /// on Ancient Holdings".
    fn own_slot(&self, slot: u8) -> String {
        if slot as usize == crate::data::BOARD_SLOTS {
            let card = CardId::parse("ARCS-L13").map_or("a lore card", card_name);
            format!("your slot on {card}")
        } else {
            format!("your {} slot", ordinal(slot as usize))
        }
    }

    /// "the Fuel from your first slot".
    pub(crate) fn own_token(&self, slot: u8) -> String {
        match self.resource_at(self.seat, slot) {
            Some(r) => format!("the {} from {}", resource_name(r), self.own_slot(slot)),
            None => format!("the token from {}", self.own_slot(slot)),
        }
    }

    /// A Rival's slot by its printed raid cost: "P3's 1-key slot".
    fn their_slot(&self, who: Seat, slot: u8) -> String {
        match SLOT_RAID_COST.get(slot as usize) {
            Some(k) => format!("{} {k}-key slot", self.seat_poss(who)),
            None => format!("{} last slot", self.seat_poss(who)),
        }
    }

    /// "Loyal Engineers (Court 2)".
    pub(crate) fn court(&self, i: u8) -> String {
        let name = self
            .s
            .court
            .get(i as usize)
            .and_then(|x| x.card)
            .map_or("an empty Court position", card_name);
        format!("{name} (Court {})", u16::from(i) + 1)
    }

    /// "your fresh ship in 4.2", "P2's damaged city in 4.2".
    pub(crate) fn piece(&self, system: SystemId, piece: Piece) -> String {
        match piece {
            Piece::Ship { owner, damaged } => format!(
                "{} {} ship in {system}",
                self.poss(owner),
                if damaged { "damaged" } else { "fresh" }
            ),
            Piece::Building { slot } => match self.building(system, slot) {
                Some(b) => format!(
                    "{} {}{} in {system}",
                    self.poss(b.owner),
                    if b.damaged { "damaged " } else { "" },
                    b.kind.name()
                ),
                None => format!("the empty building slot in {system}"),
            },
            Piece::Flagship { owner, col, armor } => {
                match crate::campaign::flagship::slot_of(piece) {
                    Some(slot) => {
                        let p = self.s.flagship(owner).and_then(|b| b.get(slot));
                        format!(
                            "{} {}{} on {} of {} Flagship",
                            if p.is_some() { "the" } else { "no piece" },
                            if p.is_some_and(|p| p.damaged) {
                                "damaged "
                            } else {
                                ""
                            },
                            p.map_or("", |p| p.kind.name()),
                            slot.name(),
                            self.poss(Owner::Seat(owner))
                        )
                    }
                    None => format!(
                        "column {col}{} of a Flagship",
                        if armor { " Armor" } else { "" }
                    ),
                }
            }
        }
    }

    pub(crate) fn building(&self, system: SystemId, slot: u8) -> Option<crate::state::Building> {
        if !self.sys_ok(system) {
            return None;
        }
        self.s
            .sys(system)
            .slots
            .get(slot as usize)
            .copied()
            .flatten()
    }

    /// A hit on a piece: a fresh piece is damaged, a damaged one destroyed.
    pub(crate) fn hit(&self, system: SystemId, piece: Piece) -> String {
        let destroy = match piece {
            Piece::Ship { damaged, .. } => damaged,
            Piece::Building { slot } => self.building(system, slot).is_some_and(|b| b.damaged),
            Piece::Flagship { owner, .. } => crate::campaign::flagship::slot_of(piece)
                .and_then(|slot| self.s.flagship(owner).and_then(|b| b.get(slot)))
                .is_some_and(|p| p.damaged),
        };
        format!(
            "{} {}",
            if destroy { "Destroy" } else { "Damage" },
            self.piece(system, piece)
        )
    }

    pub(crate) fn steal(&self, from: Seat, loot: Loot, keys: bool) -> String {
        match loot {
            Loot::Trophy { owner, kind } => format!(
                "Take one of {} Trophies from {}: {} {}",
                self.seat_poss(from),
                self.owner_name(Owner::Seat(from)),
                self.poss(owner),
                trophy_singular(kind)
            ),
            Loot::Captive(o) => format!(
                "Take one of {} Captives: {} agent",
                self.seat_poss(from),
                self.seat_poss(o)
            ),
            Loot::Stored(r) => format!(
                "Steal {} {} from {}",
                self.seat_poss(from),
                resource_name(r),
                crate::campaign::stored::holding(self.s, from, r).map_or("a card", |c| c.name())
            ),
            Loot::Trust(r) => format!(
                "Steal {} {} from the Imperial Trust",
                self.seat_poss(from),
                resource_name(r)
            ),
            Loot::Golem(k) => format!(
                "Steal {} {} Golem",
                self.seat_poss(from),
                crate::cards::campaign::caretaker::GOLEM_NAMES[k as usize % 4]
            ),
            Loot::Slot(i) => match self.resource_at(from, i) {
                Some(r) => format!(
                    "Steal the {} in {}",
                    resource_name(r),
                    self.their_slot(from, i)
                ),
                None => format!("Steal from {}", self.their_slot(from, i)),
            },
            Loot::Card(c) => {
                let known = (c.0 as usize) < catalog().cards.len();
                let k = if known && keys {
                    crate::cards::raid_cost(self.s, from, c)
                } else {
                    0
                };
                if k > 0 {
                    format!(
                        "Steal {} from {} ({})",
                        card_name(c),
                        self.seat_name(from),
                        plural(k, "key", "keys")
                    )
                } else {
                    format!("Steal {} from {}", card_name(c), self.seat_name(from))
                }
            }
        }
    }

    fn build(&self, kind: BuildTarget, system: SystemId) -> String {
        match kind {
            BuildTarget::City => format!("Build a city in {system}"),
            BuildTarget::Starport => format!("Build a starport in {system}"),
            BuildTarget::CloudCity => format!("Build a cloud city in {system}"),
            BuildTarget::FreeCity => format!("Build a Free city in {system}"),
            BuildTarget::FreeStarport => format!("Build a Free starport in {system}"),
            BuildTarget::Ship => format!("Build a ship at the starport in {system}"),
        }
    }

    pub(crate) fn reroll(&self, die: DieKind, face: u8) -> String {
        format!(
            "Reroll {} showing {}",
            die_with_article(die),
            face_phrase(die, face)
        )
    }

    fn spend(&self, slot: u8, as_: Resource, act: Option<Act>) -> String {
        let token = self.own_token(slot);
        let held = self.resource_at(self.seat, slot);
        let as_text = if held == Some(as_) {
            String::new()
        } else {
            format!(" as {}", resource_name(as_))
        };
        match act {
            Some(a) => format!("Spend {token}{as_text} to {}", act_name(a)),
            None if as_ == Resource::Weapon => {
                format!("Spend {token}{as_text} so your card's pips may Battle")
            }
            None => format!("Spend {token}{as_text}"),
        }
    }

    fn prelude(&self, card: CardId, n: u8) -> String {
        let mut name = card_name(card).to_string();
        // Two cards alike held (two Lesser Regents, a reprint beside its
        // original): "your second Lesser Regent".
        if self.seat_ok(self.seat) {
            let alike: Vec<CardId> = crate::cards::held(self.s, self.seat)
                .filter(|c| card_name(*c) == card_name(card))
                .collect();
            if alike.len() > 1 {
                if let Some(i) = alike.iter().position(|c| *c == card) {
                    let nth = ["first", "second", "third", "fourth"];
                    name = format!("your {} {name}", nth.get(i).unwrap_or(&"other"));
                }
            }
        }
        let ability = crate::cards::behavior(card).and_then(|b| b.preludes.get(n as usize));
        match ability {
            Some(p) if p.discard => format!("Discard {name} to {}", p.what),
            Some(p) => format!("Use {name} to {}", p.what),
            None => format!("Use the Prelude of {name}"),
        }
    }

    fn arrange(&self, incoming: Option<Resource>, l: &Layout) -> String {
        let mut have = [0u8; 5];
        if self.seat_ok(self.seat) {
            for r in self.s.seat(self.seat).resources.iter().flatten() {
                have[r.index()] += 1;
            }
        }
        if let Some(r) = incoming {
            have[r.index()] += 1;
        }
        // Kept tokens per raid cost, highest first.
        let mut costs: Vec<u8> = (0..l.len())
            .filter(|&i| l[i].is_some())
            .filter_map(|i| SLOT_RAID_COST.get(i).copied())
            .collect();
        costs.sort_unstable_by(|a, b| b.cmp(a));
        costs.dedup();
        let mut keep = Vec::new();
        for cost in costs {
            let mut n = [0u8; 5];
            let mut slots = 0u8;
            for (i, r) in l.iter().enumerate() {
                if let (Some(r), Some(&c)) = (r, SLOT_RAID_COST.get(i)) {
                    if c == cost {
                        n[r.index()] += 1;
                        slots += 1;
                        have[r.index()] = have[r.index()].saturating_sub(1);
                    }
                }
            }
            let what = list(&n);
            keep.push(if slots == 1 {
                format!("{what} in your {cost}-key slot")
            } else {
                format!("{what} in your {cost}-key slots")
            });
        }
        let gone = list(&have);
        match (keep.is_empty(), have.iter().all(|&n| n == 0)) {
            (true, true) => "Keep nothing".into(),
            (true, false) => format!("Discard {gone}"),
            (false, true) => format!("Keep {}", join_and(&keep)),
            (false, false) => format!("Keep {}; discard {gone}", join_and(&keep)),
        }
    }

    // ------------------------------------------------------------ contexts

    /// The choice in the context of its prompt (and the frame on top);
    /// `None` where the general words fit.
    fn in_context(&self, prompt: &Prompt, c: &Choice) -> Option<String> {
        let s = self.s;
        Some(match (prompt, c) {
            (Prompt::Mulligan, Choice::No) => "Keep your hand".into(),
            (Prompt::Mulligan, Choice::Yes) => "Discard your hand and draw six new cards".into(),
            (Prompt::TaxTarget, Choice::Piece { system, piece }) => {
                format!("Tax {}", self.piece(*system, *piece))
            }
            (Prompt::MoveFrom, Choice::System(x)) if self.sys_ok(*x) && self.seat_ok(self.seat) => {
                let sh = s.sys(*x).ships_of(self.seat.owner());
                format!(
                    "Move from {x} (you have {} there)",
                    ships_phrase(sh.fresh, sh.damaged)
                )
            }
            (Prompt::MoveShips { from }, Choice::Ships { fresh, damaged }) => {
                format!("Move {} from {from}", ships_phrase(*fresh, *damaged))
            }
            (Prompt::MoveTo { .. }, Choice::System(x)) => match s.stack.last() {
                Some(Frame::Move(m)) => {
                    let n = m.fresh.saturating_add(m.damaged);
                    let them = if n == 1 { "the ship" } else { "the ships" };
                    format!("Move {them} to {x}")
                }
                _ => format!("Move to {x}"),
            },
            (Prompt::CatapultDrop { at }, Choice::Ships { fresh, damaged }) => {
                let all = match s.stack.last() {
                    Some(Frame::Move(m)) => *fresh == m.fresh && *damaged == m.damaged,
                    _ => false,
                };
                if *fresh == 0 && *damaged == 0 {
                    format!("Leave no ships at {at} and go on")
                } else if all {
                    format!(
                        "Leave all {} at {at} and stop",
                        ships_phrase(*fresh, *damaged)
                    )
                } else {
                    format!("Leave {} at {at} and go on", ships_phrase(*fresh, *damaged))
                }
            }
            (Prompt::CatapultOn { .. }, Choice::System(x)) => format!("Go on to {x}"),
            (Prompt::RepairTarget, Choice::Piece { system, piece }) => {
                format!("Repair {}", self.piece(*system, *piece))
            }
            (Prompt::InfluenceTarget, Choice::Court(i)) => {
                format!("Place an agent on {}", self.court(*i))
            }
            (Prompt::SecureTarget, Choice::Court(i)) => format!("Secure {}", self.court(*i)),
            (Prompt::BattleSystem, Choice::System(x)) => format!("Battle in {x}"),
            (Prompt::BattleDefender { .. }, Choice::Player(p)) => {
                format!("Attack {}", self.seat_name(*p))
            }
            (Prompt::BattleDefender { .. }, Choice::Count(i)) => {
                format!("Attack {}", self.owner_name(Owner::from_index(*i as usize)))
            }
            (Prompt::BattleDice { die, .. }, Choice::Dice(n)) => {
                let dice = plural(*n, "die", "dice");
                match dice.split_once(' ') {
                    Some((count, word)) => format!("Roll {count} {} {word}", die.name()),
                    None => format!("Roll {dice}"),
                }
            }
            (Prompt::AssignHit { .. }, Choice::Piece { system, piece }) => {
                self.hit(*system, *piece)
            }
            (Prompt::Raid { .. }, Choice::Steal { from, loot }) => self.steal(*from, *loot, true),
            (Prompt::Raid { .. }, Choice::Done) => "Steal nothing more".into(),
            (Prompt::Ransack, Choice::Court(i)) => format!("Ransack {}", self.court(*i)),
            (Prompt::Arrange { incoming }, Choice::Arrange(l)) => self.arrange(*incoming, l),
            (Prompt::EliminatedGate, Choice::System(g)) => {
                let n = if self.seat_ok(self.seat) {
                    s.seat(self.seat).ships.min(3)
                } else {
                    3
                };
                format!("Place {} in {g}", plural(n, "ship", "ships"))
            }
            (Prompt::Draft, Choice::Card(c)) => match card_kind(*c) {
                Some(CardKind::Leader) => format!("Take the leader {}", card_name(*c)),
                Some(CardKind::Lore) => format!("Take the lore card {}", card_name(*c)),
                _ => format!("Take {}", card_name(*c)),
            },
            (Prompt::Turn { .. }, Choice::Resource(r)) => self.seize_by_outrage(*r),
            (Prompt::Card { .. }, _) => return self.card_context(c),
            (Prompt::ChooseFate, Choice::Card(f)) => format!("Become the {}", card_name(*f)),
            (Prompt::PlaceStart { .. }, Choice::Build { kind, system }) => format!(
                "Place 3 ships and a {} in {system}",
                match kind {
                    BuildTarget::Starport => "starport",
                    _ => "city",
                }
            ),
            (Prompt::Campaign { .. } | Prompt::Consent { .. }, _) => match self.s.stack.last()? {
                Frame::Campaign(f) => return f.describe(self.s, self.seat, c),
                Frame::Move(m) => match (m.stage, c) {
                    (_, Choice::Ships { fresh, damaged }) => {
                        format!("Take along {}", imperial_ships(*fresh, *damaged))
                    }
                    (crate::actions::mov::MoveStage::Flagship, Choice::Yes) => {
                        "Move your Flagship with them".into()
                    }
                    (crate::actions::mov::MoveStage::Flagship, Choice::No) => {
                        format!("Leave your Flagship in {}", m.from)
                    }
                    (crate::actions::mov::MoveStage::DropFlagship, Choice::Yes) => {
                        format!("Leave your Flagship at {}", m.at)
                    }
                    (crate::actions::mov::MoveStage::DropFlagship, Choice::No) => {
                        "Take your Flagship on".into()
                    }
                    _ => return None,
                },
                Frame::Battle(_) => match c {
                    Choice::Yes => "Add the Imperial ships to the attack".into(),
                    Choice::No => "Attack without the Imperial ships".into(),
                    Choice::Resource(r) => {
                        format!("Raid the Free States for a {}", resource_name(*r))
                    }
                    Choice::Done => "Take nothing".into(),
                    _ => return None,
                },
                _ => return None,
            },
            _ => return None,
        })
    }

    /// Partisan Seizing's seize in the turn window: Provoke Outrage of `r`
    /// (and what it discards).
    fn seize_by_outrage(&self, r: Resource) -> String {
        let mut lost = Vec::new();
        if self.seat_ok(self.seat) {
            let st = self.s.seat(self.seat);
            match st.count_resource(r) {
                0 => {}
                1 => lost.push(format!("your {}", resource_name(r))),
                n => lost.push(format!("your {n} {}", resource_plural(r))),
            }
            lost.extend(
                st.guild()
                    .iter()
                    .filter(|c| c.info().suit == Some(r) && !crate::cards::keeps_on_outrage(**c))
                    .map(|c| card_name(*c).to_string()),
            );
        }
        let what = if lost.is_empty() {
            "nothing to discard".to_string()
        } else {
            format!("discard {}", join_and(&lost))
        };
        format!(
            "Seize the initiative by Provoking {} Outrage ({what})",
            resource_name(r)
        )
    }

    /// A card's decision: the effect (or battle reroll) on top says what
    /// each choice does.
    fn card_context(&self, c: &Choice) -> Option<String> {
        match self.s.stack.last()? {
            Frame::Card(e) => e.describe(self, *c),
            Frame::Battle(_) => match c {
                Choice::Card(card) => {
                    let what = crate::cards::behavior(*card)
                        .and_then(|x| x.reroll.as_ref())
                        .map(|r| r.what);
                    Some(match what {
                        Some(w) => format!("Use {}: {w}", card_name(*card)),
                        None => format!("Use {}", card_name(*card)),
                    })
                }
                Choice::Done => Some("Stop rerolling".into()),
                _ => None,
            },
            _ => None,
        }
    }

    /// A choice in general words, for any context.
    fn generic(&self, c: &Choice) -> String {
        let s = self.s;
        match *c {
            Choice::Pass => "Pass the initiative".into(),
            Choice::Lead(a) => format!("Lead {}", action_card_name(a)),
            Choice::Surpass(a) => format!("Surpass with {}", action_card_name(a)),
            Choice::Copy(a) => format!("Copy with {} face down", action_card_name(a)),
            Choice::Pivot(a) => format!("Pivot with {}", action_card_name(a)),
            Choice::Declare(a) => format!("Declare {}", ambition_name(a)),
            Choice::Seize(a) => {
                if a == s.turn.card && s.turn.play == PlayKind::Surpass && a.number() == 7 {
                    format!(
                        "Seize the initiative with the {} you surpassed with",
                        action_card_name(a)
                    )
                } else {
                    format!(
                        "Seize the initiative, playing {} face down",
                        action_card_name(a)
                    )
                }
            }
            Choice::Act(a) => act_name(a),
            Choice::Spend { slot, as_, act } => self.spend(slot, as_, act),
            Choice::Prelude { card, n } => self.prelude(card, n),
            Choice::Reroll { die, face } => self.reroll(die, face),
            Choice::Trophy { owner, kind } => format!(
                "Return one of {} {} from your Trophies",
                self.seat_poss(owner),
                trophy_plural(kind)
            ),
            Choice::EndTurn => "End your turn".into(),
            Choice::System(x) => format!("Choose {x}"),
            Choice::Build { kind, system } => self.build(kind, system),
            Choice::BuildBoard { upgrade, kind } => {
                let slot = self
                    .s
                    .flagship(self.seat)
                    .and_then(|b| b.next_slot(upgrade))
                    .unwrap_or(crate::campaign::flagship::BoardSlot {
                        upgrade,
                        armor: false,
                    });
                format!(
                    "Build a {} on {} of your Flagship",
                    kind.name(),
                    slot.name()
                )
            }
            Choice::Ships { fresh, damaged } => {
                format!("Choose {}", ships_phrase(fresh, damaged))
            }
            Choice::Player(p) => {
                if p == self.seat {
                    "Choose yourself".into()
                } else {
                    format!("Choose {p}")
                }
            }
            Choice::Dice(n) => format!("Roll {}", plural(n, "die", "dice")),
            Choice::Piece { system, piece } => format!("Choose {}", self.piece(system, piece)),
            Choice::Steal { from, loot } => self.steal(from, loot, false),
            Choice::Court(i) => format!("Choose {}", self.court(i)),
            Choice::Card(card) => format!("Choose {}", card_name(card)),
            Choice::ActionCard(a) => format!("Choose {}", action_card_name(a)),
            Choice::Resource(r) => format!("Choose {}", resource_name(r)),
            Choice::Slot(i) => format!("Choose {}", self.own_token(i)),
            Choice::Arrange(l) => self.arrange(None, &l),
            Choice::Count(n) => format!("Choose {n}"),
            Choice::Yes => "Yes".into(),
            Choice::No => "No".into(),
            Choice::Done => "Stop here".into(),
            Choice::PlayEvent => "Play an Event card".into(),
            Choice::Policy(p) => format!("The Policy of {}", p.name()),
            Choice::Resolve(crate::campaign::EventIcon::Crisis) => "Resolve the Crises".into(),
            Choice::Resolve(crate::campaign::EventIcon::Edict) => "Resolve the Edicts".into(),
            Choice::Summit(a) => crate::campaign::frame::summit_words(a).into(),
            Choice::Negotiate(n) => {
                crate::describe::capitalise(&crate::campaign::summit::negotiation_words(s, &n))
            }
            Choice::Concede => "Concede the game".into(),
        }
    }
}

/// Counts per resource as words: "2 Fuel and a Relic".
pub(crate) fn list(n: &[u8; 5]) -> String {
    let parts: Vec<String> = Resource::ALL
        .iter()
        .filter(|r| n[r.index()] > 0)
        .map(|&r| match n[r.index()] {
            1 => format!("a {}", resource_name(r)),
            k => format!("{k} {}", resource_plural(r)),
        })
        .collect();
    join_and(&parts)
}

fn join_and(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Imperial ships as words: "2 fresh Imperial ships and a damaged
/// Imperial ship" (a Regent's move, campaign p10).
fn imperial_ships(fresh: u8, damaged: u8) -> String {
    match (fresh, damaged) {
        (0, 0) => "no Imperial ships".into(),
        _ => ships_phrase(fresh, damaged)
            .replace("fresh ship", "fresh Imperial ship")
            .replace("damaged ship", "damaged Imperial ship"),
    }
}

#[cfg(test)]
mod gate_tests {
    use super::gate_words;

    #[test]
    fn gates_read_as_the_map_names_them() {
        assert_eq!(
            gate_words("Move from 6.0 to 6.2.".into()),
            "Move from gate 6 to 6.2."
        );
        assert_eq!(
            gate_words("Place a ship in 4.0".into()),
            "Place a ship at gate 4"
        );
        assert_eq!(gate_words("6.0".into()), "gate 6");
        assert_eq!(
            gate_words("to 1.0, then 2.0".into()),
            "to gate 1, then gate 2"
        );
        // Not a system: other numbers stay.
        assert_eq!(
            gate_words("16.0 and 7.0 and 1.05".into()),
            "16.0 and 7.0 and 1.05"
        );
        assert_eq!(gate_words("é 3.0 ü".into()), "é gate 3 ü");
    }
}
