//! Fates and objectives (campaign rules p8–9): the secret Fate choice,
//! each Fate's Setup side, objective markers.
//!
//! A Fate's cards and procedures live in its own module under
//! `cards/campaign/`; it registers a [`FateDef`] in [`FATES`]. A Fate with
//! no definition there is not implemented: configs that could deal it are
//! refused (`config.rs`), and `arcs cards` reports its cards as such.

use super::Campaign;
use crate::choice::Choice;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// Setup hook of a Fate for one Act (the Setup side of its objective card).
pub type FateSetup = fn(&mut GameState, Seat, &mut dyn Sink);

/// Something that happened which a Fate's objective may count (campaign
/// rules p8: objectives advance "each time" something happens). Every
/// implemented Fate's [`FateDef::on`] hears every event, for its own seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FateEvent {
    /// `seat` won an ambition (sole first place, p8) in scoring, gaining
    /// `power` (its city bonus included).
    AmbitionWon {
        seat: Seat,
        ambition: Ambition,
        power: i32,
    },
    /// A chapter's scoring is over (before the cleanup): "at the end of a
    /// chapter".
    ChapterEnd,
    /// Act III, a chapter's scoring is about to begin: a Fate may ask its
    /// seat for what its grand ambitions need chosen "at the end of a
    /// chapter" (the Caretaker's, F520B). Heard again after each answer,
    /// so a Fate asks once per chapter by its own record.
    BeforeScoring,
    /// `ambition` was scored this chapter (its Power given), while its
    /// markers are still in its box.
    AmbitionScored { ambition: Ambition },
    /// `seat` got the initiative marker (from someone else).
    Initiative { seat: Seat },
    /// `seat` played an action card (an Event card too, p12), after it
    /// left the hand.
    Played { seat: Seat },
    /// `by` destroyed a Loyal city of `owner` (another player).
    CityDestroyed { by: Seat, owner: Seat },
    /// `seat` used a power of `card` that a Fate counts (People's Hero
    /// clearing an Outrage, F615B).
    Used { seat: Seat, card: CardId },
    /// `seat` took a Monopoly card (Gain Monopolies, F318), from the
    /// general supply or from another player.
    MonopolyGained { seat: Seat, from_supply: bool },
    /// `n` Imperial ships were placed on the map.
    ImperialPlaced { n: u8 },
    /// `seat` took `n` Trophies of `of`'s pieces in a battle it attacked
    /// in; `imperial`: with attacking Imperial ships.
    BattleTrophies {
        seat: Seat,
        n: u8,
        imperial: bool,
        of: Owner,
    },
    /// `seat` captured `n` agents of `of` (secured a Court card, taxed a
    /// city, Abduct, a gate toll…; never a Captive handed over in a Summit
    /// or taken from another player's Captives).
    Captured { seat: Seat, of: Seat, n: u8 },
    /// `seat` used a Prelude ability of `card`; `discarded`: the card
    /// discards itself to do so.
    Prelude {
        seat: Seat,
        card: CardId,
        discarded: bool,
    },
    /// `seat` took the new action `std` of `card` (Guild Investigators'
    /// Recover), as it starts.
    NewAction {
        seat: Seat,
        card: CardId,
        std: StdAction,
    },
    /// In a Summit (a Negotiation action, forced in the Call to Order or
    /// agreed in the Negotiations) `to` received `what` from `from`, after
    /// it moved. `gift`: the resource or Favor it was, if one; `returned`:
    /// it gave back something of that kind `to` had given `from` earlier
    /// in this Summit (the Summit's ledger, `summit::record_gift`).
    Given {
        from: Seat,
        to: Seat,
        what: crate::choice::Asset,
        gift: Option<super::summit::Gift>,
        returned: bool,
    },
    /// `seat` secured `card` from the Court (a card attached to the card
    /// it secured too), before its "When Secured".
    Secured { seat: Seat, card: CardId },
    /// In a Summit `to` received lore card `card` from `from` (Transfer
    /// Lore, ARCS-F514); `returned`: `to` had given `from` that card in
    /// this Summit.
    LoreGiven {
        from: Seat,
        to: Seat,
        card: CardId,
        returned: bool,
    },
}

/// A Fate's own action in a Summit's Negotiations, offered to its seat on
/// its turn to negotiate (`Choice::Summit(SummitAction::Fate)`).
pub struct SummitOption {
    /// The Fate card (`ARCS-FATE03`).
    pub fate: &'static str,
    /// The choice in player words ("Export to the Galactic Core: …").
    pub words: &'static str,
    pub possible: fn(&GameState, Seat) -> bool,
    /// Starts it: pushes its procedure (above the Negotiations).
    pub start: fn(&mut GameState, Seat, &mut dyn Sink),
}

/// The Fates' own Summit actions.
pub static SUMMIT_OPTIONS: &[&SummitOption] = &[&crate::cards::campaign::magnate::EXPORT];

/// The Summit action of `seat`'s Fate, if it has one and may take it now.
pub fn summit_option(s: &GameState, seat: Seat) -> Option<&'static SummitOption> {
    let fate = s.campaign()?.fates[seat.index()]?;
    SUMMIT_OPTIONS
        .iter()
        .copied()
        .find(|o| o.fate == fate.code() && (o.possible)(s, seat))
}

/// Hidden parts a Fate brings into play (the Caretaker's face-down
/// Golems): how an observation hides them and how a determinization
/// imagines them (view.rs; issue 18 item 6). Both run on every campaign
/// observation, so each must leave a state without its parts unchanged.
pub struct HiddenParts {
    /// Removes what nobody may know from an observed state, leaving what
    /// everyone knows in a form that tells nothing more (e.g. sorted).
    pub redact: fn(&mut GameState),
    /// Fills the redacted parts at random, consistently with what is known.
    pub sample: fn(&mut GameState, &mut dyn rand::RngCore),
}

/// The Fates' hidden parts.
pub static HIDDEN_PARTS: &[&HiddenParts] = &[
    &crate::cards::campaign::caretaker::HIDDEN,
    &super::setup::LORE_PILES,
];

/// Pieces a Fate puts in players' areas beside their resources (the
/// Caretaker's Golems, F503/F505): the common rules of raiding, stealing
/// and covering slots reach them only through this table, so `actions/`
/// never names a Fate. Loot of kind `Loot::Golem(k)` belongs to the one
/// Fate that brings such pieces.
pub struct AreaPieces {
    /// Moves the pieces out of slots just covered by returned cities.
    pub slots_covered: fn(&mut GameState, Seat, &mut dyn Sink),
    /// Whether `thief` may take piece `k` from `victim` now.
    pub may_take: fn(&GameState, Seat, Seat, u8) -> bool,
    /// Moves piece `k` from `victim` to `thief`.
    pub steal: fn(&mut GameState, Seat, Seat, u8, &mut dyn Sink),
    /// The Keys a raid needs to take piece `k`.
    pub raid_cost: fn(&GameState, u8) -> u8,
    /// The pieces of `victim` that `thief` may take with `keys` Keys.
    pub raid_choices: fn(&GameState, Seat, Seat, u8, &mut Vec<Choice>),
    /// Act II/III setup: what their law does to the pieces then.
    pub act_setup: fn(&mut GameState, &mut dyn Sink),
}

/// The Fates' area pieces.
pub static AREA_PIECES: &AreaPieces = &crate::cards::campaign::caretaker::GOLEMS;

/// Cards a Fate adds to the action deck that are played on a side with
/// their own rules (the Believer's Faithful cards, ARCS-F813): the round
/// asks this table, never the Fate by name.
pub struct SidedCards {
    /// What `seat` may play when its hand or the lead holds such a card.
    pub play_choices: fn(&GameState, Seat, &mut Vec<Choice>),
    /// The declaration right of such a card led.
    pub lead_declare_right: fn(&GameState) -> DeclareRight,
    /// Whether the laws of those cards let `seat` declare the ambition now
    /// (the Believer's Faith laws: see [`declare_allowed`]).
    pub declare_allowed: fn(&GameState, Seat, Ambition) -> bool,
    /// After `seat` declared the ambition (an Ideal placed).
    pub declared: fn(&mut GameState, Seat, Ambition, &mut dyn Sink),
    /// Act II/III setup: what the cards' own setup clauses do (the
    /// Doctrine card's side).
    pub act_setup: fn(&mut GameState, &mut dyn Sink),
}

/// Whether the sided cards' laws let `seat` declare `a` now (ARCS-F823,
/// F828, F830): always outside a campaign or before the Doctrine is in
/// play (one test).
#[inline]
pub fn declare_allowed(s: &GameState, seat: Seat, a: Ambition) -> bool {
    match s.campaign() {
        Some(c) if c.faith.doctrine.is_some() => {
            (SIDED_CARDS.declare_allowed)(s, seat, a) && !crate::cards::declare_barred(s, seat, a)
        }
        // Oath of Peace (F1502): "You cannot declare Warlord".
        Some(_) => !crate::cards::declare_barred(s, seat, a),
        None => true,
    }
}

/// "Declare any ambition" (Populist Demands, the Lesser Regents): each
/// ambition `seat` may declare now — none without an available marker,
/// and only those the sided cards' laws allow.
pub fn any_ambition(s: &GameState, seat: Seat) -> impl Iterator<Item = Ambition> + '_ {
    let marker = s.best_available_marker().is_some();
    Ambition::ALL
        .into_iter()
        .filter(move |a| marker && declare_allowed(s, seat, *a))
}

/// `seat` declared `a` (the Ideal a Faithful play places, ARCS-F823).
#[inline]
pub fn declared(s: &mut GameState, seat: Seat, a: Ambition, ev: &mut dyn Sink) {
    if s.campaign().is_some_and(|c| c.faith.doctrine.is_some()) {
        (SIDED_CARDS.declared)(s, seat, a, ev);
    }
}

/// The Fates' sided action cards.
pub static SIDED_CARDS: &SidedCards = &crate::cards::campaign::believer::FAITHFUL;

/// A Fate's Resolution card (see [`FateDef::resolution`]).
pub type Resolution = fn(&mut GameState, Seat, u8, bool, &mut dyn Sink);

/// A Fate's objective hook: `seat` is the seat whose Fate it is.
pub type FateHook = fn(&mut GameState, Seat, &FateEvent, &mut dyn Sink);

/// What the engine needs to know of an implemented Fate.
pub struct FateDef {
    /// 1..=24 (the Fate Set number).
    pub number: u8,
    /// Its Fate card (`ARCS-FATE01`).
    pub card: &'static str,
    /// The Setup side of each Act's objective card (Act I, II, III).
    pub setup: [Option<FateSetup>; 3],
    /// Its Resolution card for the Act that ended (the Intermission's step
    /// A, p28): `(state, seat, act, objective completed, sink)`. The Power
    /// lost for a failed objective is the Intermission's, not the hook's.
    pub resolution: Option<Resolution>,
    /// The Resolution cards (Act I's, Act II's) that `resolution` carries
    /// out in full; "" for one not yet built (`arcs cards` reports it).
    pub resolutions: [&'static str; 2],
    /// Its objectives: counts what happens (see [`FateEvent`]).
    pub on: Option<FateHook>,
    /// Act III, A and B Fates: how many of its two grand ambitions the seat
    /// fulfils now (`campaign/grand.rs`, p9).
    pub grand: Option<fn(&GameState, Seat) -> u8>,
    /// Act III, C Fates: it has a final objective (its marker at 0 with at
    /// least 1 Power wins the campaign, p9).
    pub final_objective: bool,
    /// The seat leaves this Fate for another at the Intermission's step F
    /// (p29): the rest of the Fate Set that is not in play is scrapped —
    /// never what is in play (its cards in hands, the Court, the decks or
    /// the rules booklet, its pieces, a Flagship). `None`: the Fate keeps
    /// nothing of its set outside play.
    pub leave: Option<FateSetup>,
}

/// Tells every seat's Fate what happened (a campaign game's objectives).
pub fn notify(s: &mut GameState, e: FateEvent, ev: &mut dyn Sink) {
    let Some(c) = s.campaign() else { return };
    let fates = c.fates;
    for x in Seat::all(s.players) {
        if let Some(f) = fates[x.index()].and_then(def).and_then(|d| d.on) {
            f(s, x, &e, ev);
        }
    }
}

/// Hands `e` to the objective of the Act being played: `acts[0]` in Act
/// I, `acts[1]` in Act II (an A or B Fate has grand ambitions in Act III,
/// no objective marker).
pub fn act_objective(
    s: &mut GameState,
    me: Seat,
    e: &FateEvent,
    ev: &mut dyn Sink,
    acts: [FateHook; 2],
) {
    let act = s.campaign().map_or(1, |c| c.act);
    if let Some(f) = acts.get(act.saturating_sub(1) as usize) {
        f(s, me, e, ev);
    }
}

/// `seat` captured `n` agents of `of` (a Fate may count it).
#[inline]
pub fn captured(s: &mut GameState, seat: Seat, of: Seat, n: u8, ev: &mut dyn Sink) {
    if n > 0 && s.is_campaign() {
        notify(s, FateEvent::Captured { seat, of, n }, ev);
    }
}

/// The initiative marker goes to `seat` (B-INIT; a Fate may count it).
pub fn give_initiative(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let before = s.initiative;
    s.initiative = seat;
    if before != seat && s.is_campaign() {
        notify(s, FateEvent::Initiative { seat }, ev);
    }
}

/// Fates whose Act I cards are implemented, by Fate number.
pub static FATES: &[&FateDef] = &[
    &crate::cards::campaign::steward::FATE,
    &crate::cards::campaign::founder::FATE,
    &crate::cards::campaign::advocate::FATE,
    &crate::cards::campaign::partisan::FATE,
    &crate::cards::campaign::admiral::FATE,
    &crate::cards::campaign::magnate::FATE,
    &crate::cards::campaign::caretaker::FATE,
    &crate::cards::campaign::believer::FATE,
    &crate::cards::campaign::peacekeeper::FATE,
];

/// The definition of the Fate whose card is `card`, if implemented.
pub fn def(card: CardId) -> Option<&'static FateDef> {
    // Resolved once: Fates are asked on every objective event (issue 19).
    static BY_CARD: std::sync::OnceLock<Vec<(CardId, &'static FateDef)>> =
        std::sync::OnceLock::new();
    let real = BY_CARD
        .get_or_init(|| {
            FATES
                .iter()
                .filter_map(|f| Some((CardId::parse(f.card)?, *f)))
                .collect()
        })
        .iter()
        .find(|(c, _)| *c == card)
        .map(|(_, f)| *f);
    // Unit tests stand in for the B and C Fates not built yet.
    #[cfg(test)]
    if real.is_none() {
        return test_fates::def(card);
    }
    real
}

/// Whether `card` is a side of an objective card an implemented Fate
/// plays: its Setup side (`ARCS-F701A`) when the Fate runs that Act's
/// setup, its Objective side (`ARCS-F701B`) when the Fate counts it.
pub fn setup_implemented(card: CardId) -> bool {
    use crate::data::CardKind;
    let kind = card.info().kind;
    if !matches!(kind, CardKind::Setup | CardKind::Objective) {
        return false;
    }
    let base = card.code().trim_end_matches(['A', 'B']);
    let Some(obj) = super::data::data().objectives.iter().find(|o| {
        o.card
            .is_some_and(|c| c.code().trim_end_matches('B') == base)
    }) else {
        return false;
    };
    let act = (obj.act.clamp(1, 3) - 1) as usize;
    FATES.iter().any(|f| {
        f.number == obj.fate
            && f.setup[act].is_some()
            && (kind == CardKind::Setup || f.on.is_some())
    })
}

/// Whether `card` is a Resolution card an implemented Fate carries out.
pub fn resolution_implemented(card: CardId) -> bool {
    let code = card.code();
    FATES
        .iter()
        .any(|f| f.resolutions.contains(&code) && !code.is_empty())
}

/// A Resolution adds these cards of the Fate Set to the Court deck (p28):
/// on top for now; the next Act's setup shuffles the deck (p7).
pub fn add_to_court_deck(s: &mut GameState, cards: &[CardId]) {
    for &c in cards {
        s.court_deck.put_on_top(c);
    }
}

/// A Resolution scraps these cards (p28): out of the campaign for good,
/// wherever they were not yet (kept in `Campaign::court_scrapped` so every
/// view and check knows they are gone).
pub fn scrap(s: &mut GameState, cards: &[CardId]) {
    if let Some(c) = s.campaign_mut() {
        for &card in cards {
            if !c.court_scrapped.contains(&card) {
                let _ = c.court_scrapped.try_push(card);
            }
        }
    }
}

/// Scraps `card` from wherever it is in play (a card's "Scrap this", a
/// Resolution scrapping a card in play): a seat's Guild or lore cards, the
/// Court (its agents go home and the Court refills, or the card attached
/// to it slides down, as for any card leaving the Court), attached there,
/// the Court deck or discard pile, or the rules booklet. A card not in
/// play is scrapped where it lies (its Fate Set).
pub fn scrap_from_play(s: &mut GameState, card: CardId) {
    for x in Seat::all(s.players) {
        let st = s.seat_mut(x);
        st.remove_guild(card);
        st.remove_lore(card);
    }
    for pos in 0..s.court.len() {
        let here = super::attach::attached(s, pos) == Some(card) || s.court[pos].card == Some(card);
        if here {
            super::crises::remove_card(s, pos, card, super::crises::Removal::Scrap);
        }
    }
    if let Some(i) = s.court_deck.iter().position(|c| *c == card) {
        s.court_deck.take(i);
    }
    s.court_discard.retain(|c| *c != card);
    if let Some(c) = s.campaign_mut() {
        c.booklet.retain(|c| *c != card);
    }
    scrap(s, &[card]);
}

/// Whether a Court-sized card (Court, Vox, Guild, Lore, law, edict) is
/// anywhere in play or scrapped: in the Court or attached there, the Court
/// deck or discard pile, a seat's Guild or Lore cards, under a Union, the
/// rules booklet or the scrapped list. A Fate Set's card that is none of
/// these is still set aside in its box.
pub fn in_play(s: &GameState, card: CardId) -> bool {
    let Some(c) = s.campaign() else { return false };
    s.court.iter().any(|p| p.card == Some(card))
        || c.attached.contains(&Some(card))
        || s.court_deck.contains(&card)
        || s.court_discard.contains(&card)
        || s.round.unions.iter().any(|u| u.union == card)
        || s.seat_ids()
            .any(|x| s.seat(x).guild().contains(&card) || s.seat(x).lore().contains(&card))
        || c.booklet.contains(&card)
        || c.court_scrapped.contains(&card)
}

/// Whether the Fate of `card` can be played in `act`: its Setup side for
/// that Act is implemented (every Fate's objective card for an Act it is
/// played in has one).
pub fn plays(card: CardId, act: u8) -> bool {
    def(card).is_some_and(|d| {
        d.setup
            .get(act.clamp(1, 3) as usize - 1)
            .is_some_and(|x| x.is_some())
    })
}

/// The Fate number (1..24) of a Fate card (`ARCS-FATE05` → 5).
pub fn number(card: CardId) -> Option<u8> {
    card.code()
        .strip_prefix("ARCS-FATE")
        .and_then(|n| n.parse().ok())
        .filter(|n| (1..=24).contains(n))
}

/// The implemented Fates of a group, in number order: what a table may
/// draw from while some Fates are still being built (`arcs cards` lists
/// the others as not implemented). A Fate counts once every card of its
/// Fate Set is implemented (docs/rulings.md R-CAMP-PARTLY-BUILT): one
/// half built (the Peacekeeper before Peace Accords) would leave a
/// campaign that drew it unable to play it out.
pub fn playable(letter: char) -> Vec<CardId> {
    group(letter).into_iter().filter(|c| complete(*c)).collect()
}

/// Whether the Fate `fate` is built in full: its definition and every card
/// of its Fate Set.
pub fn complete(fate: CardId) -> bool {
    // Unit tests' stand-in Fates count as built.
    #[cfg(test)]
    if test_fates::def(fate).is_some() && !FATES.iter().any(|f| f.card == fate.code()) {
        return true;
    }
    let Some(n) = number(fate) else { return false };
    def(fate).is_some()
        && crate::data::catalog()
            .ids()
            .filter(|i| fate_set(i.code()) == Some(n))
            .all(crate::cards::implemented)
}

/// The Fate Set of a campaign card by its code: `ARCS-FATE06` and
/// `ARCS-F601A`…`ARCS-F625` are Fate Set 6, `ARCS-F1201B` Fate Set 12.
pub fn fate_set(code: &str) -> Option<u8> {
    let rest = code.strip_prefix("ARCS-F")?;
    if let Some(n) = rest.strip_prefix("ATE") {
        return n.parse().ok();
    }
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.len() < 3 {
        return None;
    }
    digits[..digits.len() - 2].parse().ok()
}

/// The Fate cards of a group: A (1–8), B (9–16), C (17–24) (p2, p8).
pub fn group(letter: char) -> Vec<CardId> {
    let range = match letter {
        'A' => 1..=8,
        'B' => 9..=16,
        _ => 17..=24,
    };
    range
        .filter_map(|n| CardId::parse(&format!("ARCS-FATE{n:02}")))
        .collect()
}

/// The seat's Fate's name ("Steward"), if it has one.
pub fn fate_name(c: &Campaign, seat: Seat) -> Option<&'static str> {
    c.fates[seat.index()].map(|f| f.name())
}

/// Player setup step 4 (p6): the objective marker on the start space of the
/// Fate's objective for this Act.
pub fn place_objective_marker(s: &mut GameState, seat: Seat) {
    let players = s.players;
    let Some(c) = s.campaign_mut() else { return };
    let Some(n) = c.fates[seat.index()].and_then(number) else {
        return;
    };
    if let Some(start) = super::data::objective_start(n, c.act, players) {
        c.objective[seat.index()] = start;
    }
}

/// Advances the seat's objective marker `n` spaces toward 0 (p8): reaching
/// 0 completes the objective. Overshoot stops at 0 (docs/rulings.md
/// R-CAMP-OBJ).
pub fn advance_objective(s: &mut GameState, seat: Seat, n: u8, ev: &mut dyn Sink) {
    let Some(c) = s.campaign_mut() else { return };
    let at = c.objective[seat.index()];
    if at == 0 || n == 0 {
        return;
    }
    let to = at.saturating_sub(n);
    c.objective[seat.index()] = to;
    if to == 0 {
        log!(
            ev,
            "objective",
            Some(seat),
            "{seat} advances their objective marker to 0: objective complete!"
        );
    } else {
        log!(
            ev,
            "objective",
            Some(seat),
            "{seat} advances their objective marker {n} (now at {to})."
        );
    }
}

/// Whether the seat's Act I or II objective is complete.
pub fn objective_complete(c: &Campaign, seat: Seat) -> bool {
    c.fates[seat.index()].is_some() && c.objective[seat.index()] == 0
}

/// Unit tests only: the B and C Fates stand in as Fates with an empty
/// Setup side for Acts II and III and a Resolution that gains 1 Power on
/// a completed objective, so the Intermission and the later Acts run with
/// Fates before the real ones exist (issue 20: "a test-only Fate").
#[cfg(test)]
pub(crate) mod test_fates {
    use super::*;

    /// The stand-in Fates' setup: a C Fate offers Resettle (its step 1 on
    /// every C Fate's Setup card, p25), like the real ones will.
    fn setup(s: &mut GameState, seat: Seat, _: &mut dyn Sink) {
        let c_fate = s
            .campaign()
            .and_then(|c| c.fates[seat.index()])
            .and_then(number)
            .is_some_and(|n| n >= 17);
        if c_fate {
            crate::campaign::flagship::begin_resettle(s, seat);
        }
    }

    fn resolve(s: &mut GameState, seat: Seat, _act: u8, done: bool, ev: &mut dyn Sink) {
        if done {
            s.seat_mut(seat).power += 1;
            crate::log!(
                ev,
                "intermission",
                Some(seat),
                "{seat} resolves a test Fate: +1 Power."
            );
        }
    }

    macro_rules! fate {
        ($n:expr, $card:expr) => {
            FateDef {
                number: $n,
                card: $card,
                setup: [None, Some(setup), Some(setup)],
                resolution: Some(resolve),
                resolutions: ["", ""],
                on: None,
                grand: None,
                final_objective: $n >= 17,
                leave: None,
            }
        };
    }

    static ALL: [FateDef; 16] = [
        fate!(9, "ARCS-FATE09"),
        fate!(10, "ARCS-FATE10"),
        fate!(11, "ARCS-FATE11"),
        fate!(12, "ARCS-FATE12"),
        fate!(13, "ARCS-FATE13"),
        fate!(14, "ARCS-FATE14"),
        fate!(15, "ARCS-FATE15"),
        fate!(16, "ARCS-FATE16"),
        fate!(17, "ARCS-FATE17"),
        fate!(18, "ARCS-FATE18"),
        fate!(19, "ARCS-FATE19"),
        fate!(20, "ARCS-FATE20"),
        fate!(21, "ARCS-FATE21"),
        fate!(22, "ARCS-FATE22"),
        fate!(23, "ARCS-FATE23"),
        fate!(24, "ARCS-FATE24"),
    ];

    pub fn def(card: CardId) -> Option<&'static FateDef> {
        let n = number(card)?;
        ALL.get((n as usize).checked_sub(9)?)
    }
}
