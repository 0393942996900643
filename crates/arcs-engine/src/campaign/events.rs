//! Event cards and the round's event (campaign rules p12–13), the Fate
//! choice and the Fates' setup (p6), and the Act's end (p8).

use super::frame::{AfterSummit, CampaignFrame};
use super::{fates, EventIcon};
use crate::choice::Choice;
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// Event cards shuffled into the action deck: 2 with 2–3 players, 3 with 4
/// (p4 step E).
pub fn events_in_deck(players: u8) -> u8 {
    if players == 4 {
        3
    } else {
        2
    }
}

/// Whether a seat's Event card gives it actions: not if a Rival played an
/// Event card or secured the Imperial Council earlier this round (p12).
/// Its own earlier Event does not block it (docs/rulings.md R-CAMP-EVT).
pub fn event_gives_actions(s: &GameState, seat: Seat) -> bool {
    let Some(c) = s.campaign() else { return false };
    let rivals_played = c.events_played & !(1 << seat.0) != 0;
    let council = c.council.tucked.is_some_and(|x| x != seat);
    !rivals_played && !council
}

/// The lowest Event card in a hand.
pub fn event_in_hand(hand: CardSet) -> Option<ActionCard> {
    let bits = hand.0 >> ActionCard::COUNT;
    (bits != 0).then(|| ActionCard(ActionCard::COUNT as u8 + bits.trailing_zeros() as u8))
}

/// Step B: `seat` chooses its Fate. When the last seat has chosen, all are
/// revealed at once.
pub fn choose_fate(
    s: &mut GameState,
    seat: Seat,
    chosen: u8,
    picks: u8,
    choice: Choice,
    ev: &mut dyn Sink,
) {
    let Choice::Card(card) = choice else { return };
    let Some(c) = s.campaign() else { return };
    let second = c.fate_offer[seat.index()][1] == Some(card);
    let chosen = chosen | 1 << seat.0;
    let picks = picks | (second as u8) << seat.0;
    log!(ev, "fate", Some(seat), "{seat} has chosen a Fate.");
    crate::log_own!(ev, seat, "fate", "You chose {}.", card.name());
    let all = (1u8 << s.players) - 1;
    if chosen != all {
        s.set_top(Frame::Campaign(CampaignFrame::ChooseFate { chosen, picks }));
        return;
    }
    s.pop();
    // The last answer of a secret choice all seats take at once shows
    // everyone every answer: an undo barrier (R-UNDO-1, issue 18 item 1).
    s.disclose();
    let order: Vec<Seat> = s.turn_order().collect();
    for x in order {
        let Some(c) = s.campaign_mut() else { return };
        let k = (picks >> x.0) & 1;
        let new = c.fate_offer[x.index()][k as usize];
        c.fate_offer[x.index()] = [None; 2];
        let old = c.fates[x.index()];
        match (old, new) {
            // The Intermission's step F: a new Fate replaces the old one.
            (Some(o), Some(n)) if o != n => super::intermission::switch_fate(s, x, n, ev),
            _ => c.fates[x.index()] = new.or(old),
        }
    }
    let Some(c) = s.campaign() else { return };
    let players = s.players;
    let names: Vec<String> = Seat::all(players)
        .map(|x| {
            format!(
                "{x} is the {}",
                fates::fate_name(c, x).unwrap_or("(no Fate)")
            )
        })
        .collect();
    log!(
        ev,
        "fate",
        None,
        "The Fates are revealed: {}.",
        names.join(", ")
    );
}

/// Step C–F: each Fate's Setup side in turn order, the objective markers,
/// the titles (every player a Regent) and the First Regent tile.
pub fn fate_setup(s: &mut GameState, idx: u8, ev: &mut dyn Sink) {
    if idx >= s.players {
        s.pop();
        // Step F: the initiative holder takes the First Regent tile if no
        // Fate's setup gave it to someone.
        // In Acts II and III the tile stays where the last Act left it.
        let holder = s.initiative;
        if let Some(c) = s.campaign_mut() {
            if c.first_regent.is_none() && c.act == 1 {
                c.first_regent = Some(holder);
                log!(
                    ev,
                    "setup",
                    Some(holder),
                    "{holder} takes the First Regent tile."
                );
            }
        }
        return;
    }
    s.set_top(Frame::Campaign(CampaignFrame::FateSetup { idx: idx + 1 }));
    let seat = s.initiative.clockwise(idx, s.players);
    let act = s.campaign().map_or(1, |c| c.act);
    if act >= 2 {
        // Acts II and III, step 6: after its Fate's setup, each player may
        // rearrange their resource tokens (p7). Pushed first, so it comes
        // after whatever the Fate's setup asks; with one way to lay them
        // out, it passes by itself (docs/rulings.md R-CAMP-ACT-SETUP-RESOURCES).
        s.push(Frame::Arrange {
            seat,
            incoming: None,
        });
    }
    let fate = s.campaign().and_then(|c| c.fates[seat.index()]);
    if let Some(f) = fate {
        // Step 7 (Acts II, III: p7): in Act III only the C Fates.
        let marker = super::next_act::places_objective_marker(act, f);
        if marker {
            fates::place_objective_marker(s, seat);
        }
        if let Some(setup) = fates::def(f).and_then(|d| d.setup[(act - 1) as usize]) {
            setup(s, seat, ev);
        }
        let at = s.campaign().map_or(0, |c| c.objective[seat.index()]);
        if marker || act < 3 {
            log!(
                ev,
                "setup",
                Some(seat),
                "{seat} sets up as the {} (objective marker on {at}).",
                f.name()
            );
        } else {
            // An A or B Fate's Act III card has grand ambitions, no clock
            // (p9).
            log!(
                ev,
                "setup",
                Some(seat),
                "{seat} sets up as the {}: two grand ambitions, scored with the declared ones.",
                f.name()
            );
        }
    }
}

/// After the initiative check at a round's end (p13, p14): the Council if
/// it was secured, else the event of an Event card played this round.
pub fn round_event(s: &mut GameState, ev: &mut dyn Sink) {
    s.pop();
    let holder = s.initiative;
    let Some(c) = s.campaign_mut() else { return };
    let played = std::mem::take(&mut c.events_played);
    if let Some(seat) = c.council.tucked.take() {
        // p14: the Council returns to the Court Decided; its securer
        // resolves it instead of any Event card.
        log!(
            ev,
            "council",
            Some(seat),
            "The Imperial Council returns to the Court, Decided; {seat} resolves it{}.",
            if played != 0 {
                " (the Event cards played this round do not resolve)"
            } else {
                ""
            }
        );
        s.push(Frame::Campaign(CampaignFrame::CallSummit {
            seat,
            then: AfterSummit::Council,
        }));
    } else if played != 0 {
        log!(
            ev,
            "event",
            Some(holder),
            "Event cards were played this round: {holder} resolves the event."
        );
        s.push(Frame::Campaign(CampaignFrame::CallSummit {
            seat: holder,
            then: AfterSummit::RollEvent,
        }));
    }
}

/// What follows the Summit (called or not): the event roll, or the
/// Council's steps.
pub fn after_summit(s: &mut GameState, seat: Seat, then: AfterSummit, ev: &mut dyn Sink) {
    match then {
        AfterSummit::Council => {
            s.push(Frame::Campaign(CampaignFrame::CouncilSteps { seat }));
        }
        AfterSummit::RollEvent => {
            // Pushed now, it runs after the Summit (pushed above it).
            s.push(Frame::Campaign(CampaignFrame::EventRoll { seat }));
        }
    }
    let _ = ev;
}

/// p13: roll the event and number dice and resolve what the event die
/// shows.
pub fn event_roll(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.pop();
    let face = super::setup::roll_event(s);
    let n = super::setup::roll_number(s);
    log!(
        ev,
        "event",
        Some(seat),
        "{seat} rolls the event dice: {} ({}) and cluster {n}.",
        match face.icon {
            EventIcon::Crisis => "Crisis",
            EventIcon::Edict => "Edict",
        },
        face.symbol_name()
    );
    match face.icon {
        EventIcon::Crisis => super::crises::begin(s, true),
        EventIcon::Edict => super::edicts::begin(s),
    }
}

/// After the Act's last chapter (p8): the Act ends. Its report: Power and
/// each objective met or failed. Acts I and II name no winner — the
/// campaign goes on (000:L1186); after Act III the most Power wins, ties
/// going to A Fates over B over C, then turn order (p8; docs/rulings.md
/// R-CAMP-ACT-END).
pub fn act_end(s: &mut GameState, ev: &mut dyn Sink) {
    let Some(c) = s.campaign() else {
        s.pop();
        return;
    };
    let act = c.act;
    let report = act_report(s);
    let lines: Vec<String> = Seat::all(s.players)
        .map(|x| {
            let objective =
                c.fates[x.index()].filter(|f| super::next_act::places_objective_marker(c.act, *f));
            let obj = match fates::fate_name(c, x) {
                None => String::new(),
                Some(name) if objective.is_none() => format!(" ({name})"),
                Some(name) if fates::objective_complete(c, x) => {
                    format!(" ({name}: objective complete)")
                }
                Some(name) => format!(
                    " ({name}: objective failed, marker on {})",
                    c.objective[x.index()]
                ),
            };
            format!("{x} {} Power{obj}", s.seat(x).power)
        })
        .collect();
    log!(
        ev,
        "act",
        None,
        "Act {} ends: {}.",
        roman(act),
        lines.join("; ")
    );
    if act < 3 {
        let ranking = crate::flow::rank_seats(s, |_| 0);
        log!(
            ev,
            "gameover",
            None,
            "No winner is named at the end of Act {}: Power carries over and the campaign goes on.",
            roman(act)
        );
        crate::flow::record_outcome(
            s,
            ranking,
            None,
            format!("Act {} ended", roman(act)),
            Some(report),
        );
        return;
    }
    campaign_won_on_power(s, ev, report);
}

/// The Act's report: each seat's Power, Fate and objective (p8).
fn act_report(s: &GameState) -> crate::state::ActReport {
    let c = s.campaign().expect("a campaign state");
    crate::state::ActReport {
        act: c.act,
        seats: Seat::all(s.players)
            .map(|x| {
                let fate = c.fates[x.index()];
                // Act III: only C Fates have an objective (p7 step 7).
                let objective =
                    fate.filter(|f| super::next_act::places_objective_marker(c.act, *f));
                crate::state::ActSeat {
                    power: s.seat(x).power,
                    fate,
                    objective_met: objective.map(|_| fates::objective_complete(c, x)),
                    marker: c.objective[x.index()],
                }
            })
            .collect(),
    }
}

/// A C Fate's final objective wins the campaign at once (p9): the campaign
/// ends, `winner` named, the rest ranked by Power as after Act III.
pub fn campaign_won(s: &mut GameState, winner: Seat, why: &str, ev: &mut dyn Sink) {
    if s.campaign().is_none() {
        return;
    }
    let report = act_report(s);
    let mut ranking = fate_ranking(s);
    ranking.retain(|x| *x != winner);
    ranking.insert(0, winner);
    let power = s.seat(winner).power;
    end_campaign(
        s,
        ranking,
        format!("The campaign ends: {winner} completes their final objective and wins with {power} Power."),
        format!("{why} in Act III"),
        report,
        ev,
    );
}

/// Ends the campaign with `ranking[0]` as its winner (p8, p9).
fn end_campaign(
    s: &mut GameState,
    ranking: Vec<Seat>,
    text: String,
    reason: String,
    report: crate::state::ActReport,
    ev: &mut dyn Sink,
) {
    let winner = ranking[0];
    log!(ev, "gameover", Some(winner), "{text}");
    crate::flow::record_outcome(s, ranking, Some(winner), reason, Some(report));
    fate_tiebreak_texts(s);
}

/// Seats by Power; ties: A Fates over B over C, then turn order (p8).
fn fate_ranking(s: &GameState) -> Vec<Seat> {
    let fates_now = s.campaign().map(|c| c.fates).unwrap_or_default();
    let letter = |x: Seat| {
        fates_now[x.index()]
            .and_then(fates::number)
            .map_or(3, |n| (n - 1) / 8)
    };
    crate::flow::rank_seats(s, letter)
}

/// After Act III: the most Power wins the campaign (p8).
fn campaign_won_on_power(s: &mut GameState, ev: &mut dyn Sink, report: crate::state::ActReport) {
    let ranking = fate_ranking(s);
    let winner = ranking[0];
    let power = s.seat(winner).power;
    end_campaign(
        s,
        ranking,
        format!("The campaign ends. {winner} wins with {power} Power."),
        "the campaign ended after Act III".into(),
        report,
        ev,
    );
}

/// The campaign's tie-break in words (p8): A Fates before B before C, then
/// turn order.
fn fate_tiebreak_texts(s: &mut GameState) {
    let Some(o) = s.outcome.as_mut() else { return };
    for t in o.tiebreaks.iter_mut() {
        let order: Vec<String> = t.seats.iter().map(|x| x.to_string()).collect();
        t.text = format!(
            "tied at {} Power, they rank A Fates before B Fates before C Fates, then in \
             turn order from the initiative holder ({}): {}",
            t.power,
            t.initiative,
            order.join(", ")
        );
    }
}

pub fn roman(act: u8) -> &'static str {
    match act {
        1 => "I",
        2 => "II",
        _ => "III",
    }
}
