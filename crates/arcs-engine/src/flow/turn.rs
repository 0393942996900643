//! A turn: the declare/seize window, the Prelude and the pips
//! (B-AMB, B-INIT-04..07, B-PRE, B-RES-01..05, B-ACT).

use super::{Frame, Source};
use crate::actions;
use crate::cards;
use crate::choice::{Act, Choice};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, PlayKind};

/// Standard actions the played card's pips allow now (B-TURN-04..09,
/// B-RES-02: a spent Weapon adds Battle to card pips).
pub fn pip_actions(s: &GameState) -> impl Iterator<Item = StdAction> + '_ {
    let (suit_acts, weapon) = pip_action_parts(s);
    suit_acts
        .iter()
        .copied()
        .chain(weapon.then_some(StdAction::Battle))
}

/// [`pip_actions`] as the suit's actions and whether a Weapon adds Battle
/// (the turn listing walks the slice: a chained iterator cost it more than
/// the actions' tests, issue 19).
#[inline]
fn pip_action_parts(s: &GameState) -> (&'static [StdAction], bool) {
    let t = &s.turn;
    let suit = match t.play {
        PlayKind::Copy | PlayKind::Event => {
            s.lead_card().map(|c| c.suit()).unwrap_or(t.card.suit())
        }
        _ => t.card.suit(),
    };
    let acts = suit.actions();
    (acts, t.weapon && !acts.contains(&StdAction::Battle))
}

/// Whether `act` has at least one legal target for `seat` now.
pub fn act_possible(s: &GameState, seat: Seat, act: Act) -> bool {
    match act.via {
        Some(card) => cards::new_action_possible(s, seat, card, act.std),
        None => std_possible(s, seat, act.std),
    }
}

/// Whether a standard action has a legal target. Inlined into the turn
/// listing: Move, Repair, Influence and Battle are a few bit tests on the
/// board index, so a call would cost more than the test.
#[inline(always)]
fn std_possible(s: &GameState, seat: Seat, std: StdAction) -> bool {
    match std {
        StdAction::Tax => actions::tax::any(s, seat),
        StdAction::Build => actions::build::any(s, seat),
        StdAction::Move => actions::mov::any(s, seat),
        StdAction::Repair => actions::repair::any(s, seat),
        StdAction::Influence => actions::court::can_influence(s, seat),
        StdAction::Secure => actions::court::can_secure(s, seat),
        StdAction::Battle => actions::battle::any(s, seat),
    }
}

/// Whether actions are possible, each computed at most once per listing of
/// a turn's choices (the hot path of every simulation).
#[derive(Default)]
struct Memo {
    /// Standard actions: bit `i` known, bit `8 + i` possible.
    std: u16,
    new: arrayvec::ArrayVec<(Act, bool), 12>,
}

impl Memo {
    #[inline(always)]
    fn possible(&mut self, s: &GameState, seat: Seat, a: Act) -> bool {
        match a.via {
            None => {
                let i = a.std as u16;
                if self.std & (1 << i) == 0 {
                    self.std |= 1 << i | (std_possible(s, seat, a.std) as u16) << (8 + i);
                }
                self.std & (1 << (8 + i)) != 0
            }
            Some(_) => self.new_action_possible(s, seat, a),
        }
    }

    #[inline(never)]
    fn new_action_possible(&mut self, s: &GameState, seat: Seat, a: Act) -> bool {
        match self.new.iter().find(|(x, _)| *x == a) {
            Some(&(_, v)) => v,
            None => {
                let v = act_possible(s, seat, a);
                let _ = self.new.try_push((a, v));
                v
            }
        }
    }
}

/// Every way to take `std` now: the standard action and the new actions of
/// held cards that stand in for it (B-NEW-01). `pip` marks the played
/// card's own pips, where a leader's Copy/Pivot bonus taken first may make
/// the action possible (Warrior moving into a battle, Feastbringer
/// influencing to win a card).
fn acts_for(
    s: &GameState,
    seat: Seat,
    std: StdAction,
    pip: bool,
    memo: &mut Memo,
    mut out: impl FnMut(Act),
) {
    let a = Act::std(std);
    let possible = memo.possible(s, seat, a);
    // The hook bit first: without a Copy/Pivot leader this is one
    // well-predicted test.
    let by_bonus = !possible
        && pip
        && cards::holds(s, seat, cards::Hook::CopyPivot)
        && cards::is_copy_pivot(s, seat, Source::Pip)
        && cards::copy_pivot_bonus(s, seat, std).is_some_and(|(_, b)| {
            b.before_or_after
                && memo.possible(s, seat, Act::std(b.extra))
                && cards::bonus_enables(s, seat, std)
        });
    if possible || by_bonus {
        out(a);
    }
    if s.seat(seat).hooks() & cards::Hook::new_action_bit(std) == 0 {
        return;
    }
    for card in cards::held(s, seat) {
        if cards::has_new_action(card, std) {
            let a = Act::new_action(std, card);
            if memo.possible(s, seat, a) {
                out(a);
            }
        }
    }
}

/// Actions a resource's Prelude action grants (B-RES-01); Weapon grants
/// none directly.
fn resource_actions(s: &GameState, as_: Resource) -> &'static [StdAction] {
    match as_ {
        Resource::Material => &[StdAction::Build, StdAction::Repair],
        Resource::Fuel => &[StdAction::Move],
        Resource::Relic => &[StdAction::Secure],
        Resource::Psionic => s.lead_card().map(|c| c.suit().actions()).unwrap_or(&[]),
        Resource::Weapon => &[],
    }
}

/// B-CITY-03 / B-RES-04: an Outraged type cannot be spent for its Prelude
/// action, unless a card says to ignore that (EX-15).
pub fn can_spend_as(s: &GameState, seat: Seat, as_: Resource) -> bool {
    !s.seat(seat).is_outraged(as_) || cards::ignores_outrage(s, seat, as_)
}

/// Declarations open to the seat now, via its lead card or a card hook.
pub fn declarable(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    let t = &s.turn;
    if s.best_available_marker().is_none() || !cards::may_declare(s, seat) {
        return;
    }
    // B-AMB-01/07: the initiative holder, with the lead card, once.
    let right = if t.play == PlayKind::Lead && seat == s.initiative && !s.round.lead_declared {
        // A led Faithful card declares what the rules booklet's law says
        // (ARCS-F814 Pluralistic Faith).
        Some(if t.card.is_faithful() {
            (crate::campaign::fates::SIDED_CARDS.lead_declare_right)(s)
        } else {
            t.card.declare_right()
        })
    } else if cards::declares_on_follow(s, seat, t.play) && !s.round.declared {
        // C-BC25 Galactic Bards.
        Some(t.card.declare_right())
    } else {
        None
    };
    if let Some(right) = right {
        out.extend(
            Ambition::ALL
                .into_iter()
                .filter(|a| {
                    right.allows(*a) && crate::campaign::fates::declare_allowed(s, seat, *a)
                })
                .map(Choice::Declare),
        );
    }
}

/// Whether declaring or seizing may still be possible for the seat taking
/// its turn (a cheap test, for the prompt's description).
pub fn window_maybe_open(s: &GameState) -> bool {
    let t = &s.turn;
    let seize = t.seat != s.initiative && !s.round.seized;
    let declare = s.best_available_marker().is_some()
        && ((t.play == PlayKind::Lead && !s.round.lead_declared)
            || (t.play != PlayKind::Copy && !s.round.declared));
    seize || declare
}

/// The actions a resource's Prelude action allows, judged on the state after
/// the token in `slot` is spent (Cloud Cities pays with a resource, which
/// may be that very token). Kept out of line: inlined, the compiler hoisted
/// the state copy's loads into every listing of a turn (docs/performance.md).
#[cold]
#[inline(never)]
fn acts_after_spending(
    s: &GameState,
    seat: Seat,
    slot: usize,
    as_: Resource,
    spend: &mut impl FnMut(Act),
) {
    let mut after = s.clone();
    after.seat_mut(seat).resources[slot] = None;
    let mut m = Memo::default();
    for &std in resource_actions(s, as_) {
        acts_for(&after, seat, std, false, &mut m, &mut *spend);
    }
}

/// Whether End turn is the only choice left: no pips, the Prelude and the
/// declare/seize window closed ([`turn_choices`] then lists only it).
pub fn only_end_left(s: &GameState) -> bool {
    let t = &s.turn;
    t.pips_left == 0 && !t.prelude_open && !t.window_open
}

pub fn turn_choices(s: &GameState, out: &mut Vec<Choice>) {
    let t = &s.turn;
    let seat = t.seat;
    let st = s.seat(seat);
    let mut memo = Memo::default();
    if t.window_open {
        declarable(s, seat, out);
        // B-INIT-04..06, B-GLOS-12: never the holder, never twice a round.
        if seat != s.initiative && !s.round.seized {
            // Partisan Seizing, held (F603) or a law of the rules booklet
            // (F616).
            if (cards::holds(s, seat, cards::Hook::SeizeByOutrage) || s.is_campaign())
                && cards::seizes_by_outrage(s, seat).is_some()
            {
                // Partisan Seizing: no second card; Provoke Outrage of a
                // type not yet Outraged instead (`resource R`).
                out.extend(
                    Resource::ALL
                        .into_iter()
                        .filter(|r| !st.is_outraged(*r))
                        .map(Choice::Resource),
                );
            } else {
                // Never with an Event card (campaign p12); a Faithful card
                // may (docs/rulings.md R-CAMP-BELIEVER-SEIZE).
                out.extend(st.hand.playable().iter().map(Choice::Seize));
            }
            // ARCS-F813: no seizing by Surpassing with a Faithful "7".
            if t.play == PlayKind::Surpass && t.card.number() == 7 && !t.card.is_faithful() {
                out.push(Choice::Seize(t.card));
            }
        }
    }
    if t.prelude_open {
        // One bit per (token type, raid cost, spent as) already listed.
        let mut seen = 0u128;
        // Asked once per listing (when a token is there), not per token: the
        // standard actions whose new action (a held card's) uses the spent
        // token (Elder Broker's Trade), and Cloud Cities. Either makes the
        // listing judge an action on the state after the spend.
        let mut after_spend: Option<(u8, bool)> = None;
        // Visit only the filled slots (a bit per slot): which slots hold a
        // token is different every listing, so a test per slot mispredicts.
        let mut filled = st
            .resources
            .iter()
            .enumerate()
            .fold(0u8, |m, (i, r)| m | (r.is_some() as u8) << i);
        // The types held cards let a token be spent as (EX-15), in the
        // cards' order: asked once per listing, not per token.
        let mut extra_as = [Resource::Material; 8];
        let mut extras = 0;
        if filled != 0 && cards::holds(s, seat, cards::Hook::SpendAs) {
            for x in cards::spend_as_types(s, seat).take(extra_as.len()) {
                extra_as[extras] = x;
                extras += 1;
            }
        }
        while filled != 0 {
            let slot = filled.trailing_zeros() as usize;
            filled &= filled - 1;
            let Some(r) = st.resources[slot] else {
                continue;
            };
            let cost = crate::data::SLOT_RAID_COST[slot];
            // Its own type first, then the others it may be spent as.
            let mut ways = [r; 9];
            let mut n = 1;
            for &x in &extra_as[..extras] {
                if x != r {
                    ways[n] = x;
                    n += 1;
                }
            }
            for &as_ in &ways[..n] {
                // Tokens of one type in slots of equal raid cost are the
                // same choice; list it once.
                let key = 1u128 << ((r.index() * 5 + cost as usize) * 5 + as_.index());
                if seen & key != 0 || !can_spend_as(s, seat, as_) {
                    continue;
                }
                seen |= key;
                if as_ == Resource::Weapon {
                    if !t.weapon && t.pips_left > 0 {
                        out.push(Choice::Spend {
                            slot: slot as u8,
                            as_,
                            act: None,
                        });
                    }
                    continue;
                }
                let mut spend = |a: Act| {
                    out.push(Choice::Spend {
                        slot: slot as u8,
                        as_,
                        act: Some(a),
                    })
                };
                // Judge the action on the state after the token is spent
                // (it may be the very token a cost would have used, or the
                // token a new action needs: Elder Broker's Trade gives one).
                let (token_acts, cloud) = *after_spend.get_or_insert_with(|| {
                    let acts = if st.hooks() & cards::Hook::NEW_ACTIONS != 0 {
                        StdAction::ALL
                            .into_iter()
                            .filter(|&std| cards::new_action_uses_tokens(s, seat, std))
                            .fold(0, |m, std| m | 1 << std as u8)
                    } else {
                        0
                    };
                    (acts, cards::cloud_cities(s, seat))
                });
                let new_acts = token_acts != 0
                    && resource_actions(s, as_)
                        .iter()
                        .any(|&std| token_acts & (1 << std as u8) != 0);
                if new_acts || cloud {
                    acts_after_spending(s, seat, slot, as_, &mut spend);
                } else {
                    for &std in resource_actions(s, as_) {
                        acts_for(s, seat, std, false, &mut memo, &mut spend);
                    }
                }
            }
        }
        cards::prelude_choices(s, seat, out);
    }
    if t.pips_left > 0 {
        let (suit_acts, weapon) = pip_action_parts(s);
        for &std in suit_acts {
            acts_for(s, seat, std, true, &mut memo, |a| out.push(Choice::Act(a)));
        }
        if weapon {
            let std = StdAction::Battle;
            acts_for(s, seat, std, true, &mut memo, |a| out.push(Choice::Act(a)));
        }
    }
    out.push(Choice::EndTurn);
}

/// An action for the log: "tax", or a card's new action in words ("Trade
/// (a Tax from Elder Broker)"), never the machine form `tax@BC23`.
struct ActWords(Act);

impl std::fmt::Display for ActWords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.via {
            None => write!(f, "{}", self.0.std),
            Some(_) => f.write_str(&crate::describe::act_name(self.0)),
        }
    }
}

/// B-PRE-03 / B-RES-05: spent resources reach the supply when the Prelude ends.
pub fn end_prelude(s: &mut GameState) {
    if s.turn.prelude_open {
        s.turn.prelude_open = false;
        s.turn.window_open = false;
        let limbo = std::mem::take(&mut s.turn.limbo);
        for (i, n) in limbo.iter().enumerate() {
            s.supply[i] += n;
        }
    }
}

pub fn turn_choice(s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
    let seat = s.turn.seat;
    match choice {
        Choice::Declare(a) => actions::declare::declare(s, seat, a, ev),
        Choice::Seize(c) => {
            if c != s.turn.card {
                s.seat_mut(seat).hand.remove(c);
                if let Some(p) = s.round.plays[seat.index()].as_mut() {
                    p.seize = Some(c);
                }
                log!(
                    ev,
                    "seize",
                    Some(seat),
                    "{seat} plays an extra card face down and seizes the initiative."
                );
            } else {
                log!(
                    ev,
                    "seize",
                    Some(seat),
                    "{seat} surpasses with a 7 and seizes the initiative."
                );
            }
            seize(s, seat, ev);
        }
        Choice::Resource(r) => {
            // Partisan Seizing: Provoke Outrage of `r` to seize.
            if let Some(card) = cards::seizes_by_outrage(s, seat) {
                log!(
                    ev,
                    "seize",
                    Some(seat),
                    "{seat} seizes the initiative by Provoking {} Outrage ({}).",
                    crate::describe::resource_name(r),
                    card.name()
                );
            }
            actions::outrage::provoke_outrage(s, seat, r, ev);
            seize(s, seat, ev);
        }
        Choice::Spend { slot, as_, act } => {
            s.turn.window_open = false;
            s.turn.prelude_used = true;
            let st = s.seat_mut(seat);
            let Some(r) = st.resources[slot as usize].take() else {
                return;
            };
            s.turn.limbo[r.index()] += 1;
            if as_ == Resource::Weapon {
                s.turn.weapon = true;
                log!(
                    ev,
                    "spend",
                    Some(seat),
                    "{seat} spends a {r} as Weapon: card pips may now Battle."
                );
            } else if let Some(act) = act {
                // A card's new action in words, never its machine form
                // (formatted only when the log is kept).
                let a = ActWords(act);
                if r == as_ {
                    log!(ev, "spend", Some(seat), "{seat} spends a {r} to {a}.");
                } else {
                    log!(
                        ev,
                        "spend",
                        Some(seat),
                        "{seat} spends a {r} as {as_} to {a}."
                    );
                }
                start_action(s, seat, act, Source::Resource, ev);
            }
        }
        Choice::Prelude { card, n } => {
            s.turn.window_open = false;
            s.turn.prelude_used = true;
            cards::run_prelude(s, seat, card, n, ev);
        }
        Choice::Act(a) => {
            s.turn.window_open = false;
            end_prelude(s);
            s.turn.pips_left -= 1;
            start_action(s, seat, a, Source::Pip, ev);
        }
        Choice::EndTurn => {
            s.set_top(Frame::EndTurn { seat });
        }
        _ => {}
    }
}

/// B-INIT-07: the marker moves to the seizer at once.
pub fn seize(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.round.seized = true;
    crate::campaign::fates::give_initiative(s, seat, ev);
}

/// The frame of a standard action.
pub fn std_frame(seat: Seat, std: StdAction, source: Source) -> Frame {
    match std {
        StdAction::Tax => Frame::Tax { seat, source },
        StdAction::Build => Frame::Build { seat, source },
        StdAction::Move => Frame::Move(actions::mov::MoveFrame::new(seat, source)),
        StdAction::Repair => Frame::Repair { seat },
        StdAction::Influence => Frame::Influence { seat },
        StdAction::Secure => Frame::Secure { seat },
        StdAction::Battle => Frame::Battle(actions::battle::BattleFrame::new(seat, source)),
    }
}

/// Starts an action: a card's new action, or a standard action frame
/// (with a leader's Copy/Pivot bonus around it: Warrior, Feastbringer,
/// Noble).
pub fn start_action(s: &mut GameState, seat: Seat, a: Act, source: Source, ev: &mut dyn Sink) {
    if let Some(card) = a.via {
        log!(
            ev,
            "action",
            Some(seat),
            "{seat} takes {} ({}).",
            cards::new_action_name(card, a.std),
            a.std
        );
        cards::start_new_action(s, seat, card, a.std, source, ev);
        return;
    }
    log!(ev, "action", Some(seat), "{seat} takes {}.", a.std);
    // Campaign: "When you Copy to X, you may gain 1 R" (the Liaisons):
    // asked after the action (pushed below its frame).
    let copy_gain = s.is_campaign()
        && source == Source::Pip
        && s.turn.seat == seat
        && s.turn.play == PlayKind::Copy;
    if copy_gain {
        cards::copy_gain(s, seat, a.std);
    }
    // The hook bit first, as in `acts_for`.
    if cards::holds(s, seat, cards::Hook::CopyPivot) && cards::is_copy_pivot(s, seat, source) {
        if let Some((card, bonus)) = cards::copy_pivot_bonus(s, seat, a.std) {
            if cards::start_copy_pivot_bonus(s, seat, card, a.std, bonus) {
                return;
            }
        }
    }
    s.push(std_frame(seat, a.std, source));
}

/// End of a turn: the Prelude ends if still open; B-FINE-03 elimination.
pub fn end_turn(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    end_prelude(s);
    s.round.turn_idx += 1;
    let on_map = s.board.ships(seat.owner()) | s.board.starports(seat.owner()) != 0;
    if !on_map && s.seat(seat).ships > 0 {
        s.set_top(Frame::Eliminated { seat });
    } else {
        s.pop();
        // The next turn starts at once (the frame below is automatic).
        if matches!(s.stack.last(), Some(Frame::NextTurn)) {
            super::round::next_turn(s, ev);
        }
    }
}
