//! Choices in player language (issue 12 item 2): every choice of every
//! decision reached in seeded random play is described without raw
//! grammar, non-empty and distinct from the other choices of its decision;
//! and a snapshot of the descriptions at one decision of every prompt kind
//! (base and Leaders & Lore), committed under `tests/snapshots/`.

use arcs_engine::flow::Frame;
use arcs_engine::{describe_choices, describe_prompt, Choice, Config, Game, GameState, NoEvents};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use regex::Regex;
use std::collections::BTreeMap;

/// What raw grammar looks like: machine words a person should never read.
fn raw_grammar() -> Vec<(&'static str, Regex)> {
    [
        ("a bare slot number", r"(?i)\bslot \d"),
        ("a machine piece", r"\bP\d (fresh|damaged)\b"),
        ("a die face number", r"(?i)\b(assault|skirmish|raid)( die)? \d|showing \d"),
        ("a card code", r"\b(ARCS-)?[A-Z]{2,}[0-9]{2}\b"),
        ("an action-card code", r"\b((ADM|AGG|CON|MOB)[1-7]|(FAI|ZEA|WIS)[1-9])\b"),
        ("a lore or leader code", r"\b(L|LEAD)\d{2}\b"),
        ("spend grammar", r"(?i)\bas (material|fuel|weapon|relic|psionic) for\b"),
        ("a lowercase resource", r"\b(material|fuel|weapon|relic|psionic)\b"),
        ("a lowercase ambition", r"\b(tycoon|tyrant|warlord|keeper|empath)\b"),
        ("snake_case", r"\b[a-z]+_[a-z_]+\b"),
        ("Some(", r"Some\("),
        ("None", r"\bNone\b"),
        ("braces or brackets", r"[{}\[\]]"),
        ("an unknown name", r"\?|unknown|card#"),
        // The general words used when no context fits: every decision of
        // the game has its own words, so these mean a context was missed.
        ("a context-free fallback", r"^(Choose |Yes$|No$|Stop here$)"),
        ("numbered look-alikes", r"\(option \d+\)$"),
        // The map labels a gate "6", never "6.0".
        ("a gate as a code", r"\b[1-6]\.0\b"),
        ("a wrong plural", r"\b1 (ships|cards|agents|resources|hits|keys|pips|dice|Trophies|Captives|cities|starports|buildings|Favors|pieces)\b"),
        ("one piece of many", r"\ba [A-Z][a-z]+ pieces\b"),
        ("a machine choice word", r"^(piece|steal|court|card|action|system|ships|dice|count|arrange|resource|spend|prelude|reroll|trophy|player|lead|surpass|copy|pivot|seize|declare|end|pass|done|yes|no)\b"),
    ]
    .into_iter()
    .map(|(why, re)| (why, Regex::new(re).expect("pattern compiles")))
    .collect()
}

/// The checks that apply to a prompt's words as well as to choices.
const PROMPT_CHECKS: &[&str] = &[
    "a card code",
    "an action-card code",
    "braces or brackets",
    "a gate as a code",
    "a wrong plural",
    "one piece of many",
    "snake_case",
];

/// Checks one decision's descriptions; returns the problems found.
fn check(s: &GameState, choices: &[Choice], patterns: &[(&'static str, Regex)]) -> Vec<String> {
    let Some((seat, prompt)) = s.prompt() else {
        return vec!["a decision without a prompt".into()];
    };
    let words = describe_choices(s, seat, &prompt, choices);
    let mut bad = Vec::new();
    let prompt_words = describe_prompt(s, seat, &prompt);
    if prompt_words.trim().is_empty() {
        bad.push(format!("empty prompt for {prompt:?}"));
    }
    for (why, re) in patterns
        .iter()
        .filter(|(why, _)| PROMPT_CHECKS.contains(why))
    {
        if re.is_match(&prompt_words) {
            bad.push(format!("the prompt reads {prompt_words:?}: {why}"));
        }
    }
    for (c, w) in choices.iter().zip(&words) {
        if w.trim().is_empty() {
            bad.push(format!("`{c}`: empty description"));
        }
        for (why, re) in patterns {
            if re.is_match(w) {
                bad.push(format!("`{c}` reads {w:?}: {why} ({prompt:?})"));
            }
        }
    }
    for (i, w) in words.iter().enumerate() {
        if words[..i].contains(w) {
            bad.push(format!("two choices read {w:?} ({prompt:?}): {choices:?}"));
        }
    }
    bad
}

fn configs() -> Vec<Config> {
    let mut v = Vec::new();
    for players in 2..=4 {
        v.push(Config::base(players));
        v.push(Config::leaders_lore(players));
        let mut second = Config::leaders_lore(players);
        second.leaders_lore.second_lore = true;
        v.push(second);
        // The campaign, Fates drawn (docs/campaign.md).
        v.push(Config::campaign(players));
    }
    v
}

/// Plays one seeded random game on the state alone (no log), calling `f`
/// at every decision with its choices.
fn play(config: &Config, seed: u64, mut f: impl FnMut(&GameState, &[Choice])) {
    let game = Game::new(config.clone(), seed).expect("config is valid");
    let mut s = game.state().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut buf = Vec::new();
    for _ in 0..5000 {
        if s.is_over() || s.choices_into(&mut buf).is_none() {
            break;
        }
        f(&s, &buf);
        let c = buf[rng.gen_range(0..buf.len())];
        s.apply_unchecked(c, &mut NoEvents);
    }
}

#[test]
fn no_description_reads_as_raw_grammar() {
    let patterns = raw_grammar();
    let mut problems = BTreeMap::new();
    let mut decisions = 0usize;
    let games_each = std::env::var("ARCS_DESCRIBE_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300u64);
    for (k, config) in configs().iter().enumerate() {
        for g in 0..games_each {
            let seed = 1000 * k as u64 + g;
            play(config, seed, |s, cs| {
                decisions += 1;
                for p in check(s, cs, &patterns) {
                    problems.entry(p).or_insert(seed);
                }
            });
        }
    }
    assert!(decisions > 10_000, "only {decisions} decisions");
    let list: Vec<String> = problems
        .iter()
        .take(40)
        .map(|(p, seed)| format!("seed {seed}: {p}"))
        .collect();
    // One example of each kind of problem first, then the first 40.
    let mut kinds: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for (p, seed) in &problems {
        let why = p.rsplit_once(": ").map_or(p.as_str(), |x| x.1);
        let why = why.split(" (").next().unwrap_or(why).to_string();
        let e = kinds.entry(why).or_insert((0, format!("seed {seed}: {p}")));
        e.0 += 1;
    }
    let kinds: Vec<String> = kinds
        .iter()
        .map(|(why, (n, example))| format!("{n} × {why}, e.g. {example}"))
        .collect();
    assert!(
        problems.is_empty(),
        "{} problem(s) in {decisions} decisions:\n{}\n\n{}",
        problems.len(),
        kinds.join("\n"),
        list.join("\n")
    );
}

/// The log's `auto` events read in words too.
#[test]
fn auto_events_read_in_words() {
    let patterns = raw_grammar();
    let mut autos = 0;
    for (k, config) in configs().iter().enumerate().step_by(2) {
        let mut game = Game::new(config.clone(), 77 + k as u64).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
        while let arcs_engine::Pending::Decision(d) = game.pending() {
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            game.apply(d.seat, c).unwrap();
        }
        for e in game.log().iter().filter(|e| e.tag == "auto") {
            autos += 1;
            let words = e
                .text
                .strip_prefix("Only one option, taken automatically: ")
                .unwrap_or_else(|| panic!("auto event {:?}", e.text));
            for (why, re) in &patterns {
                assert!(!re.is_match(words), "auto event {:?}: {why}", e.text);
            }
        }
    }
    assert!(autos > 20, "only {autos} auto events");
}

/// Dumps every distinct (prompt kind, choice kind) description seen, for a
/// person to read: `cargo test -p arcs-engine --test describe dump -- --ignored --nocapture`.
#[test]
#[ignore]
fn dump() {
    let mut seen = BTreeMap::new();
    for (k, config) in configs().iter().enumerate() {
        for g in 0..20u64 {
            play(config, 1000 * k as u64 + g, |s, cs| {
                let (seat, prompt) = s.prompt().unwrap();
                let words = describe_choices(s, seat, &prompt, cs);
                let pk = prompt_key(s, &prompt);
                for (c, w) in cs.iter().zip(words) {
                    let ck = format!("{c:?}");
                    let ck = ck.split(['(', ' ', '{']).next().unwrap_or("").to_string();
                    seen.entry((pk.clone(), ck))
                        .or_insert_with(|| format!("{c}  =>  {w}"));
                }
            });
        }
    }
    for ((p, c), w) in seen {
        println!("{p:40} {c:12} {w}");
    }
}

/// A prompt's kind, with the card effect or battle stage for card prompts.
fn prompt_key(s: &GameState, p: &arcs_engine::Prompt) -> String {
    let kind = serde_json::to_value(p)
        .ok()
        .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
        .unwrap_or_default();
    match (p, s.stack.last()) {
        (arcs_engine::Prompt::Card { .. }, Some(Frame::Card(e))) => {
            let v = serde_json::to_value(e).unwrap_or_default();
            format!(
                "card/{}",
                v.get("effect").and_then(|x| x.as_str()).unwrap_or("?")
            )
        }
        (arcs_engine::Prompt::Card { .. }, Some(Frame::Battle(_))) => "card/battle_reroll".into(),
        _ => kind,
    }
}

// ------------------------------------------------------------ snapshots

/// Every `Prompt` kind, by its JSON `kind`.
const PROMPT_KINDS: [&str; 23] = [
    "mulligan",
    "play_card",
    "turn",
    "tax_target",
    "build_target",
    "move_from",
    "move_ships",
    "move_to",
    "catapult_drop",
    "catapult_on",
    "repair_target",
    "influence_target",
    "secure_target",
    "battle_system",
    "battle_defender",
    "battle_dice",
    "assign_hit",
    "raid",
    "ransack",
    "arrange",
    "eliminated_gate",
    "draft",
    "card",
];

/// The first decision seen of each prompt kind (card prompts by effect),
/// written out: where it was met, the prompt, each choice's machine text
/// and its words.
#[derive(Default)]
struct Catalogue {
    first: BTreeMap<String, String>,
}

impl Catalogue {
    fn note(&mut self, s: &GameState, choices: &[Choice], origin: &str) {
        let Some((seat, prompt)) = s.prompt() else {
            return;
        };
        let key = prompt_key(s, &prompt);
        if self.first.contains_key(&key) {
            return;
        }
        let words = describe_choices(s, seat, &prompt, choices);
        let mut text = format!(
            "{origin}, {seat} decides\nprompt: {}\n",
            describe_prompt(s, seat, &prompt)
        );
        const SHOWN: usize = 14;
        for (c, w) in choices.iter().zip(&words).take(SHOWN) {
            text.push_str(&format!("  {:<32} {w}\n", c.to_string()));
        }
        if choices.len() > SHOWN {
            text.push_str(&format!("  ... and {} more\n", choices.len() - SHOWN));
        }
        self.first.insert(key, text);
    }

    fn kinds(&self) -> impl Iterator<Item = &str> {
        self.first
            .keys()
            .map(|k| k.split('/').next().unwrap_or(k.as_str()))
    }

    fn render(&self) -> String {
        self.first
            .iter()
            .map(|(k, v)| format!("## {k}\n{v}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn scenario_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "pending") {
                scenario_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "scn") {
            out.push(p);
        }
    }
}

/// Replays a scenario file's `do` lines from its starting position,
/// calling `f` at every decision on the way (until a line does not apply).
fn replay_scenario(text: &str, mut f: impl FnMut(&GameState, &[Choice])) {
    let Ok(sc) = arcs_engine::scenario::Scenario::parse(text) else {
        return;
    };
    let Ok(mut game) = sc.build() else { return };
    let mut buf = Vec::new();
    for line in text.lines() {
        if game.state().choices_into(&mut buf).is_some() && !game.state().is_over() {
            f(game.state(), &buf);
        }
        let line = line.split('#').next().unwrap_or("").trim();
        let Some(rest) = line.strip_prefix("do ") else {
            continue;
        };
        let Some((seat, choice)) = rest.split_once(' ') else {
            return;
        };
        let (Ok(seat), Ok(choice)) = (
            serde_json::from_value::<arcs_engine::Seat>(serde_json::json!(seat)),
            choice.trim().parse::<Choice>(),
        ) else {
            return;
        };
        if game.apply(seat, choice).is_err() {
            return;
        }
    }
}

/// Random games of `configs`, then the scenario files under `dirs`.
fn catalogue(configs: &[Config], dirs: &[&str]) -> Catalogue {
    let mut cat = Catalogue::default();
    for config in configs {
        for seed in 0..40u64 {
            let origin = format!("random {}-player game, seed {seed}", config.players);
            play(config, seed, |s, cs| cat.note(s, cs, &origin));
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut files = Vec::new();
    for d in dirs {
        scenario_files(&root.join(d), &mut files);
    }
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let name = f.strip_prefix(&root).unwrap_or(&f).display().to_string();
        let origin = format!("scenarios/{name}");
        replay_scenario(&text, |s, cs| cat.note(s, cs, &origin));
    }
    cat
}

#[test]
fn descriptions_at_every_prompt_kind() {
    let base = catalogue(
        &[Config::base(2), Config::base(3), Config::base(4)],
        &["rules", "cards", "dt", "ex"],
    );
    let mut second = Config::leaders_lore(3);
    second.leaders_lore.second_lore = true;
    let ll = catalogue(
        &[
            Config::leaders_lore(2),
            Config::leaders_lore(3),
            Config::leaders_lore(4),
            second,
        ],
        &["ll"],
    );
    for kind in PROMPT_KINDS {
        assert!(
            base.kinds().chain(ll.kinds()).any(|k| k == kind),
            "no decision of kind {kind} was reached"
        );
    }
    // Every prompt kind of the base game is reached in the base game itself.
    for kind in PROMPT_KINDS.iter().filter(|k| **k != "draft") {
        assert!(base.kinds().any(|k| k == *kind), "base: no {kind}");
    }
    insta::assert_snapshot!("base", base.render());
    insta::assert_snapshot!("leaders_lore", ll.render());
}

/// The words of scenario decisions (rare positions set up by hand) are
/// as clean as those of random play.
#[test]
fn scenario_decisions_read_in_words() {
    let patterns = raw_grammar();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut files = Vec::new();
    scenario_files(&root, &mut files);
    files.sort();
    let mut problems = Vec::new();
    let mut decisions = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        replay_scenario(&text, |s, cs| {
            decisions += 1;
            for p in check(s, cs, &patterns) {
                problems.push(format!("{}: {p}", f.display()));
            }
        });
    }
    assert!(decisions > 1000, "only {decisions} decisions");
    assert!(
        problems.is_empty(),
        "{}",
        problems[..problems.len().min(30)].join("\n")
    );
}

/// Descriptions never panic: odd choices (out-of-range slots, positions,
/// cards, faces, seats) and odd seats at decisions of random play.
#[test]
fn odd_choices_and_seats_never_panic() {
    use arcs_engine::{Act, BuildTarget, CardId, Loot, Piece, Seat, SystemId};
    use arcs_engine::{ActionCard, Ambition, Owner, Resource, StdAction};
    let odd = [
        Choice::Slot(200),
        Choice::Court(200),
        Choice::Card(CardId(60000)),
        Choice::ActionCard(ActionCard(200)),
        Choice::Lead(ActionCard(200)),
        Choice::Seize(ActionCard(27)),
        Choice::Reroll {
            die: arcs_engine::data::DieKind::Raid,
            face: 200,
        },
        Choice::Trophy {
            owner: Seat(9),
            kind: arcs_engine::state::TrophyKind::City,
        },
        Choice::Player(Seat(9)),
        Choice::System(SystemId(200)),
        Choice::Build {
            kind: BuildTarget::Ship,
            system: SystemId(200),
        },
        Choice::Piece {
            system: SystemId(200),
            piece: Piece::Building { slot: 200 },
        },
        Choice::Piece {
            system: SystemId(3),
            piece: Piece::Ship {
                owner: Owner::Seat(Seat(200)),
                damaged: true,
            },
        },
        Choice::Steal {
            from: Seat(9),
            loot: Loot::Slot(200),
        },
        Choice::Steal {
            from: Seat(1),
            loot: Loot::Card(CardId(60000)),
        },
        Choice::Spend {
            slot: 200,
            as_: Resource::Fuel,
            act: Some(Act::new_action(StdAction::Tax, CardId(60000))),
        },
        Choice::Prelude {
            card: CardId(60000),
            n: 9,
        },
        Choice::Act(Act::new_action(StdAction::Move, CardId(3))),
        Choice::Arrange([Some(Resource::Relic); 7]),
        Choice::Ships {
            fresh: 255,
            damaged: 255,
        },
        Choice::Count(255),
        Choice::Dice(255),
        Choice::Declare(Ambition::Empath),
        Choice::Concede,
    ];
    let mut n = 0;
    for (k, config) in configs().iter().enumerate() {
        for g in 0..4u64 {
            let mut i = 0u32;
            play(config, 500 + 10 * k as u64 + g, |s, cs| {
                i += 1;
                if !i.is_multiple_of(5) {
                    return;
                }
                let (_, prompt) = s.prompt().unwrap();
                for seat in [0u8, 1, 3, 5, 9, 255].map(Seat) {
                    n += 1;
                    let _ = describe_prompt(s, seat, &prompt);
                    let _ = describe_choices(s, seat, &prompt, &odd);
                    let _ = describe_choices(s, seat, &prompt, cs);
                }
            });
        }
    }
    assert!(n > 1000, "{n}");
}

/// Every log line reads in words (base, Leaders & Lore and the campaign
/// with each implemented Fate): no machine form of an action (`tax@CC10`),
/// no card code, no debug text.
#[test]
fn log_lines_read_in_words() {
    let patterns: Vec<(&str, Regex)> = [
        ("a machine action", r"@"),
        ("a card code", r"\b(ARCS-)?[A-Z]{2,}[0-9]{2}\b"),
        (
            "an action-card code",
            r"\b((ADM|AGG|CON|MOB)[1-7]|(FAI|ZEA|WIS)[1-9])\b",
        ),
        ("snake_case", r"\b[a-z]+_[a-z_]+\b"),
        ("Some(", r"Some\("),
        ("None", r"\bNone\b"),
        // Dice read "[hit, blank]": brackets are the log's dice notation.
        ("braces", r"[{}]"),
        ("a hedged plural", r"\(s\)"),
        ("a wrong plural", r"\b1 (ships|fresh ships|damaged ships|cards|agents|Rival agents|resources|hits|keys|Guild cards|buildings|pieces)\b"),
    ]
    .into_iter()
    .map(|(why, re)| (why, Regex::new(re).expect("pattern compiles")))
    .collect();
    let mut configs = configs();
    let fates = arcs_engine::campaign::fates::playable('A');
    for players in 2..=4u8 {
        for k in 0..fates.len() {
            let mut c = Config::campaign(players);
            c.campaign.fates = arcs_engine::config::FateSelection::Fixed(
                (0..players as usize)
                    .map(|i| fates[(k + i) % fates.len()].code().to_string())
                    .collect(),
            );
            configs.push(c);
        }
    }
    let mut lines = 0;
    for (k, config) in configs.iter().enumerate() {
        let mut game = Game::new(config.clone(), 4242 + k as u64).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(k as u64 ^ 0x106);
        while let arcs_engine::Pending::Decision(d) = game.pending() {
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            game.apply(d.seat, c).unwrap();
        }
        for e in game.log() {
            lines += 1;
            for (why, re) in &patterns {
                assert!(
                    !re.is_match(&e.text),
                    "log line {:?} ({:?}, seed {}): {why}",
                    e.text,
                    config.mode,
                    4242 + k as u64
                );
            }
        }
    }
    assert!(lines > 10_000, "only {lines} log lines");
}
