//! Property tests: arbitrary input never panics the engine, and a refused
//! input never changes the state.

use arcs_engine::scenario::run_text;
use arcs_engine::*;
use proptest::prelude::*;

fn arb_choice() -> impl Strategy<Value = Choice> {
    let card = (0u8..28).prop_map(ActionCard);
    let sys = (0u8..24).prop_map(SystemId);
    let seat = (0u8..4).prop_map(Seat);
    let res = (0usize..5).prop_map(Resource::from_index);
    prop_oneof![
        Just(Choice::Pass),
        Just(Choice::EndTurn),
        Just(Choice::Done),
        Just(Choice::Yes),
        Just(Choice::No),
        card.clone().prop_map(Choice::Lead),
        card.clone().prop_map(Choice::Surpass),
        card.clone().prop_map(Choice::Copy),
        card.clone().prop_map(Choice::Pivot),
        card.clone().prop_map(Choice::Seize),
        (0usize..5).prop_map(|i| Choice::Declare(Ambition::ALL[i])),
        (0usize..7).prop_map(|i| Choice::Act(Act::std(StdAction::ALL[i]))),
        sys.clone().prop_map(Choice::System),
        (0u8..16, 0u8..16).prop_map(|(fresh, damaged)| Choice::Ships { fresh, damaged }),
        seat.clone().prop_map(Choice::Player),
        (0u8..20).prop_map(Choice::Dice),
        (0u8..8).prop_map(Choice::Court),
        (0u8..8).prop_map(Choice::Slot),
        (0u8..10).prop_map(Choice::Count),
        res.clone().prop_map(Choice::Resource),
        (sys.clone(), 0u8..3).prop_map(|(system, slot)| Choice::Piece {
            system,
            piece: Piece::Building { slot }
        }),
        (seat, 0u8..7).prop_map(|(from, s)| Choice::Steal {
            from,
            loot: Loot::Slot(s)
        }),
        (
            0u8..7,
            res,
            prop::option::of((0usize..7).prop_map(|i| Act::std(StdAction::ALL[i])))
        )
            .prop_map(|(slot, as_, act)| Choice::Spend { slot, as_, act }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random legal play interleaved with arbitrary (mostly illegal)
    /// choices: an error leaves the state exactly as it was.
    #[test]
    fn arbitrary_choices_never_panic_or_corrupt(seed in 0u64..1000, players in 2u8..=4,
        picks in prop::collection::vec((0usize..1000, arb_choice(), 0u8..4), 1..120)) {
        let mut g = Game::new(Config::base(players), seed).unwrap();
        for (i, c, s) in picks {
            let Pending::Decision(d) = g.pending() else { break };
            let before = g.state().clone();
            match g.apply(Seat(s), c) {
                Ok(_) => {
                    prop_assert!(d.choices.contains(&c) && d.seat == Seat(s));
                }
                Err(_) => prop_assert_eq!(g.state(), &before),
            }
            if let Pending::Decision(d) = g.pending() {
                let c = d.choices[i % d.choices.len()];
                g.apply(d.seat, c).unwrap();
            }
            prop_assert!(arcs_engine::invariants::check(g.state()).is_ok());
        }
    }

    /// Any text as a scenario: a report, never a panic.
    #[test]
    fn scenario_parser_never_panics(text in "\\PC{0,400}") {
        let _ = run_text(&text);
    }

    /// Scenario-like text built from real keywords: never a panic.
    #[test]
    fn scenario_keywords_never_panic(lines in prop::collection::vec(
        (prop::sample::select(vec!["players", "system", "P1", "P2", "do", "expect", "refuse", "court", "agents", "dice", "play", "P1 hand", "P1 resources", "supply", "box", "declare", "turn", "initiative", "out-of-play", "P3 trophies:", "P2 captives:"]),
         "[ a-z0-9.,:+-]{0,30}"), 0..12)) {
        let text: String = lines.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
        let _ = run_text(&format!("players 3\n{text}"));
    }

    /// Any bytes as a save file: an error, never a panic.
    #[test]
    fn save_parser_never_panics(text in "\\PC{0,300}") {
        let _ = Save::from_json(&text).and_then(|s| s.load());
    }

    /// Any text as a choice: parsed or refused, never a panic.
    #[test]
    fn choice_text_never_panics(text in "\\PC{0,60}") {
        let _ = text.parse::<Choice>();
    }
}
