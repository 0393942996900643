//! The Caretaker, Act III: its setup (F520A), its grand ambitions (F520B)
//! and Golems Sate Their Appetite (F521, an edict of the rules booklet).
//! Campaign rules p9 (grand ambitions), p20 (Edicts); `reference/campaign.md`
//! §2.5.

use super::{count, golems, held, wake_all, Effect, GOLEM_NAMES};
use crate::campaign::fates::FateEvent;
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

const HEARTH: &str = "ARCS-F503";
pub const APPETITE_CODE: &str = "ARCS-F521";

/// `Campaign::caretaker_grand` bits: the choices were offered this
/// chapter; a lore card was scrapped; a Golem was scrapped.
pub const ASKED: u8 = 1;
pub const LORE_SCRAPPED: u8 = 2;
pub const GOLEM_SCRAPPED: u8 = 4;

fn bits(s: &GameState) -> u8 {
    s.campaign().map_or(0, |c| c.caretaker_grand)
}

fn set_bits(s: &mut GameState, b: u8) {
    if let Some(c) = s.campaign_mut() {
        c.caretaker_grand = b;
    }
}

/// F520A: Golems Sate Their Appetite joins the rules booklet; every
/// Sleeping Golem flips Awake.
pub fn setup_act_three(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    if let Some(c) = s.campaign_mut() {
        let e = crate::card_id!(APPETITE_CODE);
        if !c.booklet.contains(&e) {
            let _ = c.booklet.try_push(e);
        }
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "Golems Sate Their Appetite joins the rules booklet: at each Edicts, every player scraps 1 \
         Guild card for each Awake Golem they have, protected ones too (without Guild cards, the \
         leftmost Guild card in the Court with agents is scrapped with its agents); then every \
         Golem awakens."
    );
    wake_all(s, ev);
}

/// Lore cards of `seat` F520B lets it scrap: any but the Golem Hearth.
fn scrappable_lore(s: &GameState, seat: Seat) -> impl Iterator<Item = CardId> + '_ {
    let hearth = crate::card_id!(HEARTH);
    s.seat(seat)
        .lore()
        .iter()
        .copied()
        .filter(move |c| *c != hearth)
}

/// F520B, how many grand ambitions the Caretaker fulfils: once this
/// chapter's choices were made, those made; before, those it could make
/// (what bots weigh): a Golem and a lore card to scrap, a Golem to scrap.
pub fn grand_ambitions(s: &GameState, seat: Seat) -> u8 {
    let b = bits(s);
    if b & ASKED != 0 {
        return (b & LORE_SCRAPPED != 0) as u8 + (b & GOLEM_SCRAPPED != 0) as u8;
    }
    let golem = count(s, seat) > 0;
    (golem && scrappable_lore(s, seat).next().is_some()) as u8 + golem as u8
}

/// Act III: before the chapter's scoring the Caretaker is asked (once) to
/// scrap a lore card, then a Golem; after it, the choices are forgotten.
pub fn objective_act_three(s: &mut GameState, me: Seat, e: &FateEvent, _ev: &mut dyn Sink) {
    match *e {
        FateEvent::BeforeScoring => {
            if bits(s) & ASKED != 0 {
                return;
            }
            set_bits(s, ASKED);
            if count(s, me) == 0 {
                return;
            }
            let card = crate::card_id!("ARCS-F520B");
            // The Golem after the lore card (F520B allows that order).
            s.push(Effect::GrandGolem { seat: me, card }.into());
            if scrappable_lore(s, me).next().is_some() {
                s.push(Effect::GrandLore { seat: me, card }.into());
            }
        }
        FateEvent::ChapterEnd => set_bits(s, 0),
        _ => {}
    }
}

pub fn lore_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    if count(s, seat) > 0 {
        out.extend(scrappable_lore(s, seat).map(Choice::Card));
    }
    out.push(Choice::No);
}

pub fn golem_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    out.extend(held(s, seat).map(|k| Choice::Count(k as u8)));
    out.push(Choice::No);
}

/// F520B: `seat` scraps lore card `card`.
pub fn scrap_lore(s: &mut GameState, seat: Seat, card: CardId, ev: &mut dyn Sink) {
    if !s.seat_mut(seat).remove_lore(card) {
        return;
    }
    crate::campaign::fates::scrap(s, &[card]);
    set_bits(s, bits(s) | LORE_SCRAPPED);
    log!(
        ev,
        "objective",
        Some(seat),
        "Consume Dangerous Lore: {seat}'s Golems consume {}; it is scrapped.",
        card.name()
    );
}

/// F520B: `seat` scraps its Golem `k`.
pub fn scrap_golem(s: &mut GameState, seat: Seat, k: usize, ev: &mut dyn Sink) {
    if golems(s)[k].holder() != Some(seat) {
        return;
    }
    super::resolution::scrap_golem(s, k);
    set_bits(s, bits(s) | GOLEM_SCRAPPED);
    log!(
        ev,
        "objective",
        Some(seat),
        "Silence the Golems: {seat} scraps the {} Golem.",
        GOLEM_NAMES[k]
    );
}

/// F521 Golems Sate Their Appetite (Edict): "First, Consume Sentience",
/// each player in turn order, a Guild card per Awake Golem; "Then, Golems
/// Awaken".
pub static GOLEMS_SATE_THEIR_APPETITE: Behavior = Behavior {
    code: APPETITE_CODE,
    edict: Some(|s, card, ev| {
        let order: Vec<Seat> = s.turn_order().collect();
        let Some(&first) = order.first() else { return };
        // Pushed first, so it runs last.
        s.push(Effect::Awaken { seat: first, card }.into());
        let mut any = false;
        for &x in order.iter().rev() {
            let awake = super::held(s, x).filter(|&k| golems(s)[k].awake).count() as u8;
            if awake > 0 {
                s.push(
                    Effect::Sate {
                        seat: x,
                        card,
                        left: awake,
                    }
                    .into(),
                );
                any = true;
            }
        }
        if !any {
            log!(
                ev,
                "edict",
                None,
                "Golems Sate Their Appetite: nobody has an Awake Golem."
            );
        }
    }),
    ..Behavior::NONE
};

/// Consume Sentience for `seat`, one Awake Golem: without Guild cards of
/// its own, the leftmost Guild card in the Court with agents on it is
/// scrapped with those agents (none such: nothing).
pub fn consume_from_court(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let pos = (0..s.court.len()).find(|&p| {
        let slot = &s.court[p];
        slot.card
            .is_some_and(|c| c.info().kind == crate::data::CardKind::Guild)
            && slot.agents.iter().any(|n| *n > 0)
    });
    let Some(pos) = pos else {
        log!(
            ev,
            "edict",
            Some(seat),
            "Golems Sate Their Appetite: {seat} has no Guild card, nor has any Guild card in the \
             Court agents on it."
        );
        return;
    };
    let Some(card) = s.court[pos].card else {
        return;
    };
    let agents = std::mem::take(&mut s.court[pos].agents);
    for x in s.seat_ids().collect::<Vec<_>>() {
        let n = agents[x.index()];
        if n > 0 {
            let st = s.seat_mut(x);
            st.scrapped[crate::state::TrophyKind::Agent as usize] += n;
        }
    }
    crate::campaign::crises::remove_card(s, pos, card, crate::campaign::crises::Removal::Scrap);
    log!(
        ev,
        "edict",
        Some(seat),
        "Golems Sate Their Appetite: {seat} has no Guild card, so {} in the Court is scrapped with \
         the agents on it.",
        card.name()
    );
}

/// Consume Sentience: `seat` scraps its Guild card `card` (protected ones
/// too).
pub fn consume_own(s: &mut GameState, seat: Seat, card: CardId, ev: &mut dyn Sink) {
    if !s.seat_mut(seat).remove_guild(card) {
        return;
    }
    crate::campaign::fates::scrap(s, &[card]);
    log!(
        ev,
        "edict",
        Some(seat),
        "Golems Sate Their Appetite: {seat}'s Golems consume {}; it is scrapped.",
        card.name()
    );
}
