//! The structured view and event data for UIs (issue 12 items 4, 6, 7):
//! ambition standings, chapter scoring breakdowns, Power per chapter, the
//! round counter, the order of plays, the systems and dice of events and
//! the tiebreaks of the outcome. Known positions (the rulebook's scoring
//! examples) give exact values; random games check that the data agrees
//! with what the engine does, is the same for every viewer (public) and
//! survives JSON.

use arcs_engine::event::Event;
use arcs_engine::flow::Frame;
use arcs_engine::scenario::Scenario;
use arcs_engine::scoring::{AmbitionResult, ChapterScoring, Placing, RuleKind, TieFor};
use arcs_engine::{Ambition, Choice, Config, Game, Pending, Seat, SystemId, View};
use rand::{Rng, SeedableRng};

/// Builds a scenario's position and applies its `do` lines' choices given
/// here as `(seat, choice text)`.
fn scenario(setup: &str) -> Game {
    Scenario::parse(setup).unwrap().build().unwrap()
}

fn apply(g: &mut Game, seat: u8, choice: &str) -> Vec<Event> {
    let c: Choice = choice.parse().unwrap();
    g.apply(Seat(seat - 1), c)
        .unwrap_or_else(|e| panic!("{choice}: {e}"))
        .to_vec()
}

fn standing(v: &View, a: Ambition) -> &AmbitionResult {
    v.ambitions.iter().find(|r| r.ambition == a).unwrap()
}

fn seat_place(p: &Placing) -> (Option<u8>, u8, i32, i32) {
    (p.seat.map(|s| s.0 + 1), p.place, p.power, p.city_bonus)
}

fn roundtrip<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
    x: &T,
) {
    let json = serde_json::to_string(x).unwrap();
    let back: T = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, x, "{json}");
}

// ------------------------------------------------------------ standings

/// EX-11 (000:L616): Tycoon 7/3, P1 (2 Guild icons) and P2 (2 tokens) tie
/// for first: both take second (3), no city bonus, P3 does not qualify.
const EX11: &str = "players 3\ninitiative P1\ndeclare tycoon warlord tycoon\n\
                    system 3.1: P1 ship\nP1 cities 1\nP1 guild BC09 BC02\n\
                    P2 resources material material\nP1 hand MOB6\n";

#[test]
fn ex11_tie_for_first_standing_and_breakdown() {
    let mut g = scenario(EX11);
    let v = g.view(None);
    let t = standing(&v, Ambition::Tycoon);
    assert_eq!(t.counts, vec![2, 2, 0]);
    assert_eq!(t.phantom, None);
    assert_eq!((t.first_value, t.second_value), (7, 3));
    let markers: Vec<(u8, i32, i32)> = t
        .markers
        .iter()
        .map(|m| (m.index, m.first, m.second))
        .collect();
    assert_eq!(markers, vec![(0, 2, 0), (2, 5, 3)]);
    let places: Vec<_> = t.places.iter().map(seat_place).collect();
    assert_eq!(places, vec![(Some(1), 2, 3, 0), (Some(2), 2, 3, 0)]);
    let tie = t.tie.as_ref().unwrap();
    assert_eq!((tie.place, tie.count), (TieFor::First, 2));
    assert_eq!(tie.seats, vec![Seat(0), Seat(1)]);
    // Warlord has a marker and nobody qualifies (EX-12).
    let w = standing(&v, Ambition::Warlord);
    assert_eq!(w.counts, vec![0, 0, 0]);
    assert!(w.places.is_empty() && w.tie.is_none());
    assert_eq!((w.first_value, w.second_value), (3, 2));
    // Undeclared: no markers, ranked but worth nothing.
    let k = standing(&v, Ambition::Keeper);
    assert!(k.markers.is_empty());
    // P1 has 1 city on the board: a sole first would add 2.
    assert_eq!(v.seats[0].city_bonus, 2);

    apply(&mut g, 1, "lead MOB6");
    let events = apply(&mut g, 1, "end");
    assert_eq!(g.state().chapter, 2);
    let scored: Vec<&Event> = events.iter().filter(|e| e.tag == "scored").collect();
    assert_eq!(scored.len(), 1);
    let v = g.view(Some(Seat(1)));
    assert_eq!(v.scoring.len(), 1);
    let sc = &v.scoring[0];
    assert_eq!(sc.chapter, 1);
    assert_eq!(
        sc.ambitions.iter().map(|a| a.ambition).collect::<Vec<_>>(),
        vec![Ambition::Tycoon, Ambition::Warlord]
    );
    assert_eq!(sc.ambitions[0].places, t.places);
    assert_eq!(sc.gained, vec![3, 3, 0]);
    assert_eq!(sc.power, vec![3, 3, 0]);
    assert_eq!(v.power_by_chapter, vec![vec![3, 3, 0]]);
    // The breakdown is in `scoring`, not repeated in the view's log.
    let logged = v.log.iter().find(|e| e.tag == "scored").unwrap();
    assert!(logged.scoring.is_none());
    assert_eq!(
        logged.text,
        "Chapter 1 scored: P1 +3 (now 3), P2 +3 (now 3), P3 +0 (now 0)."
    );
    assert!(scored[0].scoring.is_some());
    roundtrip(sc);
    roundtrip(scored[0]);
    roundtrip(&v);
}

/// DT-21 (000:L614): two markers on Tycoon; the sole winner with both
/// bonus slots uncovered gains the sum of firsts + 5, once.
#[test]
fn dt21_city_bonus_once_per_ambition() {
    let mut g = scenario(
        "players 3\ninitiative P1\ndeclare tycoon tycoon\nsystem 3.1: P1 ship\n\
         P1 cities 0\nP1 resources material fuel\nP2 resources material\nP1 hand MOB6\n",
    );
    let v = g.view(Some(Seat(0)));
    assert_eq!(v.seats[0].city_bonus, 5);
    let t = standing(&v, Ambition::Tycoon);
    assert_eq!(t.counts, vec![2, 1, 0]);
    assert_eq!((t.first_value, t.second_value), (8, 5));
    let places: Vec<_> = t.places.iter().map(seat_place).collect();
    assert_eq!(places, vec![(Some(1), 1, 13, 5), (Some(2), 2, 5, 0)]);
    assert!(t.tie.is_none());
    apply(&mut g, 1, "lead MOB6");
    apply(&mut g, 1, "end");
    let v = g.view(None);
    assert_eq!(v.scoring[0].ambitions[0].places, t.places);
    assert_eq!(v.scoring[0].gained, vec![13, 5, 0]);
    assert_eq!(v.power_by_chapter, vec![vec![13, 5, 0]]);
}

/// B-SCORE-05 / DT-20: a tie for second places nobody second.
#[test]
fn tie_for_second_places_nobody() {
    let g = scenario(
        "players 3\ninitiative P1\ndeclare warlord\nsystem 3.1: P1 ship\n\
         system 2.0: P2 ship\nsystem 4.0: P3 ship\nP1 cities 1\n\
         P1 trophies: P2 3 ships\nP2 trophies: P3 2 ships\nP3 trophies: P2 ship, P1 agent\n\
         P1 hand ADM3\nP2 hand ADM4\nP3 hand ADM5\n",
    );
    let v = g.view(Some(Seat(2)));
    let w = standing(&v, Ambition::Warlord);
    assert_eq!(w.counts, vec![3, 2, 2]);
    let places: Vec<_> = w.places.iter().map(seat_place).collect();
    // First 3 + city bonus 2; nobody second.
    assert_eq!(places, vec![(Some(1), 1, w.first_value + 2, 2)]);
    let tie = w.tie.as_ref().unwrap();
    assert_eq!((tie.place, tie.count), (TieFor::Second, 2));
    assert_eq!(tie.seats, vec![Seat(1), Seat(2)]);
}

/// B-SCORE-08 / AMB-59: with 2 players the ambition boxes' tokens are a
/// phantom player that places (and ties) but never gains.
#[test]
fn two_player_phantom_places_and_never_gains() {
    let mut g = Game::new(Config::base(2), 3).unwrap();
    // Put 3 Relics and 1 Psionic in the boxes, give P1 2 Relics.
    {
        let s = g.state_mut_for_tests();
        s.box_resources = [0, 0, 0, 3, 1];
        s.markers[0].at = Some(Ambition::Keeper);
        s.markers[1].at = Some(Ambition::Empath);
        s.seats[0].resources = [None; 7];
        s.seats[1].resources = [None; 7];
        s.seats[0].resources[0] = Some(arcs_engine::Resource::Relic);
        s.seats[0].resources[1] = Some(arcs_engine::Resource::Relic);
        s.seats[1].resources[0] = Some(arcs_engine::Resource::Psionic);
    }
    let v = g.view(None);
    let k = standing(&v, Ambition::Keeper);
    assert_eq!(k.counts, vec![2, 0]);
    assert_eq!(k.phantom, Some(3));
    let places: Vec<_> = k
        .places
        .iter()
        .map(|p| (p.phantom, seat_place(p)))
        .collect();
    // The phantom is first (gains nothing), P1 second.
    assert_eq!(
        places,
        vec![
            (true, (None, 1, 0, 0)),
            (false, (Some(1), 2, k.second_value, 0))
        ]
    );
    // Empath: P2 and the phantom tie at 1: both take second, the phantom
    // gains nothing.
    let e = standing(&v, Ambition::Empath);
    let tie = e.tie.as_ref().unwrap();
    assert_eq!(
        (tie.place, tie.phantom, tie.seats.clone()),
        (TieFor::First, true, vec![Seat(1)])
    );
    let places: Vec<_> = e.places.iter().map(seat_place).collect();
    assert_eq!(
        places,
        vec![(Some(2), 2, e.second_value, 0), (None, 2, 0, 0)]
    );
    // Tyrant has no phantom count (nothing in its box), but the field is
    // there for 2 players.
    assert_eq!(standing(&v, Ambition::Tyrant).phantom, Some(0));
    let json = serde_json::to_value(k).unwrap();
    assert_eq!(json["phantom"], 3);
    assert_eq!(json["places"][0]["phantom"], true);
    assert!(json["places"][0].get("seat").is_none());
}

/// LEAD09 Archivist *Academic* (AMB-45): in a tie for first in Tycoon the
/// Archivist places second but gains nothing; the rule is named with its
/// card, in the standing and in the breakdown.
#[test]
fn leader_scoring_rules_are_named() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/ll/lead09-archivist-academic-tie.scn"
    ))
    .unwrap();
    let setup: String = text
        .lines()
        .take_while(|l| !l.starts_with("do ") && !l.starts_with("expect"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut g = scenario(&setup);
    let v = g.view(None);
    let t = standing(&v, Ambition::Tycoon);
    let places: Vec<_> = t.places.iter().map(seat_place).collect();
    assert_eq!(places, vec![(Some(1), 2, 0, 0), (Some(2), 2, 3, 0)]);
    let rule = t.places[0].rule.unwrap();
    assert_eq!(rule.card.code(), "ARCS-LEAD09");
    assert_eq!(rule.effect, RuleKind::NothingForSecond);
    assert!(t.places[1].rule.is_none());
    let json = serde_json::to_value(&t.places[0]).unwrap();
    assert_eq!(json["rule"]["card"], "ARCS-LEAD09");
    assert_eq!(json["rule"]["effect"], "nothing_for_second");
    apply(&mut g, 1, "lead MOB6");
    apply(&mut g, 1, "end");
    let v = g.view(None);
    assert_eq!(v.scoring[0].ambitions[0].places, t.places);
    assert_eq!(v.power_by_chapter, vec![vec![0, 3, 0]]);
}

/// A sole first with *Academic* is paid the second-place value, no bonus.
#[test]
fn paid_as_second_has_no_city_bonus() {
    let g = scenario(
        "players 3\ninitiative P1\ndeclare tycoon\nP1 leader LEAD09\nP1 cities 0\n\
         system 3.1: P1 ship\nsystem 2.0: P2 ship\nsystem 4.0: P3 ship\n\
         P1 resources material fuel\nP2 resources material\nP1 hand MOB6\n",
    );
    let v = g.view(None);
    let t = standing(&v, Ambition::Tycoon);
    let places: Vec<_> = t.places.iter().map(seat_place).collect();
    assert_eq!(places, vec![(Some(1), 1, 3, 0), (Some(2), 2, 3, 0)]);
    assert_eq!(t.places[0].rule.unwrap().effect, RuleKind::PaidAsSecond);
}

// ---------------------------------------------------- random positions

/// Random play: (game, rng) stepped until `f` returns false or the game ends.
fn random_game(config: Config, seed: u64, mut f: impl FnMut(&Game, &[Event]) -> bool) -> Game {
    let mut g = Game::new(config, seed).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut events = Vec::new();
    loop {
        if !f(&g, &events) {
            return g;
        }
        match g.pending() {
            Pending::Over(_) => return g,
            Pending::Decision(d) => {
                let c = d.choices[rng.gen_range(0..d.choices.len())];
                events = g.apply(d.seat, c).unwrap().to_vec();
            }
        }
    }
}

fn configs() -> Vec<(Config, u64)> {
    let mut v = Vec::new();
    for p in 2..=4 {
        for seed in 0..6 {
            v.push((Config::base(p), seed + 10 * p as u64));
            v.push((Config::leaders_lore(p), seed + 100 + 10 * p as u64));
        }
    }
    v
}

/// The standing at any position is exactly what scoring would do there:
/// the state is scored on the spot (a Scoring frame pushed on a copy) and
/// the `scored` event's breakdown must match the view's standings.
#[test]
fn standings_are_what_scoring_would_do_now() {
    let mut checked = 0;
    for (config, seed) in configs() {
        let mut step = 0;
        random_game(config, seed, |g, _| {
            step += 1;
            if step % 7 != 0 {
                return true;
            }
            let v = g.view(None);
            let mut s = g.state().clone();
            if s.outcome.is_some() {
                return false;
            }
            s.stack.push(Frame::Scoring);
            let mut ev: Vec<Event> = Vec::new();
            s.advance(&mut ev);
            let sc = ev
                .iter()
                .find_map(|e| e.scoring.as_deref())
                .expect("a scored event");
            let declared: Vec<&AmbitionResult> = v
                .ambitions
                .iter()
                .filter(|a| !a.markers.is_empty())
                .collect();
            assert_eq!(sc.ambitions.len(), declared.len());
            for (a, b) in sc.ambitions.iter().zip(declared) {
                assert_eq!(a, b);
            }
            for x in 0..v.players as usize {
                assert_eq!(sc.power[x] - sc.gained[x], v.seats[x].power);
            }
            // Counts are the scoring count; undeclared ambitions gain nothing.
            for a in &v.ambitions {
                for x in g.state().seat_ids() {
                    assert_eq!(
                        a.counts[x.index()],
                        arcs_engine::flow::ambition_count(g.state(), x, a.ambition)
                    );
                }
                if a.markers.is_empty() {
                    assert!(a.places.iter().all(|p| p.power == 0 && p.city_bonus == 0));
                }
                assert_eq!(a.phantom.is_some(), v.players == 2);
            }
            checked += 1;
            true
        });
    }
    assert!(checked > 500, "{checked}");
}

/// Scoring breakdowns and Power per chapter over whole games: one per
/// scored chapter, gains add up to the Power change, `power_by_chapter`
/// follows; the round counter counts rounds; plays are in turn order.
#[test]
fn whole_games_record_every_chapter_and_round() {
    for (config, seed) in configs() {
        let mut before: Option<View> = None;
        let mut last_round = (0u8, 0u8);
        let g = random_game(config, seed, |g, events| {
            let v = g.view(Some(Seat(0)));
            if let Some(b) = &before {
                let scored: Vec<&ChapterScoring> =
                    events.iter().filter_map(|e| e.scoring.as_deref()).collect();
                assert!(scored.len() <= 1);
                assert_eq!(v.scoring.len(), b.scoring.len() + scored.len());
                if let Some(sc) = scored.first() {
                    assert_eq!(sc.chapter, b.chapter);
                    assert_eq!(v.scoring.last(), Some(*sc));
                    for x in 0..v.players as usize {
                        // Power changes only when a chapter is scored.
                        assert_eq!(sc.power[x] - sc.gained[x], b.seats[x].power);
                        assert_eq!(v.seats[x].power, sc.power[x]);
                    }
                    let total: Vec<i32> = (0..v.players as usize)
                        .map(|x| {
                            sc.ambitions
                                .iter()
                                .flat_map(|a| &a.places)
                                .filter(|p| p.seat == Some(Seat(x as u8)))
                                .map(|p| p.power)
                                .sum()
                        })
                        .collect();
                    assert_eq!(total, sc.gained);
                } else {
                    let powers = |v: &View| v.seats.iter().map(|s| s.power).collect::<Vec<_>>();
                    assert_eq!(powers(&v), powers(b));
                }
            }
            assert_eq!(
                v.power_by_chapter,
                v.scoring
                    .iter()
                    .map(|c| c.power.clone())
                    .collect::<Vec<_>>()
            );
            // Rounds: 1, 2, ... within a chapter; a new chapter restarts.
            let r = (v.chapter, v.round);
            assert!(
                r == last_round
                    || (r.0 == last_round.0 && r.1 == last_round.1 + 1)
                    || (r.0 > last_round.0 && r.1 <= 1)
                    || v.outcome.is_some(),
                "{last_round:?} -> {r:?}"
            );
            last_round = r;
            // Plays: the leader's first, then clockwise.
            let order: Vec<Seat> = (0..v.players)
                .map(|i| v.leader.clockwise(i, v.players))
                .filter(|x| v.plays.iter().any(|p| p.seat == *x))
                .collect();
            assert_eq!(v.plays.iter().map(|p| p.seat).collect::<Vec<_>>(), order);
            if let Some(p) = v.plays.first() {
                assert_eq!(p.seat, v.leader);
            }
            before = Some(v);
            true
        });
        let v = g.view(None);
        let o = v.outcome.as_ref().unwrap();
        if !o.reason.contains("conceded") {
            assert_eq!(v.scoring.len(), v.chapter as usize, "one per chapter");
            assert_eq!(v.power_by_chapter.last().unwrap(), &o.power);
        }
    }
}

/// The new fields hold only public information: every seat and a
/// spectator see the same standings, breakdowns, round and outcome; event
/// systems and dice appear only on public events.
#[test]
fn new_fields_are_the_same_for_every_viewer() {
    for (config, seed) in configs().into_iter().step_by(3) {
        random_game(config, seed, |g, _| {
            let spectator = g.view(None);
            for x in g.state().seat_ids() {
                let v = g.view(Some(x));
                assert_eq!(v.ambitions, spectator.ambitions);
                assert_eq!(v.scoring, spectator.scoring);
                assert_eq!(v.power_by_chapter, spectator.power_by_chapter);
                assert_eq!(v.round, spectator.round);
                assert_eq!(v.outcome, spectator.outcome);
                assert_eq!(v.power_to_win, spectator.power_to_win);
                for (a, b) in v.seats.iter().zip(&spectator.seats) {
                    assert_eq!(a.city_bonus, b.city_bonus);
                    // Trophies and captives by colour add up to the totals,
                    // and a seat never holds its own pieces.
                    assert_eq!(
                        (&a.trophies_by, &a.captives_by),
                        (&b.trophies_by, &b.captives_by)
                    );
                    assert_eq!(
                        a.trophies_by.iter().map(|(_, n)| n).sum::<u32>(),
                        a.trophies
                    );
                    assert_eq!(
                        a.captives_by.iter().map(|(_, n)| n).sum::<u32>(),
                        a.captives
                    );
                    assert!(a
                        .trophies_by
                        .iter()
                        .chain(&a.captives_by)
                        .all(|(o, n)| *n > 0 && *o != a.seat.owner()));
                }
            }
            for e in g.log() {
                if e.private_to.is_some() {
                    assert!(e.dice.is_none() && e.scoring.is_none(), "{e:?}");
                }
            }
            true
        });
    }
}

// ---------------------------------------------------------------- events

/// The systems an event's text names, e.g. "3.1" (cluster 1-6, position 0-3).
fn named_systems(text: &str) -> Vec<SystemId> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for i in 0..b.len().saturating_sub(2) {
        let before_ok = i == 0 || !b[i - 1].is_ascii_alphanumeric() && b[i - 1] != b'.';
        let after_ok = i + 3 >= b.len() || !b[i + 3].is_ascii_digit();
        if before_ok
            && after_ok
            && (b'1'..=b'6').contains(&b[i])
            && b[i + 1] == b'.'
            && (b'0'..=b'3').contains(&b[i + 2])
        {
            out.push(SystemId::parse(&text[i..i + 3]).unwrap());
        }
    }
    out
}

#[test]
fn named_systems_reads_system_ids_only() {
    let s = |x: &str| SystemId::parse(x).unwrap();
    assert_eq!(
        named_systems("P1 moves 2 ships from 3.1 to 3.0."),
        vec![s("3.1"), s("3.0")]
    );
    assert_eq!(named_systems("P2 gains 7 Power. 7.1 13.2 2.45"), vec![]);
}

/// Every event whose sentence names a system lists it in `systems`; every
/// roll and reroll carries its dice, as many as its sentence shows; every
/// event survives JSON.
#[test]
fn events_carry_their_systems_and_dice() {
    let mut rolls = 0;
    let mut rerolls = 0;
    let mut with_systems = 0;
    let mut round_events = 0;
    for (config, seed) in configs() {
        let g = random_game(config, seed, |_, _| true);
        for e in g.log() {
            // An `auto` event names its choice as data (`choice`).
            for sys in named_systems(&e.text)
                .into_iter()
                .filter(|_| e.choice.is_none())
            {
                assert!(e.systems.contains(&sys), "{sys} not in systems of {e:?}");
            }
            with_systems += !e.systems.is_empty() as usize;
            round_events += (e.tag == "round") as usize;
            match e.tag.as_ref() {
                // A card adding to the roll shows no dice (Mirror Plating).
                "roll" if e.text.contains("adds") => assert!(e.dice.is_none()),
                "roll" => {
                    let d = e.dice.as_ref().unwrap_or_else(|| panic!("no dice: {e:?}"));
                    assert!(d.rerolled.is_none());
                    // "rolls assault [hit, blank]; raid [key]": one name per die.
                    let shown = e.text.matches(['[', ',']).count();
                    assert_eq!(d.len(), shown, "{e:?}");
                    rolls += 1;
                }
                "reroll" => {
                    let d = e.dice.as_ref().unwrap_or_else(|| panic!("no dice: {e:?}"));
                    let r = d.rerolled.expect("the rerolled die");
                    assert!((r.index as usize) < d.kind(r.kind).len());
                    rerolls += 1;
                }
                _ => assert!(e.dice.is_none(), "{e:?}"),
            }
            assert_eq!(e.scoring.is_some(), e.tag == "scored");
            roundtrip(e);
        }
    }
    assert!(rolls > 50 && with_systems > 1000 && round_events > 100);
    // Random games rarely reroll: see roll_and_reroll_events_show_the_dice.
    let _ = rerolls;
}

#[test]
fn dice_json_names_faces_and_symbols() {
    use arcs_engine::data::DieKind;
    let d = arcs_engine::event::Dice::of([(DieKind::Assault, 0), (DieKind::Raid, 5)]);
    let json = serde_json::to_value(&d).unwrap();
    assert_eq!(json["assault"][0]["face"], 0);
    assert!(json["assault"][0].get("hit").is_some());
    assert!(json.get("skirmish").is_none());
    assert_eq!(json["raid"].as_array().unwrap().len(), 1);
    roundtrip(&d);
}

/// A battle's roll and a reroll show their dice (BC13 Skirmishers, forced
/// faces): the reroll names the die it changed and its old face.
#[test]
fn roll_and_reroll_events_show_the_dice() {
    use arcs_engine::data::DieKind;
    let mut g = scenario(
        "players 3\ninitiative P1\nsystem 3.2: P1 3 ships, P2 3 ships\n\
         P1 hand AGG2 CON3\nP1 resources weapon\nP1 guild BC13\n\
         dice skirmish blank blank blank hit hit blank\n",
    );
    apply(&mut g, 1, "lead AGG2");
    let battle = apply(&mut g, 1, "battle");
    apply(&mut g, 1, "dice 0");
    let rolled = apply(&mut g, 1, "dice 3");
    let sys = SystemId::parse("3.2").unwrap();
    let attack = battle
        .iter()
        .chain(&rolled)
        .find(|e| e.tag == "battle")
        .unwrap();
    assert_eq!(attack.systems, vec![sys]);
    let roll = rolled.iter().find(|e| e.tag == "roll").unwrap();
    assert_eq!(roll.systems, vec![sys]);
    let d = roll.dice.as_ref().unwrap();
    assert!(d.assault.is_empty() && d.raid.is_empty());
    let blank = arcs_engine::scenario::parse_face(DieKind::Skirmish, "blank").unwrap();
    let hit = arcs_engine::scenario::parse_face(DieKind::Skirmish, "hit").unwrap();
    let faces =
        |d: &arcs_engine::event::Dice| d.skirmish.iter().map(|x| x.face).collect::<Vec<_>>();
    assert_eq!(faces(d), vec![blank; 3]);
    assert_eq!(d.skirmish[0].shows.hit, 0);
    let events = apply(&mut g, 1, "reroll skirmish 1");
    let e = events.iter().find(|e| e.tag == "reroll").unwrap();
    let d = e.dice.as_ref().unwrap();
    assert_eq!(faces(d), vec![hit, blank, blank]);
    assert_eq!(d.skirmish[0].shows.hit, 1);
    let r = d.rerolled.unwrap();
    assert_eq!(
        (r.kind, r.index, r.before.face),
        (DieKind::Skirmish, 0, blank)
    );
    let json = serde_json::to_value(e).unwrap();
    assert_eq!(json["dice"]["rerolled"]["kind"], "skirmish");
    assert_eq!(json["dice"]["skirmish"][0]["hit"], 1);
    assert_eq!(json["systems"][0], "3.2");
    roundtrip(e);
    let events = apply(&mut g, 1, "reroll skirmish 1");
    let d = events.iter().find_map(|e| e.dice.as_ref()).unwrap();
    assert_eq!(faces(d), vec![hit, hit, blank]);
    assert_eq!(d.rerolled.unwrap().index, 1);
}

// --------------------------------------------------------------- outcome

#[test]
fn tied_power_at_the_end_is_explained() {
    // Chapter 5, P2 holds the initiative; P1 and P3 end tied at 20 and P2
    // at 20 too: all three rank in turn order from P2.
    let mut g = scenario(
        "players 3\nchapter 5\ninitiative P2\nP1 power 20\nP2 power 20\nP3 power 20\n\
         system 3.1: P1 ship\nsystem 2.0: P2 ship\nsystem 4.0: P3 ship\nP2 hand MOB6\n",
    );
    apply(&mut g, 2, "lead MOB6");
    apply(&mut g, 2, "end");
    let o = g
        .view(None)
        .outcome
        .unwrap_or_else(|| panic!("{:?}\n{:#?}", g.pending(), g.log()));
    assert_eq!(o.ranking, vec![Seat(1), Seat(2), Seat(0)]);
    assert_eq!(o.tiebreaks.len(), 1);
    let t = &o.tiebreaks[0];
    assert_eq!(t.power, 20);
    assert_eq!(t.seats, o.ranking);
    assert_eq!(t.initiative, Seat(1));
    assert_eq!(
        t.text,
        "P2, P3 and P1 tie at 20 Power and rank in turn order from the initiative holder (P2): P2, P3, P1"
    );
    roundtrip(&o);

    // Two separate ties; no tie, no tiebreaks.
    let mut g = scenario(
        "players 4\nchapter 5\ninitiative P1\nP1 power 10\nP2 power 12\nP3 power 10\nP4 power 12\n\
         system 3.1: P1 ship\nsystem 2.0: P2 ship\nsystem 4.0: P3 ship\nsystem 5.0: P4 ship\n\
         P1 hand MOB6\n",
    );
    apply(&mut g, 1, "lead MOB6");
    apply(&mut g, 1, "end");
    let o = g.state().outcome.clone().unwrap();
    assert_eq!(o.ranking, vec![Seat(1), Seat(3), Seat(0), Seat(2)]);
    let tied: Vec<_> = o
        .tiebreaks
        .iter()
        .map(|t| (t.power, t.seats.clone()))
        .collect();
    assert_eq!(
        tied,
        vec![(12, vec![Seat(1), Seat(3)]), (10, vec![Seat(0), Seat(2)])]
    );
    let json = serde_json::to_value(&o).unwrap();
    assert!(json.get("conceded").is_none());

    let mut g = scenario(
        "players 3\nchapter 5\ninitiative P1\nP1 power 3\nP2 power 2\nP3 power 1\n\
         system 3.1: P1 ship\nsystem 2.0: P2 ship\nsystem 4.0: P3 ship\nP1 hand MOB6\n",
    );
    apply(&mut g, 1, "lead MOB6");
    apply(&mut g, 1, "end");
    let o = g.state().outcome.clone().unwrap();
    assert!(o.tiebreaks.is_empty());
    let json = serde_json::to_value(&o).unwrap();
    assert!(json.get("tiebreaks").is_none());
}

#[test]
fn a_concession_is_named_in_the_outcome() {
    let mut g = Game::new(Config::base(3), 4).unwrap();
    g.apply(Seat(1), Choice::Concede).unwrap();
    let o = g.state().outcome.clone().unwrap();
    assert_eq!(o.conceded, vec![Seat(1)]);
    assert_eq!(*o.ranking.last().unwrap(), Seat(1));
    // P1 and P3 tie at 0: broken by turn order.
    assert_eq!(o.tiebreaks.len(), 1);
    assert_eq!(o.tiebreaks[0].seats, vec![Seat(0), Seat(2)]);
    roundtrip(&o);
}

// ----------------------------------------------------------------- round

#[test]
fn the_round_counter_counts_rounds_in_a_chapter() {
    let mut g = scenario(
        "players 3\ninitiative P1\nsystem 3.1: P1 ship\nsystem 2.0: P2 ship\n\
         system 4.0: P3 ship\nP1 hand ADM3 ADM4\nP2 hand AGG4 AGG5\nP3 hand MOB4 MOB5\n",
    );
    assert_eq!(g.view(None).round, 1);
    apply(&mut g, 1, "lead ADM3");
    apply(&mut g, 1, "end");
    apply(&mut g, 2, "copy AGG4");
    apply(&mut g, 2, "end");
    let v = g.view(Some(Seat(0)));
    // P2 copied face down: P1 sees no card; plays are in turn order.
    assert_eq!(
        v.plays
            .iter()
            .map(|p| (p.seat, p.card.is_some()))
            .collect::<Vec<_>>(),
        vec![(Seat(0), true), (Seat(1), false)]
    );
    apply(&mut g, 3, "copy MOB4");
    apply(&mut g, 3, "end");
    let v = g.view(None);
    assert_eq!((v.chapter, v.round), (1, 2));
    let e = v.log.iter().rev().find(|e| e.tag == "round").unwrap();
    assert_eq!(e.text, "Round 2 of chapter 1: P1 has the initiative.");
}

/// Issue 12 item 7: the log names cards as players do ("Aggression 3"),
/// never by an action-card code.
#[test]
fn the_log_names_action_cards_never_codes() {
    for (config, seed) in configs().into_iter().step_by(2) {
        let g = random_game(config, seed, |_, _| true);
        for e in g.log() {
            for word in e.text.split(' ') {
                let core = word.trim_matches(|c: char| c.is_ascii_punctuation());
                assert!(
                    arcs_engine::ActionCard::parse(core).is_none(),
                    "{:?} shows a card code",
                    e.text
                );
            }
        }
    }
}

// ---------------------------------------------------------------- Summit

/// The Summit in the view (issue 21: the deal builder): its stage follows
/// the frame on top, the deal on the table is listed term by term as the
/// state holds it and in the words of the decider's prompt, and every
/// viewer sees the same (a proposal is public at the table). Outside a
/// Summit there is none.
#[test]
fn the_summit_and_its_deal_are_public_in_the_view() {
    use arcs_engine::campaign::frame::CampaignFrame as F;
    use arcs_engine::view::SummitStage;
    let (mut stages, mut terms) = ([0usize; 4], 0usize);
    for players in 2..=4u8 {
        for seed in 0..4u64 {
            let mut g = Game::new(Config::campaign(players), 900 + seed).unwrap();
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            for _ in 0..4000 {
                let Pending::Decision(d) = g.pending() else {
                    break;
                };
                let s = g.state();
                let spectator = g.view(None);
                let summit = spectator.campaign.as_ref().unwrap().summit.clone();
                for x in s.seat_ids() {
                    let v = g.view(Some(x));
                    assert_eq!(v.campaign.unwrap().summit, summit, "seat {x}");
                }
                let c = s.campaign().unwrap();
                assert_eq!(summit.is_some(), c.summit.caller.is_some());
                let top = match s.stack.last() {
                    Some(Frame::Campaign(f)) => Some(*f),
                    _ => None,
                };
                let want = match top {
                    Some(F::CallToOrder { .. }) => Some(SummitStage::CallToOrder),
                    Some(F::Negotiations { .. }) => Some(SummitStage::Negotiations),
                    Some(F::Proposal { .. }) => Some(SummitStage::Proposal),
                    Some(F::Consent { .. }) => Some(SummitStage::Consent),
                    _ => None,
                };
                if let Some(sv) = &summit {
                    assert_eq!(sv.stage, want);
                    assert_eq!(sv.caller, c.summit.caller.unwrap());
                    if let Some(st) = want {
                        stages[st as usize] += 1;
                    }
                    if matches!(want, Some(SummitStage::Proposal | SummitStage::Consent)) {
                        let deal: Vec<_> = c.summit.deal.iter().copied().collect();
                        assert_eq!(sv.deal.len(), deal.len());
                        let (prompt, _) = g.describe_pending().unwrap();
                        for (t, n) in sv.deal.iter().zip(&deal) {
                            assert_eq!((t.by, t.to, t.act), (n.by, n.to, n.act));
                            assert!(prompt.contains(&t.words), "{} in {prompt}", t.words);
                            terms += 1;
                        }
                        assert!(sv.proposer.is_some());
                    } else {
                        assert!(sv.deal.is_empty() && sv.proposer.is_none());
                    }
                    roundtrip(sv);
                } else {
                    assert_eq!(want, None);
                }
                // Call every Summit; propose a deal of two terms or fewer.
                let pick = match top {
                    Some(F::CallSummit { .. }) => Choice::Yes,
                    Some(F::Proposal { .. }) if c.summit.deal.len() >= 2 => Choice::Done,
                    _ => d.choices[rng.gen_range(0..d.choices.len())],
                };
                let pick = if d.choices.contains(&pick) {
                    pick
                } else {
                    d.choices[0]
                };
                g.apply(d.seat, pick).unwrap();
            }
        }
    }
    assert!(stages.iter().all(|n| *n > 0), "stages seen: {stages:?}");
    assert!(terms > 20, "{terms} terms");
}

/// B-LL-04: while the Leaders & Lore draft is on, `view.starts` names each
/// seat's A, B and C systems from the setup card (player 1 being the
/// initiative holder); once the boxes are placed it is empty, and each
/// seat's pieces stand in exactly the systems it named.
#[test]
fn leaders_lore_starting_spots_are_where_the_boxes_go() {
    use arcs_engine::Owner;
    let mut checked = 0;
    for p in 2..=4u8 {
        for seed in 0..4 {
            let mut last: Vec<arcs_engine::view::StartView> = Vec::new();
            let mut placed = false;
            random_game(Config::leaders_lore(p), 700 + seed, |g, _| {
                let v = g.view(None);
                if !v.starts.is_empty() {
                    let mut seats: Vec<u8> = v.starts.iter().map(|s| s.seat.0).collect();
                    seats.sort();
                    assert_eq!(seats, (0..p).collect::<Vec<_>>(), "one entry per seat");
                    for seat in 0..p {
                        assert_eq!(v.starts, g.view(Some(Seat(seat))).starts, "public");
                    }
                    last = v.starts.clone();
                    return true;
                }
                if last.is_empty() {
                    return true; // the draft has not begun to show yet
                }
                // The first position after the boxes were placed.
                for st in &last {
                    let owner = Owner::Seat(st.seat);
                    let has = |id: SystemId| {
                        let sys = v.systems.iter().find(|s| s.id == id).unwrap();
                        sys.ships.iter().any(|(o, _)| *o == owner)
                            || sys.buildings.iter().any(|(_, b)| b.owner == owner)
                    };
                    let mut named: Vec<SystemId> = vec![st.a, st.b];
                    named.extend(st.c.iter().copied());
                    for id in &named {
                        assert!(
                            has(*id),
                            "P{} has pieces at its start {id:?}",
                            st.seat.0 + 1
                        );
                    }
                    for sys in &v.systems {
                        if has(sys.id) {
                            assert!(
                                named.contains(&sys.id),
                                "P{} only at its starts",
                                st.seat.0 + 1
                            );
                        }
                    }
                }
                placed = true;
                false
            });
            assert!(placed, "{p}p seed {seed}: the boxes were placed");
            checked += 1;
        }
    }
    assert_eq!(checked, 12);
}
