//! Issue 11, item 2: no text or JSON from outside may panic the engine.
//! Every parser of ids and texts (choices, scenarios, saves, configs) is
//! total: bad input is an error, never a panic, and an out-of-range id can
//! never be deserialized. The reproductions below panicked before the fix;
//! the property tests cover the class.

use arcs_engine::scenario::{run_text, Scenario};
use arcs_engine::{ActionCard, Choice, Config, Game, Save, Seat};
use proptest::prelude::*;
use serde_json::{json, Value};

/// `Display` of every value must not panic; used on whatever parses.
fn show(c: &Choice) -> String {
    c.to_string()
}

// ------------------------------------------------------------ reproductions

#[test]
fn action_card_ids_past_58_are_refused_in_json() {
    // 0..=27 are the action cards, 28..=31 the campaign's Event cards,
    // 32..=40 the Believer's Faithful cards and 41..=58 their played faces
    // (Zeal, Wisdom).
    for key in ["lead", "surpass", "copy", "pivot", "seize", "action_card"] {
        for n in [59u64, 60, 255, 256, u64::MAX] {
            let v = json!({ key: n });
            assert!(
                serde_json::from_value::<Choice>(v.clone()).is_err(),
                "{v} was accepted"
            );
        }
        for n in [27, 31, 32, 40, 41, 58] {
            let ok = serde_json::from_value::<Choice>(json!({ key: n })).unwrap();
            assert!(!show(&ok).is_empty());
        }
        for bad in [json!(-1), json!(1.5), json!("ADM3"), json!(null)] {
            assert!(serde_json::from_value::<Choice>(json!({ key: bad })).is_err());
        }
    }
    // A hand (a set of action cards) holds only the 41 cards (faces are
    // never in a set).
    assert!(serde_json::from_value::<arcs_engine::CardSet>(json!(1u64 << 41)).is_err());
    assert!(serde_json::from_value::<arcs_engine::CardSet>(json!((1u64 << 41) - 1)).is_ok());
}

#[test]
fn a_save_holding_an_out_of_range_card_is_refused() {
    let g = Game::new(Config::base(2), 5).unwrap();
    let mut save = serde_json::to_value(Save::of(&g)).unwrap();
    save["choices"] = json!([{"seat": 2, "choice": {"lead": 59}}]);
    let err = Save::from_json(&save.to_string()).unwrap_err();
    assert!(err.to_string().contains("59"), "{err}");
}

#[test]
fn an_out_of_range_card_formats_without_panicking() {
    // Defence in depth: such a value cannot come from JSON or text, but its
    // text form must still not panic if code ever builds one.
    for n in [28u8, 200, 255] {
        let s = Choice::Lead(ActionCard(n)).to_string();
        assert!(s.starts_with("lead "), "{s}");
    }
}

#[test]
fn slot_like_numbers_are_bounded_in_json() {
    let bad = [
        json!({"spend": {"slot": 255, "as": "fuel", "act": null}}),
        json!({"spend": {"slot": 7, "as": "fuel", "act": null}}),
        json!({"slot": 255}),
        json!({"slot": 7}),
        json!({"court": 255}),
        json!({"court": 6}),
        json!({"reroll": {"die": "raid", "face": 255}}),
        json!({"reroll": {"die": "raid", "face": 6}}),
        json!({"prelude": {"card": "BC16", "n": 255}}),
        json!({"piece": {"system": "3.1", "piece": {"building": {"slot": 255}}}}),
        json!({"piece": {"system": "3.1", "piece": {"building": {"slot": 3}}}}),
        json!({"steal": {"from": 2, "loot": {"slot": 255}}}),
        json!({"steal": {"from": 2, "loot": {"slot": 7}}}),
        json!({"player": 0}),
        json!({"player": 5}),
        json!({"trophy": {"owner": 9, "kind": "ship"}}),
        json!({"system": "7.1"}),
        json!({"system": "€.1"}),
    ];
    for v in bad {
        assert!(
            serde_json::from_value::<Choice>(v.clone()).is_err(),
            "{v} was accepted"
        );
    }
    let good = [
        json!({"spend": {"slot": 6, "as": "fuel", "act": null}}),
        json!({"slot": 6}),
        json!({"court": 5}),
        json!({"reroll": {"die": "raid", "face": 5}}),
        json!({"prelude": {"card": "BC16", "n": 1}}),
        json!({"piece": {"system": "3.1", "piece": {"building": {"slot": 2}}}}),
        json!({"steal": {"from": 2, "loot": {"slot": 6}}}),
    ];
    for v in good {
        let c: Choice = serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v}: {e}"));
        let back: Choice = show(&c).parse().unwrap();
        assert_eq!(back, c);
    }
}

#[test]
fn multibyte_text_where_a_card_is_expected() {
    for s in [
        "lead ab€x",
        "surpass €€€",
        "copy ADM€",
        "pivot A€",
        "seize €",
        "action ab€x",
        "lead ADMé",
    ] {
        assert!(s.parse::<Choice>().is_err(), "{s}");
    }
    assert_eq!(ActionCard::parse("ab€x"), None);
    assert_eq!(ActionCard::parse("€€"), None);
    let e = Scenario::parse("players 2\nP1 hand ab€x\n").unwrap_err();
    assert!(e.to_string().contains("action card"), "{e}");
}

#[test]
fn trailing_words_after_a_choice_are_an_error() {
    for s in [
        "pass junk",
        "concede whatever",
        "lead ADM2 x",
        "surpass CON5 x",
        "copy AGG3 x",
        "pivot MOB4 x",
        "declare warlord x",
        "seize AGG3 x",
        "tax x",
        "build@BC02 x",
        "spend 2 as material for build x",
        "spend 1 as weapon x",
        "prelude BC16 1 x",
        "reroll assault 3 x",
        "trophy P2 ship x",
        "end x",
        "system 3.1 x",
        "build city 3.1 x",
        "ships 2 1 x",
        "player P2 x",
        "dice 3 x",
        "piece 3.1 ship P2 fresh x",
        "piece 3.1 building 1 x",
        "steal P2 slot 3 x",
        "steal P2 card BC05 x",
        "court 2 x",
        "action ADM7 x",
        "resource fuel x",
        "arrange relic,fuel x",
        "count 3 x",
        "slot 2 x",
        "yes x",
        "no x",
        "done x",
        "stop x",
    ] {
        assert!(s.parse::<Choice>().is_err(), "{s:?} was accepted");
    }
    // A card's name is several words: `card NAME` takes the rest of the line.
    assert!("card Loyal Engineers".parse::<Choice>().is_ok());
    assert!("card Loyal Engineers x".parse::<Choice>().is_err());
}

#[test]
fn text_numbers_are_bounded_like_json() {
    for s in [
        "slot 8",
        "slot 0",
        "spend 8 as fuel",
        "court 7",
        "reroll raid 7",
        "piece 3.1 building 4",
        "steal P2 slot 8",
        "prelude BC16 9",
    ] {
        assert!(s.parse::<Choice>().is_err(), "{s:?} was accepted");
    }
}

#[test]
fn scenario_lines_that_panicked() {
    // Each of these panicked (index out of range, overflow, full array) in
    // `Scenario::parse` or `run`; now each is a malformed-line error or a
    // failed check.
    let cases = [
        "players 2\nexpect :\n",
        "players 2\nexpect ,\n",
        "players 2\nexpect P1 resources - - - - - - - -\n",
        "players 2\nexpect P1 captives\n",
        "players 2\nexpect P1 trophies\n",
        "players 2\ncourt BC01\nagents 1 empire 200 empire 200\n",
        "players 2\ncourt BC01\nagents 1 free 255 free 1\n",
        "players 2\nleader-row LEAD01 LEAD02 LEAD03 LEAD04 LEAD05 LEAD06\n",
        "players 2\nlore-row L01 L02 L03 L04 L05 L06 L07 L08 L09 L10\n",
        "players 2\ndice assault 200hit+200hit\n",
        // Face 0 of a die (faces are 1..6): `then_some` computed 0 - 1.
        "players 2\ndice assault 0\n",
        "players 2\ndice assault 99999hit\n",
    ];
    for text in cases {
        let r = run_text(text);
        assert!(!r.passed(), "{text:?} passed");
    }
    // More Court discards than the pile holds.
    let many: Vec<String> = (1..=60).map(|i| format!("F{i:02}")).collect();
    let _ = run_text(&format!("players 2\ncourt-discard {}\n", many.join(" ")));
    let all: Vec<String> = arcs_engine::data::catalog()
        .ids()
        .map(|c| c.code().to_string())
        .collect();
    let r = run_text(&format!("players 2\ncourt-discard {}\n", all.join(" ")));
    assert!(!r.passed());
}

#[test]
fn save_version_too_large_for_u32() {
    let g = Game::new(Config::base(2), 1).unwrap();
    let mut save = serde_json::to_value(Save::of(&g)).unwrap();
    // Read as a u32 it would wrap to version 1.
    save["version"] = json!(1u64 + (1u64 << 32));
    assert!(matches!(
        Save::from_json(&save.to_string()),
        Err(arcs_engine::LoadError::Version(4294967297))
    ));
}

// ------------------------------------------------------------ properties

/// Words that make up plausible choices and scenario lines, plus mangled
/// and multi-byte ones.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "pass",
            "lead",
            "surpass",
            "copy",
            "pivot",
            "declare",
            "seize",
            "tax",
            "build",
            "move",
            "spend",
            "as",
            "for",
            "prelude",
            "reroll",
            "trophy",
            "end",
            "system",
            "ships",
            "player",
            "dice",
            "piece",
            "ship",
            "building",
            "steal",
            "slot",
            "card",
            "court",
            "action",
            "resource",
            "arrange",
            "count",
            "yes",
            "no",
            "done",
            "concede",
            "ADM3",
            "AGG7",
            "CON1",
            "MOB4",
            "ADM28",
            "3.1",
            "6.3",
            "7.1",
            "0.0",
            "P1",
            "P2",
            "P5",
            "P0",
            "empire",
            "free",
            "fresh",
            "damaged",
            "fuel",
            "relic",
            "material",
            "BC05",
            "BC16",
            "L28",
            "LEAD02",
            "1",
            "2",
            "7",
            "0",
            "255",
            "256",
            "-1",
            "18446744073709551616",
            "assault",
            "raid",
            "city",
            "starport",
            "cloud-city",
            "free-city",
            "relic,fuel,-",
            "€",
            "ab€x",
            "ADM€",
            "é",
            "\u{1F600}",
            "build@BC02",
            "tax@€",
            "a@b@c",
            "",
            "\"",
            ":",
            ",",
            "#",
        ])
        .prop_map(String::from),
        "\\PC{0,6}",
        "[A-Za-z0-9.,:@#€é-]{1,8}",
    ]
}

fn words(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(word(), 0..max).prop_map(|w| w.join(" "))
}

/// Every parsed choice has a text form that reads back as itself, and a
/// JSON form that reads back as itself.
fn round_trips(c: &Choice) -> Result<(), TestCaseError> {
    let text = show(c);
    let back: Choice = text
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
    prop_assert_eq!(&back, c);
    let v = serde_json::to_value(c).unwrap();
    let back: Choice =
        serde_json::from_value(v.clone()).map_err(|e| TestCaseError::fail(format!("{v}: {e}")))?;
    prop_assert_eq!(&back, c);
    Ok(())
}

/// JSON numbers that must be handled: in and out of every range.
fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0u64..40).prop_map(Value::from),
        prop::sample::select(vec![
            json!(255),
            json!(256),
            json!(65535),
            json!(u32::MAX),
            json!(u64::MAX),
            json!(-1),
            json!(i64::MIN),
            json!(1.5),
            json!(-0.0),
            json!(1e300),
        ]),
    ]
}

fn text_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        word().prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from)
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => number(),
        3 => text_value(),
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::from),
    ]
}

/// A JSON value shaped like a choice: `"tag"` or `{"tag": x}` where `x` is
/// a leaf, or an object of plausible field names.
fn choice_json() -> impl Strategy<Value = Value> {
    let tags = prop::sample::select(vec![
        "pass",
        "lead",
        "surpass",
        "copy",
        "pivot",
        "declare",
        "seize",
        "act",
        "spend",
        "prelude",
        "reroll",
        "trophy",
        "end_turn",
        "system",
        "build",
        "ships",
        "player",
        "dice",
        "piece",
        "steal",
        "court",
        "card",
        "action_card",
        "resource",
        "slot",
        "arrange",
        "count",
        "yes",
        "no",
        "done",
        "concede",
    ]);
    let fields = prop::sample::select(vec![
        "slot", "as", "act", "card", "n", "die", "face", "owner", "kind", "system", "fresh",
        "damaged", "from", "loot", "piece", "std", "via", "ship", "building",
    ]);
    let inner = prop_oneof![
        3 => leaf(),
        2 => prop::collection::btree_map(fields, leaf(), 0..4)
            .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        1 => prop::collection::vec(leaf(), 0..8).prop_map(Value::Array),
    ];
    prop_oneof![
        tags.clone().prop_map(Value::from),
        (tags, inner).prop_map(|(t, x)| json!({ t: x })),
    ]
}

fn config_json() -> impl Strategy<Value = Value> {
    let keys = prop::sample::select(vec![
        "players",
        "mode",
        "setup_card",
        "split_discard",
        "court",
        "leaders_lore",
        "second_lore",
        "leaders",
        "lore",
        "assign",
        "leader",
        "bogus",
    ]);
    let val = prop_oneof![
        3 => leaf(),
        1 => prop::sample::select(vec![
            json!("base"), json!("leaders-lore"), json!("all"), json!("pack"), json!("3SETUP02"),
            json!(["BC01", "BC02", "BC03"]), json!(["BC01", "BC01", "BC03", "BC04"]),
            json!(["LEAD01", "€"]), json!([{"leader": "LEAD02", "lore": ["L05"]}]),
            json!({"second_lore": true, "leaders": "base"}), json!({"assign": [{"leader": 3}]}),
        ]),
    ];
    (
        prop_oneof![(0u64..6).prop_map(Value::from), number()],
        prop::collection::btree_map(keys, val, 0..4),
    )
        .prop_map(|(p, m)| {
            let mut o: serde_json::Map<String, Value> =
                m.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            o.insert("players".into(), p);
            Value::Object(o)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Arbitrary text (any Unicode) into the choice parser: an error or a
    /// choice whose text and JSON forms read back as itself.
    #[test]
    fn choice_text_is_total(text in prop_oneof![words(7), "\\PC{0,40}", any::<String>()]) {
        if let Ok(c) = text.parse::<Choice>() {
            round_trips(&c)?;
        }
    }

    /// JSON shaped like a choice, with out-of-range numbers and non-ASCII
    /// text: an error, or a choice that formats and round-trips.
    #[test]
    fn choice_json_is_total(v in choice_json()) {
        if let Ok(c) = serde_json::from_value::<Choice>(v) {
            round_trips(&c)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Arbitrary configs: an error, or a game that starts.
    #[test]
    fn config_json_is_total(v in config_json(), seed in any::<u64>()) {
        if let Ok(c) = serde_json::from_value::<Config>(v) {
            if let Ok(g) = Game::new(c, seed) {
                let _ = serde_json::to_string(&g.view(None)).unwrap();
            }
        }
    }

    /// Saves with arbitrary seats and choices (most out of range or
    /// illegal), arbitrary versions and formats: an error naming the problem,
    /// or a game.
    #[test]
    fn save_loading_is_total(
        choices in prop::collection::vec((leaf(), choice_json()), 0..4),
        version in prop_oneof![Just(json!(1)), number()],
        format in prop_oneof![Just(json!("arcs-journal")), text_value()],
        players in prop_oneof![2u64..5, 0u64..300],
        seed in any::<u64>(),
    ) {
        let save = json!({
            "format": format, "version": version, "config": {"players": players},
            "seed": seed,
            "choices": choices.into_iter().map(|(s, c)| json!({"seat": s, "choice": c})).collect::<Vec<_>>(),
        });
        if let Ok(s) = Save::from_json(&save.to_string()) {
            match s.load() {
                Ok(g) => { let _ = Save::of(&g).to_json(); }
                Err(e) => { let _ = e.to_string(); }
            }
        }
    }

    /// Arbitrary text as a save file.
    #[test]
    fn save_text_is_total(text in "\\PC{0,200}") {
        if let Ok(s) = Save::from_json(&text) {
            let _ = s.load().map_err(|e| e.to_string());
        }
    }
}

/// Scenario lines: setup keywords and step keywords followed by plausible
/// and mangled words.
fn scenario_line() -> impl Strategy<Value = String> {
    let head = prop::sample::select(vec![
        "players 2",
        "players 3",
        "seed",
        "setup-card",
        "out-of-play",
        "initiative",
        "chapter",
        "split-discard",
        "phase",
        "leader-row",
        "lore-row",
        "lore-deck",
        "court",
        "court-deck",
        "court-discard",
        "agents 1",
        "system 3.1:",
        "system",
        "declare",
        "flipped",
        "box",
        "supply",
        "action-discard",
        "play P1",
        "zero-marker",
        "seized",
        "turn",
        "dice assault",
        "dice raid",
        "P1 hand",
        "P2 hand",
        "P1 next-deal",
        "P1 resources",
        "P1 power",
        "P1 cities",
        "P1 supply",
        "P1 outrage",
        "P1 placeholder",
        "P1 leader",
        "P1 lore",
        "P1 guild",
        "P1 trophies",
        "P1 captives",
        "P5 hand",
        "name",
        "do P1",
        "refuse P1",
        "expect",
        "expect P1",
        "expect system 3.1",
        "expect court",
        "expect legal P1",
        "expect P1 resources",
        "expect P1 trophies",
        "expect P1 captives",
        "expect P1 hand",
        "expect action-discard",
        "expect available",
        "expect marker",
        "phase setup",
        "phase chapter-start",
        "setup-card 2SETUP01",
        "leader-row LEAD01 LEAD02 LEAD03",
        "lore-row L01 L02 L03",
        "court BC01 BC02 BC03",
        "P1 hand ADM2 AGG4",
        "P2 hand ADM3 CON5",
        "do P1 lead ADM2",
        "expect court size",
        "expect court-deck size",
        "expect P1 ambition",
        "expect P2 ambition tycoon",
        "expect box",
        "expect box empty",
        "expect pips",
        "expect action-discard top",
        "expect private-log P1",
        "expect auto P1",
        "expect auto",
        "expect view P1 sees-hand P2",
        "expect log",
        "#",
        "\"",
    ]);
    (head, words(6)).prop_map(|(h, w)| format!("{h} {w}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Arbitrary text as a scenario file: a parse error, or a scenario that
    /// builds and runs to a report.
    #[test]
    fn scenario_text_is_total(text in prop_oneof![
        "\\PC{0,120}",
        prop::collection::vec(scenario_line(), 0..8)
            .prop_map(|l| format!("players 2\n{}\n", l.join("\n"))),
        prop::collection::vec(scenario_line(), 0..8)
            .prop_map(|l| l.join("\n")),
    ]) {
        let r = run_text(&text);
        let _ = serde_json::to_string(&r).unwrap();
    }
}

#[test]
fn seats_out_of_range_are_refused() {
    for v in [
        json!(0),
        json!(5),
        json!(-1),
        json!(u64::MAX),
        json!("P0"),
        json!("P€"),
        json!(1.0),
    ] {
        assert!(serde_json::from_value::<Seat>(v.clone()).is_err(), "{v}");
    }
}
