//! The Believer (Fate Set 8), Act I: its setup (ARCS-F801A), the words of
//! its choices (Faithful cards played on a side, Teach), what the view
//! shows and hides of the Faithful cards (the stack, hands), the Faithful
//! cards joining the next chapter's deck, undo and replay through those
//! choices, and random games with the Believer in play. The cards' rules
//! are tested by the scenarios under `scenarios/campaign/believer/`.

mod common;

use arcs_engine::campaign::frame::CampaignFrame;
use arcs_engine::config::FateSelection;
use arcs_engine::event::NoEvents;
use arcs_engine::flow::Frame;
use arcs_engine::scenario::Scenario;
use arcs_engine::sim::game_seed;
use arcs_engine::*;

use common::{card, play};

/// No card code, engine word or debug form in player-facing text.
fn plain(text: &str) {
    common::assert_plain(text, &["F80", "F81", "FAI", "ZEA", "WIS", "Some("]);
}

/// ARCS-F801A Believer Act I setup: gain Faithful Disciples (a Guild
/// card) and Spreading the Faith (an ability card); the nine Faithful
/// cards are stacked, the "9" on top; Faithful Cards and Pluralistic Faith
/// join the rules booklet. Nobody else gains anything.
#[test]
fn f801a_believer_setup() {
    for players in [2u8, 3, 4] {
        let mut g = Game::new(Config::campaign_without_fates(players), 9).unwrap();
        {
            let s = g.state_mut_for_tests();
            let c = s.campaign.as_mut().unwrap();
            c.fates[1] = CardId::parse("ARCS-FATE08"); // P2 the Believer
            s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
        }
        let mut s = g.state().clone();
        s.advance(&mut NoEvents);
        assert_eq!(s.seat(Seat(1)).guild(), [card("ARCS-F802")]);
        assert_eq!(s.seat(Seat(1)).abilities(), [card("ARCS-F803")]);
        for x in s.seat_ids().filter(|x| *x != Seat(1)) {
            assert!(s.seat(x).guild().is_empty(), "{x}");
        }
        let c = s.campaign().unwrap();
        assert_eq!(c.faithful_stack, 9);
        assert!(c.booklet.contains(&card("ARCS-F813")));
        assert!(c.booklet.contains(&card("ARCS-F814")));
        assert!(c.actions_added.is_empty() && c.actions_scrapped.is_empty());
        assert!(arcs_engine::invariants::check(&s).is_ok());
    }
}

const TEACH: &str = "
players 3
mode campaign
court CC01 CC03 CC05
fate P1 Believer
objective P1 20
P1 guild F802
P1 ability F803
faithful-stack 7
booklet F813 F814
system 1.3: P1 city, P1 ship
system 1.2: P1 city
system 3.1: P2 ship
system 4.1: P3 ship
P1 hand FAI8 ADM4
P2 hand FAI9 ADM2
P3 hand MOB2
";

/// The lead choices of a hand with a Faithful card, Teach and its
/// targets, in player words; the view shows the stack to all and the
/// Faithful cards in a hand only to their holder.
#[test]
fn faithful_choices_in_player_words_and_in_the_view() {
    let mut g = Scenario::parse(TEACH).unwrap().build().unwrap();
    let (_, choices) = g.describe_pending().unwrap();
    assert!(
        choices.contains(&"Lead Faithful 8 on its Zeal side".to_string()),
        "{choices:?}"
    );
    assert!(
        choices.contains(&"Lead Faithful 8 on its Wisdom side".to_string()),
        "{choices:?}"
    );
    for c in &choices {
        plain(c);
    }
    play(&mut g, 0, "lead ZEA8");
    let (_, choices) = g.describe_pending().unwrap();
    assert!(choices.iter().any(|c| c.contains("Teach")), "{choices:?}");
    play(&mut g, 0, "influence@F803");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Spreading the Faith: Attach Faithful 7 to which Guild card in the Court?"
    );
    assert_eq!(
        choices,
        [
            "Attach Faithful 7 to Mining Interest (Court 2)",
            "Attach Faithful 7 to Gatekeepers (Court 3)",
        ]
    );
    play(&mut g, 0, "court 2");
    for e in g.log() {
        plain(&e.text);
    }
    for viewer in [None, Some(Seat(0)), Some(Seat(1))] {
        let v = g.view(viewer);
        assert_eq!(v.campaign.as_ref().unwrap().faithful_stack, 6);
    }
    // P2's Faithful 9 is its own secret; P1 sees no card of P2's hand.
    let json = serde_json::to_string(&g.view(Some(Seat(0)))).unwrap();
    assert!(json.contains("\"faithful_stack\":6"), "{json}");
    let mine = g.view(Some(Seat(1)));
    let theirs = g.view(Some(Seat(0)));
    let nine = ActionCard::parse("FAI9").unwrap();
    assert!(mine.seats[1].hand.as_ref().unwrap().contains(&nine));
    assert!(theirs.seats[1].hand.is_none());
}

/// A Faithful card drawn into a hand (F813) is an action card from then
/// on: the next chapter deals it with the rest of the deck, and a card
/// Teach scrapped is in no later deck.
#[test]
fn faithful_cards_join_the_next_chapters_deck() {
    let text = "
players 3
mode campaign
court CC01 CC03 CC05
fate P1 Believer
objective P1 20
faithful-stack 7
booklet F813 F814
system 1.3: P1 city, P1 ship
system 3.1: P2 ship
system 4.1: P3 ship
P1 hand FAI9 ADM2
P2 hand FAI8 ADM3
P3 hand MOB2
";
    let mut g = Scenario::parse(text).unwrap().build().unwrap();
    {
        let s = g.state_mut_for_tests();
        let con3 = ActionCard::parse("CON3").unwrap();
        s.campaign.as_mut().unwrap().actions_scrapped.insert(con3);
        s.push_for_tests(Frame::ChapterStart);
    }
    let mut s = g.state().clone();
    s.advance(&mut NoEvents);
    let mut dealt = CardSet::default();
    for x in s.seat_ids() {
        dealt.0 |= s.seat(x).hand.0;
    }
    for c in s.action_discard.iter() {
        dealt.insert(*c);
    }
    for n in [8, 9] {
        assert!(dealt.contains(ActionCard::faithful(n)), "Faithful {n}");
    }
    assert!(!dealt.contains(ActionCard::faithful(7)));
    assert!(!dealt.contains(ActionCard::parse("CON3").unwrap()));
    assert_eq!(dealt.len() as usize, s.action_deck_size());
    arcs_engine::invariants::check(&s).unwrap();
}

/// Undo and replay through the Believer's choices in random games (leads
/// on a side, Teach and its target): each is taken back by undo to the
/// very same state, and the finished game's journal replays to the same
/// state.
#[test]
fn believer_choices_undo_and_replay() {
    let mut undone = 0;
    for i in 0..6u64 {
        let mut config = Config::campaign(3);
        config.campaign.fates =
            FateSelection::Fixed(vec!["Believer".into(), "Steward".into(), "Founder".into()]);
        let mut g = Game::new(config, game_seed(78, i)).unwrap();
        let mut x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let believer = Seat(0);
        while let Pending::Decision(d) = g.pending() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let faithful = |c: &Choice| match c {
                Choice::Lead(a) | Choice::Surpass(a) | Choice::Pivot(a) | Choice::Copy(a) => {
                    a.is_faithful()
                }
                Choice::Act(a) => a.via == CardId::parse("ARCS-F803"),
                _ => false,
            };
            // The Believer teaches whenever it may.
            let teach = d
                .choices
                .iter()
                .copied()
                .find(|c| matches!(c, Choice::Act(a) if a.via == CardId::parse("ARCS-F803")));
            let c = teach.unwrap_or(d.choices[(x % d.choices.len() as u64) as usize]);
            let mine = d.seat == believer
                && (faithful(&c)
                    || matches!(d.prompt, Prompt::Card { card, .. } if card == self::card("ARCS-F803")));
            undone += common::apply_and_undo(&mut g, d.seat, c, mine) as u32;
        }
        common::replays(&g, i);
    }
    assert!(undone > 0, "no Believer choice was undone");
}

/// Random games with the Believer among fixed Fates (2–4 players, the
/// Believer in every seat in turn) keep every invariant (the nine
/// Faithful cards each in one place, the action deck with its added and
/// scrapped cards); Faithful cards are taught, secured and played in them.
#[test]
fn random_games_with_the_believer_keep_every_invariant() {
    let n = common::games(24);
    let others = [
        "Magnate", "Steward", "Partisan", "Founder", "Admiral", "Advocate",
    ];
    let (mut taught, mut drawn, mut played) = (0, 0, 0);
    let fates = |i| common::table(i, "Believer", &others, &[3, 4, 3, 2]);
    common::random_games(33, n, fates, |g| {
        taught += common::logged(g, " teaches: Faithful") as u32;
        drawn += g
            .log()
            .iter()
            .any(|e| e.text.starts_with("Faithful Cards: P")) as u32;
        played +=
            (common::logged(g, "with Faithful") || common::logged(g, "leads Faithful")) as u32;
    });
    assert!(taught > 0, "Teach never attached a Faithful card");
    eprintln!("{n} games: {taught} with Teach, {drawn} with a Faithful card drawn, {played} with one played");
}

/// A 2-player mulligan (B-DRAW-03; campaign p12) keeps only Event cards:
/// a Faithful card in the hand is replaced like a standard card
/// (R-CAMP-BELIEVER-DECK).
#[test]
fn a_mulligan_replaces_faithful_cards() {
    let text = "
players 2
mode campaign
court CC01 CC03
fate P1 Believer
objective P1 20
faithful-stack 8
booklet F813 F814
system 1.3: P1 city, P1 ship
system 3.1: P2 ship
P1 hand ADM2 ADM3 ADM4 ADM5 ADM6 AGG2
P2 hand FAI9 EVT1 CON2 CON3 CON4 CON5
";
    let mut g = Scenario::parse(text).unwrap().build().unwrap();
    g.state_mut_for_tests()
        .push_for_tests(Frame::Mulligan { seat: Seat(1) });
    play(&mut g, 1, "yes");
    let hand = g.state().seat(Seat(1)).hand;
    assert!(hand.contains(ActionCard::parse("EVT1").unwrap()));
    assert!(!hand.contains(ActionCard::faithful(9)));
    assert_eq!(hand.len(), 6);
    assert!(g.state().action_discard.contains(&ActionCard::faithful(9)));
    arcs_engine::invariants::check(g.state()).unwrap();
}

/// The Young Light (ARCS-F816) by a face-down Faithful card: everyone sees
/// that the face-down card is Faithful (its own back, R-CAMP-BELIEVER-
/// BACK) but not its number; at the round's end the holder takes it into
/// its hand and learns its number alone (an undo barrier), and The Young
/// Light comes back.
const YOUNG_LIGHT: &str = "players 3
mode campaign
act 2
fate P1 Believer
objective P1 18
booklet F813 F821 F823
faith doctrine zeal
faith supply 5
court CC01 CC02 CC03
P1 guild F816
initiative P2
system 1.1: P1 ship
system 2.1: P2 ship
system 3.1: P3 ship
P1 hand ADM4 CON2 AGG5
P2 hand FAI2 MOB3
P3 hand FAI7 MOB2
";

#[test]
fn the_young_light_by_a_face_down_faithful_card_keeps_its_number_secret() {
    let mut g = Scenario::parse(YOUNG_LIGHT).unwrap().build().unwrap();
    play(&mut g, 1, "lead ZEA2");
    play(&mut g, 1, "end");
    play(&mut g, 2, "copy FAI7");
    // P1 and P2 see a face-down Faithful card, not which; P3 its own.
    for viewer in [Seat(0), Seat(1)] {
        let v = g.view(Some(viewer));
        let p = v.plays.iter().find(|p| p.seat == Seat(2)).unwrap();
        assert_eq!(p.card, None, "{viewer}");
        assert!(p.faithful, "{viewer}");
        let json = serde_json::to_string(&v).unwrap();
        assert!(!json.contains("FAI7"), "{viewer}: {json}");
    }
    let mine = g.view(Some(Seat(2)));
    let p = mine.plays.iter().find(|p| p.seat == Seat(2)).unwrap();
    assert_eq!(p.card, ActionCard::parse("FAI7"));
    // A determinization for P1 deals a Faithful card to P3's play.
    let obs = g.observation(Seat(0));
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    for _ in 0..5 {
        let d = obs.determinize(&mut rng);
        assert!(d.round.plays[2].unwrap().card.is_faithful());
    }
    play(&mut g, 2, "end");
    play(&mut g, 0, "pivot CON2");
    let (_, choices) = g.describe_pending().unwrap();
    let prelude = choices
        .iter()
        .find(|c| c.contains("The Young Light"))
        .unwrap_or_else(|| panic!("{choices:?}"));
    plain(prelude);
    play(&mut g, 0, "prelude F816");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "The Young Light: Place it next to which played Faithful card?"
    );
    assert_eq!(
        choices,
        [
            "Next to P2's played Faithful 2 on its Zeal side",
            "Next to P3's played face-down Faithful card"
        ]
    );
    play(&mut g, 0, "player P3");
    let (_, choices) = g.describe_pending().unwrap();
    assert_eq!(
        choices,
        ["Discard Administration 4", "Discard Aggression 5"]
    );
    play(&mut g, 0, "action ADM4");
    assert!(!g.state().seat(Seat(0)).guild().contains(&card("ARCS-F816")));
    let v = g.view(Some(Seat(1)));
    let p = v.plays.iter().find(|p| p.seat == Seat(2)).unwrap();
    assert_eq!(p.beside, Some(card("ARCS-F816")));
    // No seat's observation names the face-down card by what lies beside
    // it; a determinization puts The Young Light by the card it deals.
    let seven = ActionCard::parse("FAI7").unwrap();
    for seat in [Seat(0), Seat(1)] {
        let obs = g.observation(seat);
        assert!(obs
            .public_state()
            .round
            .unions
            .iter()
            .all(|u| u.target != seven));
        let d = obs.determinize(&mut rng);
        assert_eq!(d.round.unions[0].target, d.round.plays[2].unwrap().card);
    }
    let before = g.log().len();
    play(&mut g, 0, "end");
    let s = g.state();
    assert!(s
        .seat(Seat(0))
        .hand
        .contains(ActionCard::parse("FAI7").unwrap()));
    assert!(s.seat(Seat(0)).guild().contains(&card("ARCS-F816")));
    for e in &g.log()[before..] {
        plain(&e.text);
        if e.private_to != Some(Seat(0)) {
            assert!(!e.text.contains("Faithful 7"), "{}", e.text);
        }
    }
    assert!(g.log()[before..]
        .iter()
        .any(|e| e.private_to == Some(Seat(0)) && e.text == "It is Faithful 7."));
    assert_eq!(g.undoable(Seat(0)), 0, "the reveal is an undo barrier");
}

/// An Act II or III table from the Believer's setup: The Young Light
/// held, Faithful cards in the deck and the Court deck, Plot to Kidnap.
fn later_act_table(act: u8, players: u8, seed: u64) -> Game {
    let mut extra =
        "P1 guild F816\nP2 hand FAI3 FAI5 FAI8\nP1 hand FAI9\ncourt-deck F817 F804 F805 F807 F809 F810\n"
            .to_string();
    extra.push_str(if act == 2 {
        "booklet F813 F814\n"
    } else {
        "act 2\nbooklet F813 F821 F823\nfaith doctrine zeal\nfaith ideal tycoon zeal\n\
         faith ideal warlord wisdom\nfaith supply 3\n"
    });
    common::act_table_with("Believer", act, players, seed, &extra)
}

/// Act II with the Believer (F820A): random games from its setup, every
/// invariant checked after each step (Ideals placed by Faithful plays,
/// Set Doctrine, The Young Light, Plot to Kidnap).
#[test]
fn random_act_two_games_with_the_believer_keep_every_invariant() {
    let n = common::games(30);
    let mut ideals = 0;
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = later_act_table(2, players, 3300 + i);
        let c = g.state().campaign().unwrap();
        assert_eq!(
            c.objective[0],
            [0, 0, 20, 18, 16][players as usize],
            "F820B start"
        );
        assert_eq!(c.faith.supply, 5);
        assert!(c.faith.doctrine.is_some());
        assert!(!c.booklet.contains(&card("ARCS-F814")));
        common::play_act_randomly(&mut g, i);
        ideals += common::logged(&g, "an Ideal marker showing") as u32;
    }
    assert!(ideals > 0, "no Ideal was ever placed");
}

/// Act III with the Believer (F829A): Dominant Faith and Breaking the
/// Faith join the rules booklet, the Doctrine follows the Ideals' majority
/// (one each: Wisdom), and random games keep every invariant.
#[test]
fn random_act_three_games_with_the_believer_keep_every_invariant() {
    let n = common::games(30);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = later_act_table(3, players, 3500 + i);
        let c = g.state().campaign().unwrap();
        assert!(c.booklet.contains(&card("ARCS-F830")));
        assert!(c.booklet.contains(&card("ARCS-F831")));
        assert_eq!(
            c.faith.doctrine,
            Some(arcs_engine::cards::campaign::believer::Ideal::Wisdom)
        );
        assert_eq!(c.faith.placed(), 2);
        common::play_act_randomly(&mut g, i);
    }
}
