//! The public API: illegal choices are typed errors that change nothing;
//! saves round-trip; undo replays; views hide what they must.

use arcs_engine::*;

fn game(players: u8, seed: u64) -> Game {
    Game::new(Config::base(players), seed).unwrap()
}

fn decision(g: &Game) -> Decision {
    match g.pending() {
        Pending::Decision(d) => d,
        Pending::Over(o) => panic!("over: {o:?}"),
    }
}

#[test]
fn illegal_choice_is_refused_and_changes_nothing() {
    let mut g = game(3, 1);
    let d = decision(&g);
    let before = g.state().clone();
    let bad = Choice::System(SystemId(0));
    assert!(matches!(
        g.apply(d.seat, bad),
        Err(ApplyError::Illegal { .. })
    ));
    let other = Seat((d.seat.0 + 1) % 3);
    assert!(matches!(
        g.apply(other, d.choices[0]),
        Err(ApplyError::NotYourTurn { .. })
    ));
    assert!(matches!(
        g.apply(Seat(3), d.choices[0]),
        Err(ApplyError::NoSuchSeat(_))
    ));
    assert_eq!(g.state(), &before);
    assert!(g.choices().is_empty());
}

#[test]
fn save_load_and_undo() {
    let mut g = game(4, 9);
    for _ in 0..40 {
        let d = decision(&g);
        let c = d.choices[d.choices.len() / 2];
        g.apply(d.seat, c).unwrap();
    }
    let text = Save::of(&g).to_json();
    let loaded = Save::from_json(&text).unwrap().load().unwrap();
    assert_eq!(loaded.state(), g.state());
    let mut u = g.clone();
    u.undo(5).unwrap();
    assert_eq!(u.choices().len(), 35);
    assert_eq!(u.state(), g.replay_prefix(35).unwrap().state());
}

#[test]
fn bad_saves_are_clear_errors() {
    assert!(matches!(
        Save::from_json("not json"),
        Err(LoadError::Syntax(_))
    ));
    assert!(matches!(
        Save::from_json(r#"{"format":"other"}"#),
        Err(LoadError::Format(_))
    ));
    assert!(matches!(
        Save::from_json(r#"{"format":"arcs-journal","version":99}"#),
        Err(LoadError::Version(99))
    ));
    let g = game(2, 3);
    let mut save = Save::of(&g);
    save.choices.push(journal::SavedChoice {
        seat: Seat(0),
        choice: Choice::Done,
    });
    assert!(matches!(
        save.load(),
        Err(LoadError::Replay { index: 0, .. })
    ));
    let mut save = Save::of(&g);
    save.config.players = 7;
    assert!(matches!(save.load(), Err(LoadError::Config(_))));
}

/// DT-33 / B-FINE-11: a seat's view shows its own hand and only counts of
/// others'; spectators see no hand.
#[test]
fn dt_33_views_hide_hands() {
    let g = game(3, 5);
    for viewer in [Some(Seat(0)), Some(Seat(1)), None] {
        let v = g.view(viewer);
        for s in &v.seats {
            assert_eq!(s.hand.is_some(), Some(s.seat) == viewer);
            assert_eq!(s.hand_size, 6);
        }
        let json = serde_json::to_string(&v).unwrap();
        assert!(!json.contains("rng"));
    }
    arcs_engine::sim::check_views(&g).unwrap();
}

#[test]
fn config_validation() {
    assert!(matches!(
        Game::new(Config::base(1), 0),
        Err(ConfigError::Players(1))
    ));
    assert!(matches!(
        Game::new(Config::base(5), 0),
        Err(ConfigError::Players(5))
    ));
    let c = Config {
        setup_card: Some("4SETUP01".into()),
        ..Config::base(3)
    };
    assert!(matches!(
        Game::new(c, 0),
        Err(ConfigError::SetupCardPlayers { .. })
    ));
    let c = Config {
        setup_card: Some("nope".into()),
        ..Config::base(3)
    };
    assert!(matches!(
        Game::new(c, 0),
        Err(ConfigError::UnknownSetupCard(_))
    ));
    // A card without behaviour is refused, never a silent no-op.
    let c = Config {
        court: Some(vec![
            "BC01".into(),
            "BC02".into(),
            "BC03".into(),
            "F1007".into(),
        ]),
        ..Config::base(3)
    };
    assert!(matches!(
        Game::new(c, 0),
        Err(ConfigError::NotImplemented { .. })
    ));
    let c = Config {
        court: Some(vec![
            "BC01".into(),
            "BC01".into(),
            "BC03".into(),
            "BC04".into(),
        ]),
        ..Config::base(3)
    };
    assert!(matches!(
        Game::new(c, 0),
        Err(ConfigError::Duplicate { .. })
    ));
    let c = Config {
        court: Some(vec!["LEAD01".into()]),
        ..Config::base(3)
    };
    assert!(matches!(Game::new(c, 0), Err(ConfigError::NotCourt(_))));
    // Leaders & Lore pools and assignments are checked.
    assert!(Game::new(Config::leaders_lore(4), 0).is_ok());
    let mut c = Config::leaders_lore(3);
    c.leaders_lore.leaders = config::Pool::Named("bogus".into());
    assert!(matches!(Game::new(c, 0), Err(ConfigError::BadPool(_))));
    let mut c = Config::leaders_lore(4);
    c.leaders_lore.lore = config::Pool::List(vec!["L01".into(), "L02".into(), "L03".into()]);
    assert!(matches!(
        Game::new(c, 0),
        Err(ConfigError::PoolTooSmall { .. })
    ));
    let mut c = Config::leaders_lore(2);
    c.leaders_lore.leaders = config::Pool::List(vec!["BC01".into()]);
    assert!(matches!(
        Game::new(c, 0),
        Err(ConfigError::WrongKind { .. })
    ));
    let mut c = Config::leaders_lore(2);
    c.leaders_lore.assign = Some(vec![
        config::Assignment {
            leader: "LEAD01".into(),
            lore: vec!["L01".into()],
        },
        config::Assignment {
            leader: "LEAD01".into(),
            lore: vec!["L02".into()],
        },
    ]);
    assert!(matches!(Game::new(c, 0), Err(ConfigError::Assignment(_))));
}
