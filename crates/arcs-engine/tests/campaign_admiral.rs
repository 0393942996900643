//! The Admiral through Acts II and III (issue 22): random games from its
//! Act II setup (F712A) and its Act III setup (F719A, Martial Law) with
//! every invariant checked after each step; the Acts' cards and its
//! objective (F712B) run under random play. Whole campaigns with Fates
//! wait for the other A Fates' later cards.

mod common;

#[test]
fn random_act_two_games_with_the_admiral_keep_every_invariant() {
    let n = common::games(40);
    let (mut advanced, mut chaos) = (0, 0);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Admiral", 2, players, 500 + i);
        let start = g.state().campaign().unwrap().objective[0];
        assert_eq!(start, 30, "F712B starts on 30");
        common::play_act_randomly(&mut g, i);
        advanced += (g.state().campaign().unwrap().objective[0] < start) as u32;
        chaos += (common::logged(&g, "attached to Command Chaos")
            || common::logged(&g, "secures Command Chaos")) as u32;
    }
    assert!(
        advanced > 0,
        "the Admiral's Act II objective never advanced"
    );
    eprintln!("{n} Act II games: the objective advanced in {advanced}; Command Chaos resolved or secured in {chaos}");
}

#[test]
fn random_act_three_games_under_martial_law_keep_every_invariant() {
    let n = common::games(30);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Admiral", 3, players, 900 + i);
        assert!(common::logged(&g, "Martial Law joins the rules booklet"));
        common::play_act_randomly(&mut g, i);
    }
}
