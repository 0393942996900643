//! Acts II and III (campaign rules p7, p28–29; 000:L1170–L1179,
//! L1774–L1837). The next Act is a new game whose state starts as the
//! previous Act's final position (`CampaignConfig::previous`): the
//! Intermission runs as its first frames (`intermission.rs` holds the
//! steps), then the Act's setup below, then its first chapter.

use super::frame::CampaignFrame;
use super::{fates, setup};
use crate::config::ConfigError;
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{CourtSlot, GameState, Marker};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The first state of the Act after `previous` (a campaign position whose
/// Act ended): the same position with the new Act's randomness, ready to
/// run the Intermission, the Act's setup and its first chapter. The Fate
/// pool is checked by the config; `pool` holds the Fate cards the
/// Intermission's step F draws from.
pub fn continue_from(previous: &GameState, rng: ChaCha8Rng, mut pool: Vec<CardId>) -> GameState {
    let mut s = previous.clone();
    let sheet = super::PastAct::of(previous);
    s.rng = rng;
    pool.shuffle(&mut s.rng);
    s.outcome = None;
    s.stack.clear();
    s.forced_dice.clear();
    s.forced_deal = Default::default();
    s.known_discard = Default::default();
    s.pass_streak = 0;
    s.round = crate::state::RoundState::new(s.initiative);
    s.turn =
        crate::state::TurnScope::new(s.initiative, crate::state::PlayKind::Lead, ActionCard(0), 0);
    s.disclosures = Default::default();
    if let Some(c) = s.campaign_mut() {
        c.forced_event.clear();
        c.forced_number.clear();
        c.fate_offer = [[None; 2]; MAX_SEATS];
        c.summit = Default::default();
        c.events_played = 0;
        c.council.tucked = None;
        c.fate_pool = pool.iter().copied().collect();
        if let Some(p) = sheet {
            let _ = c.past.try_push(p);
        }
    }
    // Frames run last pushed first: the Intermission, the Act's setup,
    // the Fates' Setup sides, then the first chapter's draw.
    s.push(Frame::ChapterStart);
    s.push(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
    s.push(Frame::Campaign(CampaignFrame::ActSetup));
    s.push(Frame::Campaign(CampaignFrame::Intermission { step: 0 }));
    s
}

/// The Intermission's steps in order (p28–29): A to F, one frame stage
/// each; F may leave the secret Fate choice on the stack.
pub fn intermission(s: &mut GameState, step: u8, ev: &mut dyn Sink) {
    use super::intermission as i;
    if step >= 6 {
        s.pop();
        return;
    }
    s.set_top(Frame::Campaign(CampaignFrame::Intermission {
        step: step + 1,
    }));
    match step {
        0 => {
            let act = s.campaign().map_or(1, |c| c.act);
            log!(
                ev,
                "intermission",
                None,
                "The Intermission after Act {} begins.",
                super::events::roman(act)
            );
            i::resolve_fates(s, ev);
        }
        1 => i::clear_court(s, ev),
        2 => i::clear_pieces(s, ev),
        3 => {
            i::repair_and_destroy(s, ev);
            // D: the elimination fallback, in turn order (the last pushed
            // decides first).
            let out: Vec<Seat> = i::eliminated(s);
            for x in out.into_iter().rev() {
                s.push(Frame::Eliminated { seat: x });
            }
        }
        4 => i::shift_initiative_and_power(s, ev),
        _ => {
            if i::deal_fate_offers(s, ev) {
                s.push(Frame::Campaign(CampaignFrame::ChooseFate {
                    chosen: 0,
                    picks: 0,
                }));
            }
        }
    }
}

/// Act II and III setup steps 1–5 (p7): the ambition markers, the Court,
/// the Council In Session, the new Blight and (2 players) the resources on
/// the ambition boxes. Steps 6–7 are the Fates' Setup sides (the
/// `FateSetup` frame), step 8 the first chapter's draw.
pub fn act_setup(s: &mut GameState, ev: &mut dyn Sink) {
    s.pop();
    let Some(c) = s.campaign_mut() else { return };
    c.act = (c.act + 1).min(3);
    c.fate_pool.clear();
    let act = c.act;
    s.chapter = 1;
    log!(
        ev,
        "setup",
        None,
        "Act {} begins: the map, the supplies, every play area and Power stay as they are.",
        super::events::roman(act)
    );
    flip_markers(s, act);
    let (a, b) = s.markers[0].values(0);
    let flipped = if act == 2 {
        format!("the lowest ambition marker is flipped to {a}/{b}")
    } else {
        let (c2, d2) = s.markers[1].values(1);
        format!("the two lowest ambition markers are flipped to {a}/{b} and {c2}/{d2}")
    };
    deal_court(s);
    log!(
        ev,
        "setup",
        None,
        "Setup: {flipped}; the Court deck is shuffled and {} cards are dealt; the Imperial Council is In Session.",
        s.court.len() - 1
    );
    let gates = blight_empty_gates(s);
    let face = setup::roll_event(s);
    let planets = event_blight(s, face.symbol);
    let gates = match gates {
        0 => "No gate is empty of ships and Blight".to_string(),
        1 => "A damaged Blight arrives on the 1 gate empty of ships and Blight".to_string(),
        n => format!("A damaged Blight arrives on each of the {n} gates empty of ships and Blight"),
    };
    let planets = match planets {
        0 => "no planet gains Blight".to_string(),
        1 => "a damaged Blight arrives on 1 planet".to_string(),
        n => format!("a damaged Blight arrives on each of {n} planets"),
    };
    log!(
        ev,
        "setup",
        None,
        "{gates}. The event die shows the {}: {planets}.",
        super::symbol_name(face.symbol)
    );
    (super::fates::AREA_PIECES.act_setup)(s, ev);
    (super::fates::SIDED_CARDS.act_setup)(s, ev);
    if s.players == 2 {
        let clusters = two_player_boxes(s);
        log!(
            ev,
            "setup",
            None,
            "The number die picks clusters {} and {}: their planets' resources go on the ambition boxes.",
            clusters[0],
            clusters[1]
        );
    }
}

/// Step 1: the markers start on their lower-Power sides; Act II flips the
/// lowest-Power one, Act III the two lowest.
pub fn flip_markers(s: &mut GameState, act: u8) {
    let flips = if act >= 3 { 2 } else { 1 };
    for (i, m) in s.markers.iter_mut().enumerate() {
        *m = Marker {
            flipped: i < flips,
            at: None,
        };
    }
}

/// Step 2: shuffle the Court deck, deal 3 (2 players) or 4 cards right of
/// the Imperial Council, which turns to In Session.
pub fn deal_court(s: &mut GameState) {
    let council = setup::council_card();
    s.court_deck.shuffle(&mut s.rng);
    s.court.clear();
    s.court.push(CourtSlot {
        card: Some(council),
        agents: [0; MAX_OWNERS],
    });
    let n = if s.players == 2 { 3 } else { 4 };
    for _ in 0..n {
        let card = s.court_deck.draw();
        s.court.push(CourtSlot {
            card,
            agents: [0; MAX_OWNERS],
        });
    }
    if let Some(c) = s.campaign_mut() {
        c.council.decided = false;
        c.council.tucked = None;
        c.attached = [None; 6];
    }
}

/// Step 3: a damaged Blight on each gate with no Blight and no ships.
/// Returns how many were placed.
pub fn blight_empty_gates(s: &mut GameState) -> u8 {
    let mut n = 0;
    for sys in SystemId::all() {
        if sys.is_gate() && s.is_in_play(sys) && no_ships(s, sys) {
            n += super::blight::place_blight(s, sys, true) as u8;
        }
    }
    n
}

fn no_ships(s: &GameState, sys: SystemId) -> bool {
    // A Flagship is a ship (p22).
    s.sys(sys).flagships == 0
        && (0..MAX_OWNERS).all(|o| s.sys(sys).ships_of(Owner::from_index(o)).total() == 0)
}

/// Step 4: in each cluster a damaged Blight at the planet with the rolled
/// symbol if it has none; if it has Blight, one at each planet of that
/// cluster without Blight. Returns how many were placed.
pub fn event_blight(s: &mut GameState, symbol: u8) -> u8 {
    let mut n = 0;
    for cluster in 1..=6u8 {
        let planets: Vec<SystemId> = SystemId::all()
            .filter(|x| x.cluster() == cluster && !x.is_gate() && s.is_in_play(*x))
            .collect();
        let Some(rolled) = planets.iter().copied().find(|x| x.position() == symbol) else {
            continue;
        };
        let targets: Vec<SystemId> = if has_blight(s, rolled) {
            planets.into_iter().filter(|x| !has_blight(s, *x)).collect()
        } else {
            vec![rolled]
        };
        for x in targets {
            n += super::blight::place_blight(s, x, true) as u8;
        }
    }
    n
}

fn has_blight(s: &GameState, sys: SystemId) -> bool {
    s.sys(sys).ships_of(Owner::Blight).total() > 0
}

/// Step 5 (2 players): the number die picks two clusters (a repeated
/// cluster is rolled again, docs/rulings.md R-CAMP-ACT-SETUP-2P) and the
/// resources of their 6 planets go from the supply onto the ambition
/// boxes, as far as the supply allows.
pub fn two_player_boxes(s: &mut GameState) -> [u8; 2] {
    let first = setup::roll_number(s);
    let mut second = setup::roll_number(s);
    // A forced repeat in a scenario would loop for ever: give up after a
    // few rolls and take the next cluster clockwise.
    let mut tries = 0;
    while second == first && tries < 16 {
        second = setup::roll_number(s);
        tries += 1;
    }
    if second == first {
        second = first % 6 + 1;
    }
    let clusters = [first, second];
    setup::resources_to_boxes(s, &clusters);
    clusters
}

/// What keeps the Intermission's step F from drawing Fates for `act` from
/// `pool` in the position `s` (the end of the Act before): a seat that
/// completed its objective may keep its Fate, so that Fate must play
/// `act`; the pool must hold a card for each completed objective and two
/// for each failed one (p29).
pub fn fate_draw_problem(s: &GameState, pool: &[CardId], act: u8) -> Option<ConfigError> {
    let c = s.campaign()?;
    let mut need = 0;
    let keep_all = next_group_unbuilt(act.saturating_sub(1));
    for x in s.seat_ids() {
        let Some(current) = c.fates[x.index()] else {
            continue;
        };
        if keep_all || fates::objective_complete(c, x) {
            need += (!keep_all) as usize;
            if !fates::plays(current, act) {
                let roman = super::events::roman(act);
                let why = if keep_all {
                    // R-CAMP-KEEP-UNBUILT: the seat keeps its Fate because
                    // nothing else could be drawn; say that, not "completed".
                    format!(
                        "the {} Fates are not implemented yet, so {x} keeps the {}",
                        fate_group(act.saturating_sub(1)),
                        current.name()
                    )
                } else {
                    format!(
                        "{x} completed their objective and may keep the {}",
                        current.name()
                    )
                };
                return Some(ConfigError::Campaign(format!(
                    "{why}, whose Act {roman} cards are not implemented yet"
                )));
            }
        } else {
            need += 2;
        }
    }
    if let Some(f) = pool.iter().find(|f| !fates::plays(**f, act)) {
        return Some(ConfigError::NotImplemented {
            id: f.code().to_string(),
            name: format!(
                "the {} Fate's Act {} cards",
                f.name(),
                super::events::roman(act)
            ),
        });
    }
    (pool.len() < need).then_some(ConfigError::PoolTooSmall {
        what: "Fate",
        need,
        have: pool.len(),
    })
}

/// Step 7: which seats place an objective marker this Act: every seat
/// with a Fate in Act II, only the C Fates in Act III.
pub fn places_objective_marker(act: u8, fate: CardId) -> bool {
    act < 3 || fates::number(fate).is_some_and(|n| n >= 17)
}

/// Whether this build has no Fate of the group drawn after `finished_act`
/// (the B Fates before issue 23, the C Fates before issue 24): then every
/// seat keeps its Fate at step F, whatever became of its objective, so a
/// campaign with the A Fates goes on (docs/rulings.md R-CAMP-KEEP-UNBUILT).
/// Unit tests have stand-in B and C Fates and draw as the rules say.
pub fn next_group_unbuilt(finished_act: u8) -> bool {
    fates::playable(fate_group(finished_act)).is_empty()
}

/// The Fate cards step F draws from, shuffled by the caller: the B Fates
/// after Act I, the C Fates after Act II (p29).
pub fn fate_group(finished_act: u8) -> char {
    if finished_act >= 2 {
        'C'
    } else {
        'B'
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, FateSelection, PreviousAct};
    use crate::game::{Game, Pending};

    fn state(setup: &str) -> GameState {
        crate::campaign::scenario::test_state(setup)
    }

    /// A finished Act I without Fates (random play), 3 players.
    fn act_one_end(players: u8, seed: u64) -> Game {
        let c = Config::campaign_without_fates(players);
        crate::sim::play_one(&c, seed, false).expect("plays").1
    }

    fn act_two(prev: GameState, fates: FateSelection) -> Result<Game, crate::config::ConfigError> {
        let mut c = Config::campaign_without_fates(prev.players);
        c.campaign.act = 2;
        c.campaign.fates = fates;
        c.campaign.previous = Some(PreviousAct::new(prev));
        Game::new(c, 77)
    }

    #[test]
    fn r_camp_act_setup_1_flips_the_lowest_markers() {
        // p7 step 1: Act II flips the lowest-Power marker, Act III the two
        // lowest; the others start on their lower sides.
        let mut s = state("");
        s.markers[2].flipped = true;
        flip_markers(&mut s, 2);
        let flipped: Vec<bool> = s.markers.iter().map(|m| m.flipped).collect();
        assert_eq!(flipped, [true, false, false]);
        flip_markers(&mut s, 3);
        let flipped: Vec<bool> = s.markers.iter().map(|m| m.flipped).collect();
        assert_eq!(flipped, [true, true, false]);
    }

    #[test]
    fn r_camp_act_setup_3_blight_on_gates_without_blight_or_ships() {
        // 1.0 holds a ship, 2.0 holds Blight: only the other gates gain one.
        let mut s = state("system 1.0: P1 ship\nsystem 2.0: blight");
        for sys in SystemId::all().filter(|x| x.is_gate()) {
            let b = s.sys(sys).ships_of(Owner::Blight).total();
            if sys.cluster() != 2 {
                assert_eq!(b, 0, "{sys} starts without Blight");
            }
        }
        let n = blight_empty_gates(&mut s);
        assert_eq!(n, 4);
        let g1 = SystemId::all()
            .find(|x| x.is_gate() && x.cluster() == 1)
            .unwrap();
        let g3 = SystemId::all()
            .find(|x| x.is_gate() && x.cluster() == 3)
            .unwrap();
        assert_eq!(s.sys(g1).ships_of(Owner::Blight).total(), 0);
        assert_eq!(s.sys(g3).ships_of(Owner::Blight).damaged, 1);
    }

    #[test]
    fn r_camp_act_setup_4_event_blight_per_cluster() {
        // p7 step 4, symbol 2: cluster 1's planet 1.2 is clear and gains
        // one; in cluster 2 the rolled 2.2 has Blight, so every clear
        // planet of the cluster gains one (2.1 has some already).
        let mut s = state("system 2.2: blight\nsystem 2.1: blight");
        let n = event_blight(&mut s, 2);
        let at = |s: &GameState, x: &str| {
            s.sys(SystemId::parse(x).unwrap())
                .ships_of(Owner::Blight)
                .total()
        };
        assert_eq!(at(&s, "1.2"), 1);
        assert_eq!(at(&s, "1.1"), 0);
        assert_eq!(at(&s, "2.3"), 1);
        assert_eq!(at(&s, "2.1"), 1);
        assert_eq!(at(&s, "2.2"), 1);
        // Five clusters gain their rolled planet, cluster 2 its 2.3.
        assert_eq!(n, 6);
    }

    #[test]
    fn r_camp_act_setup_5_two_rolled_clusters_fill_the_boxes() {
        // A repeated cluster is rolled again (R-CAMP-ACT-SETUP-2P).
        let mut s = state("");
        s.players = 2;
        if let Some(c) = s.campaign_mut() {
            for d in [3, 3, 5] {
                c.forced_number.push(d);
            }
        }
        let before: u32 = s.supply.iter().map(|x| *x as u32).sum();
        assert_eq!(two_player_boxes(&mut s), [3, 5]);
        let boxed: u32 = s.box_resources.iter().map(|x| *x as u32).sum();
        assert_eq!(boxed, 6);
        let after: u32 = s.supply.iter().map(|x| *x as u32).sum();
        assert_eq!(before - after, 6);
    }

    #[test]
    fn r_camp_act_2_starts_from_the_end_of_act_one() {
        for players in 2..=4u8 {
            let g = act_one_end(players, 11 + players as u64);
            let end = g.state().clone();
            let g2 = act_two(end.clone(), FateSelection::None).expect("Act II starts");
            let s = g2.state();
            let c = s.campaign().unwrap();
            assert_eq!(c.act, 2);
            assert_eq!(s.chapter, 1);
            assert!(s.outcome.is_none());
            // The Council In Session and 3 or 4 fresh Court cards.
            assert!(!c.council.decided);
            assert_eq!(s.court.len(), if players == 2 { 4 } else { 5 });
            assert!(s.court.iter().skip(1).all(|x| x.agents == [0; MAX_OWNERS]));
            // Power: halved by E (rounding to lose less), nothing else.
            for x in s.seat_ids() {
                let p = end.seat(x).power;
                let want = if p > 1 { p - p / 2 } else { p };
                assert_eq!(s.seat(x).power, want, "{x}");
            }
            // The initiative went to the most Power.
            let most = end.seat_ids().map(|x| end.seat(x).power).max().unwrap();
            assert_eq!(end.seat(s.initiative).power, most);
            crate::invariants::check(s).expect("consistent");
            assert!(matches!(g2.pending(), Pending::Decision(_)));
        }
    }

    #[test]
    fn r_camp_act_config_refusals_are_plain() {
        let g = act_one_end(3, 5);
        let end = g.state().clone();
        let msg = |r: Result<Game, crate::config::ConfigError>| r.err().unwrap().to_string();
        // The Act that has not ended.
        let mut open = end.clone();
        open.outcome = None;
        assert!(msg(act_two(open, FateSelection::None)).contains("has not ended"));
        // Fates where the campaign had none.
        assert!(msg(act_two(end.clone(), FateSelection::Draw(None))).contains("without Fates"));
        // Players that differ.
        let mut c = Config::campaign_without_fates(4);
        c.campaign.act = 2;
        c.campaign.previous = Some(PreviousAct::new(end.clone()));
        assert!(Game::new(c, 1)
            .err()
            .unwrap()
            .to_string()
            .contains("3 players, not 4"));
        // Act II with no previous Act; Act IV.
        let mut c = Config::campaign_without_fates(3);
        c.campaign.act = 2;
        assert!(Game::new(c.clone(), 1)
            .err()
            .unwrap()
            .to_string()
            .contains("previous"));
        c.campaign.act = 4;
        assert!(Game::new(c, 1)
            .err()
            .unwrap()
            .to_string()
            .contains("no Act 4"));
        // A tampered position: a ship more than the game holds.
        let mut bad = end.clone();
        bad.seat_mut(Seat(0)).ships += 1;
        assert!(msg(act_two(bad, FateSelection::None)).contains("not consistent"));
    }

    /// Act I's end with test Fates: P1 completed (B Fate 9), P2 and P3
    /// failed with markers on 5 and 3; P2 holds a Favor of P3's.
    fn with_fates(players: u8) -> GameState {
        let g = act_one_end(players, 21);
        let mut s = g.state().clone();
        let card = |n: u8| CardId::parse(&format!("ARCS-FATE{n:02}")).unwrap();
        s.seat_mut(Seat(2)).agents -= 1;
        let c = s.campaign_mut().unwrap();
        c.fates[0] = Some(card(9));
        c.fates[1] = Some(card(10));
        c.fates[2] = Some(card(11));
        c.objective = [0, 5, 3, 0];
        c.favors[1][2] = 1;
        s
    }

    fn pool(ns: &[u8]) -> FateSelection {
        FateSelection::Draw(Some(ns.iter().map(|n| format!("FATE{n:02}")).collect()))
    }

    #[test]
    fn r_camp_intermission_a_and_f_with_fates() {
        let end = with_fates(3);
        let powers: Vec<i32> = end.seat_ids().map(|x| end.seat(x).power).collect();
        // 1 + 2 + 2 cards are drawn: a pool of 4 is too small.
        let err = act_two(end.clone(), pool(&[12, 13, 14, 15])).err().unwrap();
        assert!(err.to_string().contains("needs 5"), "{err}");
        let mut g = act_two(end.clone(), pool(&[12, 13, 14, 15, 16])).expect("starts");
        let s = g.state();
        let c = s.campaign().unwrap();
        // A: P1's Resolution (+1) before the halving; P2, P3 lose 5 and 3.
        let after_a = [powers[0] + 1, powers[1] - 5, powers[2] - 3];
        let most = *after_a.iter().max().unwrap();
        for (i, p) in after_a.iter().enumerate() {
            let want = if *p > 1 { p - p / 2 } else { *p };
            assert_eq!(s.seat(Seat(i as u8)).power, want, "P{}", i + 1);
        }
        assert_eq!(after_a[s.initiative.index()], most);
        // F: P1 chooses between its Fate and one drawn card; the others
        // between two drawn cards, all at once and in secret.
        assert_eq!(c.fate_offer[0][0], c.fates[0]);
        assert!(c.fate_offer[0][1].is_some());
        for x in 1..3 {
            assert!(c.fate_offer[x].iter().all(|f| f.is_some()));
            assert!(!c.fate_offer[x].contains(&c.fates[x]));
        }
        assert_eq!(g.deciding_seats().len(), 3);
        // P3's observation holds no other seat's offer.
        let observation = g.observation(Seat(2));
        let obs = observation.public_state();
        let oc = obs.campaign().unwrap();
        assert_eq!(oc.fate_offer[0], [None, None]);
        assert_eq!(oc.fate_offer[1], [None, None]);
        // Everyone takes the second card: P1 and P2 switch Fates.
        let offers = c.fate_offer;
        for x in [Seat(0), Seat(1), Seat(2)] {
            let card = offers[x.index()][1].unwrap();
            g.apply(x, crate::choice::Choice::Card(card))
                .expect("legal");
        }
        let s = g.state();
        let c = s.campaign().unwrap();
        for (x, offer) in offers.iter().enumerate().take(3) {
            assert_eq!(c.fates[x], offer[1]);
        }
        // P2's Favor (P3's agent) went home.
        assert_eq!(c.favors[1], [0; MAX_SEATS]);
        crate::invariants::check(s).expect("consistent");
        // The new Fates' objective markers are placed for Act II.
        assert_eq!(c.act, 2);
    }

    #[test]
    fn r_camp_intermission_f_the_last_answer_is_an_undo_barrier() {
        let mut g = act_two(with_fates(3), pool(&[12, 13, 14, 15, 16])).expect("starts");
        let offers = g.state().campaign().unwrap().fate_offer;
        for x in [Seat(0), Seat(1)] {
            g.apply(
                x,
                crate::choice::Choice::Card(offers[x.index()][0].unwrap()),
            )
            .unwrap();
        }
        let last = Seat(2);
        g.apply(last, crate::choice::Choice::Card(offers[2][0].unwrap()))
            .unwrap();
        assert_eq!(g.undoable(last), 0);
    }

    /// FS-39/40 (R-CAMP-FLAGSHIP-RESETTLE): at a C Fate's setup a seat
    /// with a Flagship may Resettle: the board's pieces go home, the
    /// Flagship becomes a fresh ship, a city and a starport go into empty
    /// slots, and Loyal ships are topped up to 8 on the map; a seat that
    /// declines keeps its Flagship.
    #[test]
    fn r_camp_flagship_resettle_at_c_fate_setup() {
        use crate::campaign::flagship::{self, BoardSlot, Upgrade};
        use crate::choice::Choice;
        use crate::state::BuildingKind;
        let mut end = with_fates(3);
        if let Some(o) = end.outcome.as_deref_mut() {
            if let Some(a) = o.act.as_mut() {
                a.act = 2;
            }
        }
        end.campaign_mut().unwrap().act = 2;
        let mut ev = crate::event::NoEvents;
        for x in [Seat(0), Seat(1)] {
            let at = flagship::placement_targets(&end, x)[0];
            flagship::gain(&mut end, x, at, &mut ev);
        }
        let hull = BoardSlot {
            upgrade: Upgrade::Hull,
            armor: false,
        };
        flagship::place(&mut end, Seat(0), hull, BuildingKind::City, &mut ev);
        let mut c = Config::campaign_without_fates(3);
        c.campaign.act = 3;
        c.campaign.fates = pool(&[17, 18, 19, 20, 21]);
        c.campaign.previous = Some(PreviousAct::new(end));
        let mut g = Game::new(c, 77).expect("Act III starts");
        let offers = g.state().campaign().unwrap().fate_offer;
        for x in [Seat(0), Seat(1), Seat(2)] {
            let card = offers[x.index()][1].unwrap();
            g.apply(x, Choice::Card(card)).expect("legal");
        }
        // The C Fates' setups, in turn order: each Flagship seat is asked.
        let mut asked = 0;
        while asked < 2 {
            let seat = g.deciding_seats()[0];
            let d = g.decision_for(seat).unwrap();
            if d.choices.as_slice() == [Choice::Yes, Choice::No] && g.state().has_flagship(seat) {
                asked += 1;
                if seat == Seat(0) {
                    let cities = g.state().seat(seat).cities;
                    let at = g.state().flagship_at(seat).unwrap();
                    let ships = g.state().sys(at).ships_of(seat.owner()).fresh;
                    g.apply(seat, Choice::Yes).unwrap();
                    let s = g.state();
                    assert!(!s.has_flagship(seat));
                    assert_eq!(s.sys(at).ships_of(seat.owner()).fresh, ships + 1);
                    assert_eq!(s.seat(seat).cities, cities + 1, "the Hull's city is home");
                    // Step 2: a city and a starport, then ships up to 8.
                    let mut placed = 0;
                    while g.deciding_seats() == [seat] {
                        let d = g.decision_for(seat).unwrap();
                        let c = d.choices[0];
                        if !matches!(
                            c,
                            Choice::Build { .. } | Choice::Piece { .. } | Choice::System(_)
                        ) {
                            break;
                        }
                        placed += 1;
                        g.apply(seat, c).unwrap();
                    }
                    let s = g.state();
                    let on_map: u32 = s
                        .systems_in_play()
                        .map(|x| s.sys(x).ships_of(seat.owner()).total() as u32)
                        .sum();
                    assert!(on_map >= 8 || s.seat(seat).ships == 0, "{on_map} ships");
                    assert!(placed >= 2);
                    assert!(s.board.buildings(seat.owner()) != 0);
                } else {
                    g.apply(seat, Choice::No).unwrap();
                    assert!(g.state().has_flagship(seat), "FS-40: it stays");
                }
                crate::invariants::check(g.state()).expect("consistent");
                continue;
            }
            break;
        }
        assert_eq!(asked, 2);
        assert_eq!(g.state().campaign().unwrap().act, 3);
    }

    #[test]
    fn r_camp_act_3_places_objective_markers_for_c_fates_only() {
        assert!(places_objective_marker(
            2,
            CardId::parse("ARCS-FATE01").unwrap()
        ));
        assert!(!places_objective_marker(
            3,
            CardId::parse("ARCS-FATE09").unwrap()
        ));
        assert!(places_objective_marker(
            3,
            CardId::parse("ARCS-FATE17").unwrap()
        ));
    }

    #[test]
    fn a_whole_campaign_without_fates_names_a_winner_only_after_act_three() {
        let c = Config::campaign_without_fates(3);
        let (_, g, acts) = crate::sim::play_campaign(&c, 3, true, 3).expect("plays");
        assert_eq!(acts, 3);
        let o = g.state().outcome.as_deref().unwrap();
        assert!(o.winner.is_some());
        assert_eq!(o.act.as_ref().unwrap().act, 3);
        assert_eq!(g.state().chapter, 4);
    }

    #[test]
    fn a_continued_act_config_reads_back_through_json_values() {
        // The protocol reads configs through `serde_json::Value`: the
        // stored position must survive it exactly.
        let g = act_one_end(2, 8);
        let mut c = Config::campaign_without_fates(2);
        c.campaign.act = 2;
        c.campaign.previous = Some(PreviousAct::new(g.state().clone()));
        let v = serde_json::to_value(&c).expect("serializes");
        let back: Config = serde_json::from_value(v).expect("reads back");
        assert_eq!(back, c);
        let text = serde_json::to_string(&c).unwrap();
        let back: Config = serde_json::from_str(&text).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn a_tampered_previous_act_is_refused_or_played_never_a_panic() {
        // Every parser is total: numbers of the stored position changed
        // one at a time (out of range, zero) give an error or a game.
        let g = act_one_end(3, 4);
        let mut c = Config::campaign_without_fates(3);
        c.campaign.act = 2;
        c.campaign.previous = Some(PreviousAct::new(g.state().clone()));
        let text = serde_json::to_string(&c).unwrap();
        let digits: Vec<usize> = text
            .char_indices()
            .filter(|(i, ch)| {
                ch.is_ascii_digit() && !text[..*i].ends_with(|p: char| p.is_ascii_digit())
            })
            .map(|(i, _)| i)
            .collect();
        let mut refused = 0;
        for (k, &i) in digits.iter().enumerate() {
            let end = text[i..]
                .find(|ch: char| !ch.is_ascii_digit())
                .map_or(text.len(), |e| i + e);
            let with = ["255", "0", "3"][k % 3];
            let bad = format!("{}{with}{}", &text[..i], &text[end..]);
            let Ok(cfg) = serde_json::from_str::<Config>(&bad) else {
                refused += 1;
                continue;
            };
            if Game::new(cfg, 1).is_err() {
                refused += 1;
            }
        }
        assert!(refused > 0);
    }
}
