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
        // An Act of the campaign has no winner: its Power and the
        // objective met or failed carry on (campaign p8).
        if s.campaign.is_some() {
            return p + objective(s, seat);
        }
        return if o.winner == Some(seat) {
            p + 1000.0
        } else {
            p
        };
    }
    let st = s.seat(seat);
    let mut v = st.power as f64 + objective(s, seat) + grand_ambitions(s, seat);
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

/// Value of one space of objective progress, and of a completed
/// objective (its marker at 0), in rough Power units.
const OBJECTIVE_STEP: f64 = 1.0;
const OBJECTIVE_DONE: f64 = 8.0;

/// The campaign objective of `seat`'s Fate (campaign p8): its marker moves
/// down the Power track toward 0, where the objective is complete. Only
/// changes matter to a choice, so the marker's start space need not be
/// known. 0 outside the campaign or before the Fate is chosen.
pub fn objective(s: &GameState, seat: Seat) -> f64 {
    let Some(c) = s.campaign() else {
        return 0.0;
    };
    if c.fates[seat.index()].is_none() {
        return 0.0;
    }
    match c.objective[seat.index()] {
        0 => OBJECTIVE_DONE,
        m => -OBJECTIVE_STEP * m as f64,
    }
}

/// Act III: the Power this chapter's scoring would pay `seat` for the grand
/// ambitions it fulfils now (campaign p9, the chapter track), discounted as
/// the declared ambitions are: they may still change before scoring.
pub fn grand_ambitions(s: &GameState, seat: Seat) -> f64 {
    let n = arcs_engine::campaign::grand::fulfilled(s, seat);
    if n == 0 {
        return 0.0;
    }
    0.85 * arcs_engine::campaign::grand::power_for(s.chapter, n) as f64
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
        if s.campaign.is_none() {
            return if o.winner == Some(seat) { 1.0 } else { 0.0 };
        }
    }
    1.0 / (1.0 + (-relative(s, seat) / 6.0).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arcs_engine::config::{Config, FateSelection};
    use arcs_engine::Game;

    fn campaign() -> GameState {
        let mut c = Config::campaign(2);
        c.campaign.fates = FateSelection::Fixed(vec!["Admiral".into(), "Founder".into()]);
        Game::new(c, 7).unwrap().state().clone()
    }

    /// Act III: the heuristic weighs the grand ambitions its Fate fulfils
    /// (the Partisan's: hold the initiative, more Guild cards than each
    /// Rival), as the chapter's scoring would pay them.
    #[test]
    fn grand_ambitions_are_weighed_in_act_three() {
        // An Act I position made Act III with P1 the Partisan.
        let mut s = campaign();
        {
            let c = s.campaign.as_mut().unwrap();
            c.act = 3;
            c.fates[0] = arcs_engine::CardId::parse("ARCS-FATE06");
        }
        let me = Seat(0);
        let (mut with, mut without) = (s.clone(), s.clone());
        with.initiative = me;
        without.initiative = Seat(1);
        let n = arcs_engine::campaign::grand::fulfilled(&with, me);
        assert!(n >= 1, "holding the initiative fulfils one");
        assert!(grand_ambitions(&with, me) > grand_ambitions(&without, me));
        // More than the initiative's own small bonus.
        assert!(score(&with, me) - score(&without, me) > 0.4 + 1.0);
        s.campaign.as_mut().unwrap().act = 1;
        assert_eq!(
            grand_ambitions(&s, me),
            0.0,
            "no grand ambitions before Act III"
        );
    }

    /// C-ACT-03: the heuristic knows its objective: moving the marker
    /// toward 0 scores better, completing it better still, and a Rival's
    /// progress counts against it.
    #[test]
    fn objective_progress_scores() {
        let s = campaign();
        let (me, rival) = (Seat(0), Seat(1));
        let start = s.campaign.as_ref().unwrap().objective[0];
        assert!(start > 1, "the marker starts up the track");
        let with = |m: u8, seat: Seat| {
            let mut t = s.clone();
            t.campaign.as_mut().unwrap().objective[seat.index()] = m;
            t
        };
        assert!(score(&with(start - 1, me), me) > score(&s, me));
        assert!(score(&with(0, me), me) > score(&with(1, me), me) + OBJECTIVE_STEP);
        assert!(relative(&with(start - 1, rival), me) < relative(&s, me));
        // Outside the campaign nothing changes.
        assert_eq!(
            objective(&Game::new(Config::base(2), 7).unwrap().state().clone(), me),
            0.0
        );
    }
}
