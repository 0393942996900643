//! A static evaluation of a position for one seat: Power, this chapter's
//! likely ambition payouts, and the material that wins later ones
//! (cities, ships, resources, Guild cards, Court influence, Trophies and
//! Captives), minus Outrage. Used by the heuristic agent and to score
//! search rollouts.

use arcs_engine::flow::rank;
use arcs_engine::ids::*;
use arcs_engine::state::{BuildingKind, GameState};

/// Absolute strength of `seat` (in rough Power units).
pub fn score(s: &GameState, seat: Seat) -> f64 {
    if let Some(o) = &s.outcome {
        let p = o.power.get(seat.index()).copied().unwrap_or(0) as f64;
        return if o.winner == seat { p + 1000.0 } else { p };
    }
    let st = s.seat(seat);
    let mut v = st.power as f64;
    // This chapter's declared ambitions, as they stand.
    for a in Ambition::ALL {
        let markers: Vec<usize> = (0..3).filter(|&i| s.markers[i].at == Some(a)).collect();
        if markers.is_empty() {
            continue;
        }
        let first: i32 = markers.iter().map(|&i| s.markers[i].values(i).0).sum();
        let second: i32 = markers.iter().map(|&i| s.markers[i].values(i).1).sum();
        let (f, seconds) = rank(s, a);
        if f == Some(Some(seat)) {
            v += 0.85 * first as f64;
        } else if seconds.contains(&Some(seat)) {
            v += 0.85 * second as f64;
        }
    }
    for a in Ambition::ALL {
        v += 0.12 * arcs_engine::flow::ambition_count(s, seat, a).min(6) as f64;
    }
    v += 0.45 * st.resource_count() as f64;
    v += 0.7 * st.guild().len() as f64;
    v += 1.2 * (5 - st.cities - st.scrapped[2]).min(5) as f64;
    v += 0.35 * st.captive_total() as f64 + 0.35 * st.trophy_total() as f64;
    v -= 0.8 * st.outrage.count_ones() as f64;
    v += 0.35 * st.hand.len() as f64;
    if s.initiative == seat {
        v += 0.4;
    }
    let o = seat.owner();
    for sys in s.systems_in_play() {
        let x = s.sys(sys);
        let sh = x.ships_of(o);
        v += 0.3 * sh.fresh as f64 + 0.15 * sh.damaged as f64;
        let mut ours = 0;
        for (_, b) in x.buildings_of(o) {
            ours += 1;
            if b.kind == BuildingKind::Starport {
                v += 0.8;
            }
            if b.damaged {
                v -= 0.3;
            }
        }
        if s.controls(seat, sys) {
            v += 0.15 + 0.25 * ours as f64;
        }
    }
    for c in &s.court {
        if c.card.is_none() {
            continue;
        }
        let mine = c.agents[seat.index()];
        if mine > c.most_of_others(seat) {
            v += 0.6;
        }
        v += 0.1 * mine as f64;
    }
    v
}

/// How `seat` stands against its strongest Rival.
pub fn relative(s: &GameState, seat: Seat) -> f64 {
    let mine = score(s, seat);
    let others: Vec<f64> = s
        .seat_ids()
        .filter(|x| *x != seat)
        .map(|x| score(s, x))
        .collect();
    let best = others.iter().cloned().fold(f64::MIN, f64::max);
    let mean = others.iter().sum::<f64>() / others.len().max(1) as f64;
    mine - 0.7 * best - 0.3 * mean
}

/// A reward in 0..1 for search: the relative standing squashed.
pub fn reward(s: &GameState, seat: Seat) -> f64 {
    if let Some(o) = &s.outcome {
        return if o.winner == seat { 1.0 } else { 0.0 };
    }
    1.0 / (1.0 + (-relative(s, seat) / 6.0).exp())
}
