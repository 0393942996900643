//! The Advocate (Fate Set 4, an "A" Fate), Act I: its setup (F401A), its
//! objective (F401B), Guild Investigators (F402) and Guild Overseers
//! (F403). Campaign rules p8, p27; `reference/campaign.md` §2.4. Its Act I
//! Resolution (F404) belongs to the Intermission (Act II), like the other
//! Fates'.
//!
//! Guild Overseers is a restriction on its holder: the actions of its
//! Guild cards (Prelude abilities, new actions) are offered only while it
//! would gain Power if the chapter were scored now — the hook
//! `Behavior::guild_actions_if`, read where a turn lists card actions
//! (`cards::may_use_actions`). Its When Secured (an Act II matter by
//! F401A, but in Act I too once Recover has put the card back in the
//! Court) searches the Court deck, whose contents only the searcher sees.
//! Rulings R-CAMP-ADVOCATE-… in docs/rulings.md.

use crate::campaign::attach;
use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction};
use crate::choice::Choice;
use crate::data::CardKind;
use crate::describe::{card_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Advocate's cards with behaviour.
pub static CARDS: &[&Behavior] = &[&GUILD_INVESTIGATORS, &GUILD_OVERSEERS];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 4,
    card: "ARCS-FATE04",
    setup: [Some(setup_act_one), None, None],
    resolution: None,
    resolutions: ["", ""],
    on: Some(objective),
    grand: None,
    final_objective: false,
    leave: None,
};

fn investigators() -> CardId {
    crate::card_id!("ARCS-F402")
}

fn overseers() -> CardId {
    crate::card_id!("ARCS-F403")
}

fn is_guild(c: CardId) -> bool {
    c.info().kind == CardKind::Guild
}

/// F401A: gain Guild Investigators and Guild Overseers (both protected
/// Guild cards). Overseers' When Secured is not resolved now: it matters
/// only once the card is secured from the Court (R-CAMP-ADVOCATE-SETUP).
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(investigators());
    s.seat_mut(seat).add_guild(overseers());
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Guild Investigators and Guild Overseers."
    );
}

/// F401B. *Prove Yourself to the Overseers*: while the Advocate has Guild
/// Overseers, advance 3 each time it uses the Prelude action of a Guild
/// card that discards itself (a Union's Prelude does not: the Union is
/// discarded only at the round's end, R-CAMP-ADVOCATE-SELF). *Keep the
/// Guilds in Power*: while it has Guild Overseers, advance 2 each time it
/// takes the Recover action of its Guild Investigators.
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !s.seat(me).guild().contains(&overseers()) {
        return;
    }
    let (n, why) = match *e {
        FateEvent::Prelude {
            seat,
            card,
            discarded: true,
        } if seat == me && is_guild(card) => (
            3,
            format!("Prove Yourself to the Overseers: {me} discards {card} for its Prelude"),
        ),
        FateEvent::NewAction { seat, card, .. } if seat == me && card == investigators() => (
            2,
            format!("Keep the Guilds in Power: {me} takes Guild Investigators' Recover"),
        ),
        _ => return,
    };
    if s.campaign().is_some_and(|c| c.objective[me.index()] > 0) {
        log!(ev, "objective", Some(me), "{why}.");
        advance_objective(s, me, n, ev);
    }
}

/// F402 Guild Investigators (Guild, Psionic, protected): *Recover (Move)*:
/// attach the topmost Guild card of the Court discard pile to a card in
/// the Court with no agents (and none attached, p27; the Imperial Council
/// counts; R-CAMP-ADVOCATE-RECOVER).
pub static GUILD_INVESTIGATORS: Behavior = Behavior {
    code: "ARCS-F402",
    new_actions: &[NewAction {
        name: "Recover",
        std: StdAction::Move,
        possible: recover_possible,
        start: |s, seat, _, _| {
            if let Some(guild) = top_guild(s) {
                let card = investigators();
                s.push(Effect::Recover { seat, card, guild }.into());
            }
        },
    }],
    ..Behavior::NONE
};

/// F403 Guild Overseers (Guild, Relic, protected): its holder uses the
/// actions of its Guild cards only while it would gain Power in a
/// declared ambition if the chapter were scored now; *When Secured*:
/// search the Court deck and discard pile for any 1 Guild card
/// (R-CAMP-ADVOCATE-SEARCH).
pub static GUILD_OVERSEERS: Behavior = Behavior {
    code: "ARCS-F403",
    guild_actions_if: Some(would_gain_power),
    on_secured: Some(|s, seat, card, ev| {
        crate::cards::gain_secured_guild(s, seat, card, ev);
        if guild_in_discard(s).next().is_some() || !s.court_deck.is_empty() {
            s.push(
                Effect::Search {
                    seat,
                    card,
                    deck: false,
                }
                .into(),
            );
        } else {
            log!(
                ev,
                "court",
                Some(seat),
                "Guild Overseers: the Court deck and discard pile are empty of Guild cards; \
                 {seat} takes none."
            );
        }
    }),
    ..Behavior::NONE
};

/// "In first or second place for a declared ambition (that is, you'd gain
/// Power if it scored now)": some declared ambition, scored as it stands
/// (`flow::score_ambition`, the scoring's own function: ties, the
/// 2-player phantom), gives `seat` Power (docs/rulings.md
/// R-CAMP-ADVOCATE-OVERSEERS).
pub fn would_gain_power(s: &GameState, seat: Seat) -> bool {
    Ambition::ALL.into_iter().any(|a| {
        s.ambition_declared(a)
            && crate::flow::score_ambition(s, a)
                .awards
                .iter()
                .any(|w| w.seat == seat && w.power > 0)
    })
}

/// The topmost Guild card of the Court discard pile (Vox cards above it
/// are passed over).
pub fn top_guild(s: &GameState) -> Option<CardId> {
    s.court_discard.iter().rev().copied().find(|c| is_guild(*c))
}

/// Recover needs a Guild card in the Court discard pile and a Court card
/// with no agents and none attached (attachments are a campaign matter).
fn recover_possible(s: &GameState, _seat: Seat) -> bool {
    s.is_campaign() && top_guild(s).is_some() && attach::targets(s, true).next().is_some()
}

/// The Guild cards of the Court discard pile, topmost first.
fn guild_in_discard(s: &GameState) -> impl Iterator<Item = CardId> + '_ {
    s.court_discard
        .iter()
        .rev()
        .copied()
        .filter(|c| is_guild(*c))
}

/// The Guild cards of the Court deck, by catalog order: never in deck
/// order, which stays hidden (even the searcher's choices do not show
/// it).
fn guild_in_deck(s: &GameState) -> Vec<CardId> {
    let mut v: Vec<CardId> = s
        .court_deck
        .iter()
        .copied()
        .filter(|c| is_guild(*c))
        .collect();
    v.sort();
    v
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Recover: attach `guild` (the topmost Guild card of the Court
    /// discard pile) to which Court card with no agents?
    Recover {
        seat: Seat,
        card: CardId,
        guild: CardId,
    },
    /// Guild Overseers, When Secured: take a Guild card from the Court
    /// discard pile or (`deck: false`) search the Court deck first; with
    /// `deck`, the deck has been searched: take one from either, then
    /// the deck is shuffled.
    Search {
        seat: Seat,
        card: CardId,
        deck: bool,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Recover { seat, card, .. } | Effect::Search { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::Recover { guild, .. } => {
                format!("attach {guild} to which Court card with no agents?")
            }
            Effect::Search { deck: false, .. } => {
                "take which Guild card from the Court discard pile, or search the Court deck?"
                    .into()
            }
            Effect::Search { deck: true, .. } => {
                "take which Guild card from the Court deck or discard pile?".into()
            }
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Recover { .. } => {
                out.extend(attach::targets(s, true).map(|p| Choice::Court(p as u8)))
            }
            Effect::Search { deck, .. } => {
                out.extend(guild_in_discard(s).map(Choice::Card));
                if deck {
                    out.extend(guild_in_deck(s).into_iter().map(Choice::Card));
                } else if !s.court_deck.is_empty() {
                    // Offered whatever the deck holds: its size is public,
                    // its contents are not.
                    out.push(Choice::Yes);
                }
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match (self, choice) {
            (Effect::Recover { seat, guild, .. }, Choice::Court(pos)) => {
                s.pop();
                let Some(i) = s.court_discard.iter().rposition(|c| *c == guild) else {
                    return;
                };
                s.court_discard.remove(i);
                log!(
                    ev,
                    "recover",
                    Some(seat),
                    "Recover: {seat} takes {guild} from the Court discard pile (Guild \
                     Investigators)."
                );
                attach::attach(s, pos as usize, guild, ev);
            }
            (Effect::Search { seat, card, .. }, Choice::Yes) => {
                let found = guild_in_deck(s);
                let n = s.court_deck.len();
                log!(
                    ev,
                    "search",
                    Some(seat),
                    "{seat} searches the Court deck ({}) for a Guild card (Guild Overseers).",
                    crate::describe::plural(n.min(255) as u8, "card", "cards")
                );
                // Only the searcher sees the deck: a look at a face-down
                // pile, an undo barrier whether or not anything is logged
                // (R-UNDO-1).
                s.disclose();
                if found.is_empty() {
                    crate::log_reveal!(ev, seat, "search", "The Court deck holds no Guild card.");
                } else {
                    let names: Vec<&str> = found.iter().map(|c| c.name()).collect();
                    crate::log_reveal!(
                        ev,
                        seat,
                        "search",
                        "The Court deck's Guild cards: {}.",
                        names.join(", ")
                    );
                }
                if found.is_empty() && guild_in_discard(s).next().is_none() {
                    s.pop();
                    shuffle_deck(s, ev);
                    log!(
                        ev,
                        "search",
                        Some(seat),
                        "{seat} finds no Guild card to take."
                    );
                } else {
                    s.set_top(
                        Effect::Search {
                            seat,
                            card,
                            deck: true,
                        }
                        .into(),
                    );
                }
            }
            (Effect::Search { seat, deck, .. }, Choice::Card(c)) => {
                s.pop();
                let from_deck = if let Some(i) = s.court_discard.iter().rposition(|x| *x == c) {
                    s.court_discard.remove(i);
                    false
                } else if let Some(i) = s.court_deck.iter().position(|x| *x == c) {
                    s.court_deck.take(i);
                    true
                } else {
                    return;
                };
                log!(
                    ev,
                    "search",
                    Some(seat),
                    "{seat} takes {c} from the Court {} (Guild Overseers).",
                    if from_deck { "deck" } else { "discard pile" }
                );
                // Gained with the card just secured: no Prelude from it in
                // this Prelude either (B-PRE-04).
                crate::cards::gain_secured_guild(s, seat, c, ev);
                if deck {
                    shuffle_deck(s, ev);
                }
            }
            // Not a legal choice here (`Game::apply` checks): the effect ends.
            _ => s.pop(),
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::Recover { guild, .. }, Choice::Court(i)) => {
                format!("Attach {} to {}", card_name(guild), d.court(i))
            }
            (Effect::Search { .. }, Choice::Yes) => format!(
                "Search the Court deck ({})",
                crate::describe::plural(d.s.court_deck.len().min(255) as u8, "card", "cards")
            ),
            (Effect::Search { .. }, Choice::Card(x)) => {
                if d.s.court_discard.contains(&x) {
                    format!("Take {} from the Court discard pile", card_name(x))
                } else {
                    format!("Take {} from the Court deck", card_name(x))
                }
            }
            _ => return None,
        })
    }
}

/// "If you searched the deck, shuffle it."
fn shuffle_deck(s: &mut GameState, ev: &mut dyn Sink) {
    s.court_deck.shuffle(&mut s.rng);
    log!(ev, "court", None, "The Court deck is shuffled.");
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_advocate_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
