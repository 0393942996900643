//! The Believer's Act I Resolution (F815) and the cards it brings: The
//! Young Light (F816), Plot to Kidnap (F817) and The Prodigal One (F818);
//! The Prophet (F825, from the Act II Resolution) has the same Prelude.
//! Campaign rules p28; `reference/campaign.md` §2.8.
//!
//! The three Psionic cards share one Prelude: "discard 1 non-Event action
//! card to place this card next to a played Faithful card (even one that's
//! face down!). When the round ends, draw it into your hand and take this
//! card." The card waits by the played card like a Union
//! (`RoundState::unions`, with `returns` set): the round's end gives the
//! played card to the holder's hand and this card back to its play area
//! (`cards::on_round_end`).

use super::Effect;
use crate::campaign::attach;
use crate::campaign::fates::{add_to_court_deck, scrap};
use crate::cards::{Behavior, PreludeAbility};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, UnionAttachment};

pub const SPREADING: &str = "ARCS-F803";
pub const YOUNG_LIGHT: &str = "ARCS-F816";
pub const PLOT_TO_KIDNAP: &str = "ARCS-F817";
pub const PRODIGAL_ONE: &str = "ARCS-F818";
pub const SECRET_ORDER: &str = "ARCS-F819";
pub const PROPHET: &str = "ARCS-F825";
pub const SECRET_ORDER_2: &str = "ARCS-F826";

fn id(code: &str) -> CardId {
    CardId::parse(code).expect("a Believer card")
}

/// F815. Either way, Spreading the Faith is scrapped and the Faithful
/// cards left in their stack join the Court deck. Completed: gain The
/// Young Light; Plot to Kidnap to the Court deck; scrap The Prodigal One
/// and Secret Order. Failed: scrap The Young Light and Plot to Kidnap; The
/// Prodigal One and Secret Order to the Court deck.
pub(super) fn resolve_act_one(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    s.seat_mut(seat).remove_ability(id(SPREADING));
    scrap(s, &[id(SPREADING)]);
    if done {
        s.seat_mut(seat).add_guild(id(YOUNG_LIGHT));
        add_to_court_deck(s, &[id(PLOT_TO_KIDNAP)]);
        scrap(s, &[id(PRODIGAL_ONE), id(SECRET_ORDER)]);
    } else {
        scrap(s, &[id(YOUNG_LIGHT), id(PLOT_TO_KIDNAP)]);
        add_to_court_deck(s, &[id(PRODIGAL_ONE), id(SECRET_ORDER)]);
    }
    let n = s.campaign().map_or(0, |c| c.faithful_stack);
    let stack: Vec<CardId> = (1..=n).map(super::faithful_card_id).collect();
    add_to_court_deck(s, &stack);
    if let Some(c) = s.campaign_mut() {
        c.faithful_stack = 0;
    }
    let stack = match n {
        0 => "The Faithful stack is empty.".to_string(),
        1 => "The 1 Faithful card left in its stack joins the Court deck.".to_string(),
        n => format!("The {n} Faithful cards left in their stack join the Court deck."),
    };
    if done {
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Believer's Resolution, objective completed: {seat} gains The Young Light; Plot \
             to Kidnap joins the Court deck; Spreading the Faith, The Prodigal One and Secret \
             Order are scrapped. {stack}"
        );
    } else {
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Believer's Resolution, objective failed: Spreading the Faith, The Young Light \
             and Plot to Kidnap are scrapped; The Prodigal One and Secret Order join the Court \
             deck. {stack}"
        );
    }
}

/// The Prelude of The Young Light, The Prodigal One and The Prophet.
const LIGHT_PRELUDE: &[PreludeAbility] = &[PreludeAbility {
    what: "discard a non-Event action card and place it next to a played Faithful card",
    discard: false,
    first: false,
    once_per_turn: false,
    possible: |s, seat| {
        s.is_campaign()
            && s.seat(seat).hand.iter().any(|c| !c.is_event())
            && targets(s).next().is_some()
    },
    run: |s, seat, card, _| {
        s.push(
            Effect::Light {
                seat,
                card,
                target: None,
            }
            .into(),
        )
    },
}];

const fn light(code: &'static str) -> Behavior {
    Behavior {
        code,
        preludes: LIGHT_PRELUDE,
        ..Behavior::NONE
    }
}

/// F816 The Young Light (Guild, Psionic).
pub static THE_YOUNG_LIGHT: Behavior = light(YOUNG_LIGHT);
/// F818 The Prodigal One (Guild, Psionic).
pub static THE_PRODIGAL_ONE: Behavior = light(PRODIGAL_ONE);
/// F825 The Prophet (Guild, Psionic).
pub static THE_PROPHET: Behavior = light(PROPHET);

/// Seats whose card played this round is a Faithful card, face up or
/// face down (a Faithful card's back is its own, docs/rulings.md
/// R-CAMP-BELIEVER-BACK), with nothing placed next to it yet.
pub(super) fn targets(s: &GameState) -> impl Iterator<Item = Seat> + '_ {
    s.seat_ids().filter(move |x| {
        s.round.plays[x.index()].is_some_and(|p| {
            p.card.is_faithful() && !s.round.unions.iter().any(|u| u.target == p.card)
        })
    })
}

/// The Prelude's end: `seat` discards `discard` (face down) and places
/// `card` next to the Faithful card `owner` played.
pub(super) fn place(
    s: &mut GameState,
    seat: Seat,
    card: CardId,
    owner: Seat,
    discard: ActionCard,
    ev: &mut dyn Sink,
) {
    let Some(p) = s.round.plays[owner.index()] else {
        return;
    };
    if !s.seat(seat).hand.contains(discard) || !s.seat_mut(seat).remove_guild(card) {
        return;
    }
    s.seat_mut(seat).hand.remove(discard);
    s.action_discard.place_face_down(discard);
    s.known_discard[seat.index()].insert(discard);
    crate::log_own!(ev, seat, "discard", "You discard {}.", discard.full_name());
    let _ = s.round.unions.try_push(UnionAttachment {
        union: card,
        holder: seat,
        target: p.card,
        returns: true,
    });
    let whose = if owner == seat {
        "their own".to_string()
    } else {
        format!("{owner}'s")
    };
    log!(
        ev,
        "union",
        Some(seat),
        "{seat} discards an action card and places {} next to {whose} played {}.",
        card.name(),
        if p.face_up() {
            p.card.full_name()
        } else {
            "face-down Faithful card".to_string()
        }
    );
}

/// F817 Plot to Kidnap (Vox). Crisis: attach The Young Light or The
/// Prophet here; each player discards their highest-number Faithful
/// action card. When Secured: draw the highest-number Faithful card from
/// the action discard pile, shuffle the pile, discard this.
pub static PLOT_TO_KIDNAP_CARD: Behavior = Behavior {
    code: PLOT_TO_KIDNAP,
    crisis: Some(|s, pos, _card, ev| {
        kidnap(s, pos, ev);
        for x in s.turn_order().collect::<Vec<_>>() {
            let Some(c) = s
                .seat(x)
                .hand
                .iter()
                .filter(|c| c.is_faithful())
                .max_by_key(|c| c.number())
            else {
                continue;
            };
            s.seat_mut(x).hand.remove(c);
            s.action_discard.place_face_down(c);
            for k in s.known_discard.iter_mut() {
                k.insert(c);
            }
            s.disclose();
            log!(
                ev,
                "discard",
                Some(x),
                "Plot to Kidnap: {x} discards their highest Faithful card, Faithful {}.",
                c.number()
            );
        }
    }),
    on_secured: Some(|s, seat, card, ev| {
        s.court_discard.push(card);
        let best = s
            .action_discard
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_faithful())
            .max_by_key(|(_, c)| c.number())
            .map(|(i, _)| i);
        match best.and_then(|i| s.action_discard.take(i)) {
            Some(c) => {
                for k in s.known_discard.iter_mut() {
                    k.remove(c);
                }
                s.seat_mut(seat).hand.insert(c.physical());
                log!(
                    ev,
                    "draw",
                    Some(seat),
                    "Plot to Kidnap: {seat} searches the action discard pile and draws its \
                     highest Faithful card; the pile is shuffled."
                );
                crate::log_reveal!(ev, seat, "draw", "You draw Faithful {}.", c.number());
            }
            None => log!(
                ev,
                "draw",
                Some(seat),
                "Plot to Kidnap: {seat} searches the action discard pile and finds no Faithful \
                 card; the pile is shuffled."
            ),
        }
        s.action_discard.shuffle(&mut s.rng);
    }),
    ..Behavior::NONE
};

/// Plot to Kidnap's Crisis: The Young Light or The Prophet, from a play
/// area or from beside a played card, is attached to the card at `pos`
/// (if nothing is attached there yet, p27).
fn kidnap(s: &mut GameState, pos: usize, ev: &mut dyn Sink) {
    if attach::attached(s, pos).is_some() {
        return;
    }
    let lights = [id(YOUNG_LIGHT), id(PROPHET)];
    let held = s.seat_ids().find_map(|x| {
        s.seat(x)
            .guild()
            .iter()
            .copied()
            .find(|c| lights.contains(c))
            .map(|c| (x, c))
    });
    let taken = match held {
        Some((x, c)) => {
            s.seat_mut(x).remove_guild(c);
            Some((x, c))
        }
        None => {
            let i = s
                .round
                .unions
                .iter()
                .position(|u| lights.contains(&u.union));
            i.map(|i| s.round.unions.remove(i))
                .map(|u| (u.holder, u.union))
        }
    };
    let Some((from, card)) = taken else {
        log!(
            ev,
            "crisis",
            None,
            "Plot to Kidnap: neither The Young Light nor The Prophet is held by a player."
        );
        return;
    };
    log!(
        ev,
        "crisis",
        None,
        "Plot to Kidnap: {} is taken from {from}.",
        card.name()
    );
    attach::attach(s, pos, card, ev);
}
