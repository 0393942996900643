//! Scenario files: set up any position in a few readable lines, apply
//! choices, and assert on the result, including that a choice is refused.
//! The format is documented in `docs/scenarios.md`.

use crate::choice::Choice;
use crate::config::Config;
use crate::data::{components, DieKind};
use crate::flow::Frame;
use crate::game::Game;
use crate::ids::*;
use crate::state::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A malformed scenario: which line, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScenarioError {
    pub line: usize,
    pub message: String,
}

#[derive(Clone, Debug)]
struct Line {
    no: usize,
    text: String,
    words: Vec<String>,
}

/// A parsed scenario, ready to run.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub name: String,
    setup: Vec<Line>,
    steps: Vec<Line>,
}

/// One checked line of a run.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Check {
    pub line: usize,
    pub text: String,
    pub ok: bool,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// The outcome of running a scenario.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    pub name: String,
    pub checks: Vec<Check>,
    /// Set when the run stopped early (a `do` failed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.stopped.is_none() && self.checks.iter().all(|c| c.ok)
    }
}

fn err<T>(line: &Line, msg: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError {
        line: line.no,
        message: format!("{} (in `{}`)", msg.into(), line.text),
    })
}

/// Splits a line into words, keeping "quoted text" together and dropping
/// `#` comments; ':' and ',' are separate words.
fn words(text: &str) -> Vec<String> {
    // Choice lines keep commas inside words (`arrange relic,fuel,-`).
    let first = text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let second = text
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .to_ascii_lowercase();
    let choice_line = matches!(first.as_str(), "do" | "refuse")
        || (first == "expect" && matches!(second.as_str(), "legal" | "illegal" | "auto"));
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for ch in text.chars() {
        match ch {
            '"' => {
                if quoted {
                    out.push(std::mem::take(&mut cur));
                }
                quoted = !quoted;
            }
            _ if quoted => cur.push(ch),
            '#' => break,
            ' ' | '\t' => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            ':' | ',' if !choice_line => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                out.push(ch.to_string());
            }
            _ => cur.push(ch),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

impl Scenario {
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        let mut name = String::from("scenario");
        let mut setup = Vec::new();
        let mut steps: Vec<Line> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let w = words(raw);
            if w.is_empty() {
                continue;
            }
            let line = Line {
                no: i + 1,
                text: raw.trim().to_string(),
                words: w,
            };
            let head = line.words[0].to_ascii_lowercase();
            if head == "name" {
                name = line.words[1..].join(" ");
                continue;
            }
            if matches!(head.as_str(), "do" | "refuse" | "expect") {
                steps.push(line);
            } else if !steps.is_empty() {
                return err(
                    &line,
                    "setup lines must come before the first do/refuse/expect line",
                );
            } else {
                setup.push(line);
            }
        }
        let sc = Scenario { name, setup, steps };
        // Check every line now so a malformed file fails before it runs.
        sc.build()?;
        for l in &sc.steps {
            parse_step(l)?;
        }
        Ok(sc)
    }

    /// Builds the starting position.
    pub fn build(&self) -> Result<Game, ScenarioError> {
        Builder::new(&self.setup)?.finish()
    }

    /// Runs the scenario; a malformed line is reported as a failed check.
    pub fn run(&self) -> Report {
        let mut report = Report {
            name: self.name.clone(),
            checks: Vec::new(),
            stopped: None,
        };
        let mut game = match self.build() {
            Ok(g) => g,
            Err(e) => {
                report.stopped = Some(e.to_string());
                return report;
            }
        };
        for l in &self.steps {
            let step = match parse_step(l) {
                Ok(s) => s,
                Err(e) => {
                    report.stopped = Some(e.to_string());
                    return report;
                }
            };
            let faults = game.state().anomalies;
            let mut res = run_step(&mut game, &step);
            // An internal fault (a decision left without a legal choice)
            // fails the step that caused it, whatever the expectations say.
            if res.is_ok() && game.state().anomalies > faults {
                res = Err(
                    "internal engine fault: a decision without legal choices (or a \
                           runaway frame) was skipped"
                        .to_string(),
                );
            }
            let ok = res.is_ok();
            report.checks.push(Check {
                line: l.no,
                text: l.text.clone(),
                ok,
                detail: res.err().unwrap_or_default(),
            });
            if !ok && matches!(step, Step::Do(..)) {
                report.stopped = Some(format!(
                    "line {}: `{}` failed, scenario stopped",
                    l.no, l.text
                ));
                return report;
            }
        }
        report
    }
}

// ------------------------------------------------------------------ setup

fn parse_seat(line: &Line, w: &str) -> Result<Seat, ScenarioError> {
    let n: u8 = match w.trim_start_matches(['P', 'p']).parse() {
        Ok(n) => n,
        Err(_) => return err(line, format!("expected a seat P1..P4, got {w:?}")),
    };
    if !(1..=4).contains(&n) {
        return err(line, format!("no seat {w}"));
    }
    Ok(Seat(n - 1))
}

fn parse_owner(line: &Line, w: &str) -> Result<Owner, ScenarioError> {
    match w.to_ascii_lowercase().as_str() {
        "empire" => Ok(Owner::Empire),
        "free" => Ok(Owner::Free),
        "blight" => Ok(Owner::Blight),
        _ => parse_seat(line, w).map(Owner::Seat),
    }
}

fn parse_num<T: std::str::FromStr>(line: &Line, w: Option<&String>) -> Result<T, ScenarioError> {
    match w.and_then(|w| w.parse().ok()) {
        Some(n) => Ok(n),
        None => err(
            line,
            format!(
                "expected a number, got {:?}",
                w.map(|s| s.as_str()).unwrap_or("")
            ),
        ),
    }
}

fn parse_system(line: &Line, w: Option<&String>) -> Result<SystemId, ScenarioError> {
    match w.and_then(|w| SystemId::parse(w)) {
        Some(s) => Ok(s),
        None => err(
            line,
            "expected a system like 3.1 (cluster.position, 0 = gate)",
        ),
    }
}

fn parse_resource(line: &Line, w: &str) -> Result<Resource, ScenarioError> {
    Resource::parse(w).map_or_else(|| err(line, format!("unknown resource {w:?}")), Ok)
}

fn parse_card(line: &Line, w: &str) -> Result<CardId, ScenarioError> {
    CardId::parse(w).map_or_else(|| err(line, format!("unknown card {w:?}")), Ok)
}

/// A card that must be of `kind` (`what` names the kind in the error).
fn parse_card_of(
    line: &Line,
    w: &str,
    kind: crate::data::CardKind,
    what: &str,
) -> Result<CardId, ScenarioError> {
    let c = parse_card(line, w)?;
    if c.info().kind != kind {
        return err(line, format!("{} is not {what}", c.code()));
    }
    Ok(c)
}

fn parse_action_card(line: &Line, w: &str) -> Result<ActionCard, ScenarioError> {
    ActionCard::parse(w).map_or_else(
        || {
            err(
                line,
                format!("expected an action card like ADM3, got {w:?}"),
            )
        },
        Ok,
    )
}

fn parse_ambition(line: &Line, w: &str) -> Result<Ambition, ScenarioError> {
    Ambition::parse(w).map_or_else(|| err(line, format!("unknown ambition {w:?}")), Ok)
}

/// A unit test's table: the state a scenario's setup lines build (panics
/// on a bad text, which is the test's own).
#[cfg(test)]
pub(crate) fn test_state(text: &str) -> crate::state::GameState {
    Scenario::parse(text)
        .unwrap_or_else(|e| panic!("{text}\n{e:?}"))
        .build()
        .unwrap_or_else(|e| panic!("{text}\n{e:?}"))
        .state()
        .clone()
}

/// Reads a die face: 1..6 (components.md §4 order) or its content, e.g.
/// `hit+intercept`, `2hit`, `blank`, `intercept+2key`, `buildinghit+self`.
pub fn parse_face(kind: DieKind, w: &str) -> Option<u8> {
    if let Ok(n) = w.parse::<u8>() {
        return (1..=6).contains(&n).then(|| n - 1);
    }
    let mut want = crate::data::DieFace::default();
    if w != "blank" {
        for part in w.split('+') {
            let (n, name) = match part.find(|c: char| !c.is_ascii_digit()) {
                Some(0) => (1, part),
                Some(i) => (part[..i].parse().ok()?, &part[i..]),
                None => return None,
            };
            let count = match name {
                "hit" | "hits" => &mut want.hit,
                "buildinghit" | "building" | "bhit" => &mut want.building_hit,
                "self" | "selfhit" => &mut want.self_hit,
                "intercept" => &mut want.intercept,
                "key" | "keys" => &mut want.key,
                _ => return None,
            };
            *count = count.checked_add(n)?;
        }
    }
    components()
        .die(kind)
        .iter()
        .position(|f| *f == want)
        .map(|i| i as u8)
}

struct Builder {
    players: u8,
    seed: u64,
    state: GameState,
    config: Config,
    hands_set: bool,
    court_set: bool,
    court_deck_top: Vec<CardId>,
    court_discard: Vec<CardId>,
    discard_bottom: Vec<ActionCard>,
    phase_chapter_start: bool,
    phase_setup: bool,
    /// Campaign: play begins at this step of the Intermission (A = 0 ..
    /// F = 5) after the Act the position is in (`phase intermission`).
    phase_intermission: Option<u8>,
    /// Campaign: play begins at the setup of this Act (2 or 3; `phase
    /// setup act N`).
    phase_next_act: Option<u8>,
    leader_row: Vec<CardId>,
    lore_row: Vec<CardId>,
    lore_deck_top: Vec<CardId>,
    turn: Option<Seat>,
    supply_override: Vec<(Seat, TrophyKind, u8)>,
}

impl Builder {
    fn new(lines: &[Line]) -> Result<Builder, ScenarioError> {
        let mut players = 0;
        let mut seed = 0;
        let mut campaign = false;
        for l in lines {
            match l.words[0].to_ascii_lowercase().as_str() {
                "players" => players = parse_num(l, l.words.get(1))?,
                "seed" => seed = parse_num(l, l.words.get(1))?,
                "mode" => match l.words.get(1).map(|x| x.to_ascii_lowercase()).as_deref() {
                    Some("campaign") => campaign = true,
                    Some("base") => {}
                    _ => return err(l, "mode base|campaign"),
                },
                _ => {}
            }
        }
        if !(2..=4).contains(&players) {
            return Err(ScenarioError {
                line: 0,
                message: "a scenario needs `players 2|3|4`".into(),
            });
        }
        let mut state = crate::setup::empty_state(players, ChaCha8Rng::seed_from_u64(seed));
        if campaign {
            // The campaign's shared systems (docs/scenarios.md, Campaign):
            // Act I, no Fates unless `fate` lines give them.
            let mut c = crate::campaign::Campaign::new(1);
            c.envoys_depart = players == 2;
            // As after setup without a Steward: the first initiative holder
            // (P1) has the First Regent tile unless a line says otherwise.
            c.first_regent = Some(Seat(0));
            state.campaign = Some(c);
        }
        let mut b = Builder {
            players,
            seed,
            state,
            config: if campaign {
                Config::campaign_without_fates(players)
            } else {
                Config::base(players)
            },
            hands_set: false,
            court_set: false,
            court_deck_top: Vec::new(),
            court_discard: Vec::new(),
            discard_bottom: Vec::new(),
            phase_chapter_start: false,
            phase_setup: false,
            phase_intermission: None,
            phase_next_act: None,
            leader_row: Vec::new(),
            lore_row: Vec::new(),
            lore_deck_top: Vec::new(),
            turn: None,
            supply_override: Vec::new(),
        };
        for l in lines {
            b.apply(l)?;
        }
        Ok(b)
    }

    fn apply(&mut self, l: &Line) -> Result<(), ScenarioError> {
        let w = &l.words;
        let head = w[0].to_ascii_lowercase();
        let s = &mut self.state;
        match head.as_str() {
            "players" | "seed" | "mode" => {}
            "setup-card" => {
                let id = w.get(1).map(|x| x.as_str()).unwrap_or("");
                let Some(card) = components().setup_card(id) else {
                    return err(l, format!("unknown setup card {id:?}"));
                };
                if card.players != self.players {
                    return err(l, format!("{} is for {} players", card.id, card.players));
                }
                s.setup_card = components()
                    .setup_cards
                    .iter()
                    .position(|c| c.id == card.id)
                    .unwrap_or(0) as u8;
                self.config.setup_card = Some(card.id.clone());
                let out = card.out_of_play.clone();
                set_out_of_play(s, &out);
                // B-SETUP-10: with 2 players the covered planets' resources
                // go on the ambition boxes.
                if self.players == 2 {
                    crate::setup::fill_two_player_boxes(s);
                }
            }
            "out-of-play" => {
                let mut out = Vec::new();
                for x in &w[1..] {
                    let c: u8 = parse_num(l, Some(x))?;
                    if !(1..=6).contains(&c) {
                        return err(l, "clusters are 1..6");
                    }
                    out.push(c);
                }
                set_out_of_play(s, &out);
            }
            "initiative" => {
                let seat = parse_seat(l, w.get(1).map(|x| x.as_str()).unwrap_or(""))?;
                self.check_seat(l, seat)?;
                self.state.initiative = seat;
            }
            "chapter" => {
                let c: u8 = parse_num(l, w.get(1))?;
                if !(1..=5).contains(&c) {
                    return err(l, "chapters are 1..5");
                }
                s.chapter = c;
            }
            "split-discard" => {
                s.options.split_discard = true;
                self.config.split_discard = true;
            }
            "phase" => match (
                w.get(1).map(|x| x.as_str()),
                w.get(2).map(|x| x.as_str()),
                w.get(3).map(|x| x.as_str()),
            ) {
                (Some("chapter-start"), None, _) => self.phase_chapter_start = true,
                (Some("round"), None, _) => self.phase_chapter_start = false,
                (Some("setup"), None, _) => self.phase_setup = true,
                (Some("intermission"), step, None) => {
                    let step = match step.map(|x| x.to_ascii_lowercase()).as_deref() {
                        None | Some("a") => 0,
                        Some("b") => 1,
                        Some("c") => 2,
                        Some("d") => 3,
                        Some("e") => 4,
                        Some("f") => 5,
                        _ => return err(l, "phase intermission [a|b|c|d|e|f]"),
                    };
                    self.phase_intermission = Some(step);
                }
                (Some("setup"), Some("act"), Some(n @ ("2" | "3"))) if w.len() == 4 => {
                    self.phase_next_act = n.parse().ok();
                }
                _ => {
                    return err(
                        l,
                        "phase setup|chapter-start|round|intermission [a-f]|setup act 2|3",
                    )
                }
            },
            "leader-row" | "lore-row" | "lore-deck" => {
                let want = if head == "leader-row" {
                    crate::data::CardKind::Leader
                } else {
                    crate::data::CardKind::Lore
                };
                let mut v = Vec::new();
                for x in &w[1..] {
                    let c = parse_card(l, x)?;
                    if c.info().kind != want {
                        return err(l, format!("{} is not a {want:?} card", c.code()));
                    }
                    v.push(c);
                }
                match head.as_str() {
                    "leader-row" => self.leader_row = v,
                    "lore-row" => self.lore_row = v,
                    _ => self.lore_deck_top = v,
                }
            }
            "court" => {
                self.court_set = true;
                s.court.clear();
                if s.is_campaign() {
                    // Campaign p5: the Imperial Council is always the
                    // leftmost Court card; the line lists the cards after it.
                    s.court.push(CourtSlot {
                        card: Some(crate::campaign::setup::council_card()),
                        agents: [0; MAX_OWNERS],
                    });
                }
                for x in &w[1..] {
                    let card = if x == "-" {
                        None
                    } else {
                        Some(parse_card(l, x)?)
                    };
                    if s.court
                        .try_push(CourtSlot {
                            card,
                            agents: [0; MAX_OWNERS],
                        })
                        .is_some()
                    {
                        return err(l, "at most 6 Court positions");
                    }
                }
            }
            "court-deck" => {
                self.court_deck_top = w[1..]
                    .iter()
                    .map(|x| parse_card(l, x))
                    .collect::<Result<_, _>>()?;
            }
            "court-discard" => {
                self.court_discard = w[1..]
                    .iter()
                    .map(|x| parse_card(l, x))
                    .collect::<Result<_, _>>()?;
            }
            "agents" => {
                let pos: usize = parse_num(l, w.get(1))?;
                if pos == 0 || pos > s.court.len() {
                    return err(l, "no such Court position (set `court` first)");
                }
                let mut i = 2;
                while i + 1 < w.len() {
                    let o = parse_owner(l, &w[i])?;
                    let n: u8 = parse_num(l, w.get(i + 1))?;
                    let agents = &mut s.court[pos - 1].agents[o.index()];
                    let Some(total) = agents.checked_add(n) else {
                        return err(l, "too many agents on one Court card");
                    };
                    *agents = total;
                    if let Some(seat) = o.seat() {
                        take_supply(l, s, seat, TrophyKind::Agent, n)?;
                    }
                    i += 2;
                }
            }
            "system" => {
                let sys = parse_system(l, w.get(1))?;
                if !s.is_in_play(sys) {
                    return err(l, format!("{sys} is out of play"));
                }
                let items = split_items(&w[2..]);
                for item in items {
                    place_item(l, s, sys, &item)?;
                }
            }
            "declare" => {
                for x in &w[1..] {
                    let a = parse_ambition(l, x)?;
                    let Some(i) = s.best_available_marker() else {
                        return err(l, "no marker left");
                    };
                    s.markers[i].at = Some(a);
                }
            }
            "flipped" => {
                let n: usize = parse_num(l, w.get(1))?;
                for _ in 0..n.min(3) {
                    if let Some(i) = (0..3)
                        .filter(|&i| !s.markers[i].flipped)
                        .min_by_key(|&i| (s.markers[i].values(i).0, i))
                    {
                        s.markers[i].flipped = true;
                    }
                }
            }
            "box" => {
                let mut i = 1;
                while i + 1 < w.len() {
                    let r = parse_resource(l, &w[i])?;
                    let n: u8 = parse_num(l, w.get(i + 1))?;
                    if s.supply[r.index()] < n {
                        return err(l, format!("not enough {r} in the supply"));
                    }
                    s.supply[r.index()] -= n;
                    s.box_resources[r.index()] += n;
                    i += 2;
                }
            }
            "supply" => {
                let r = parse_resource(l, w.get(1).map(|x| x.as_str()).unwrap_or(""))?;
                let n: u8 = parse_num(l, w.get(2))?;
                if n > s.supply[r.index()] {
                    return err(
                        l,
                        format!("only {} {r} left in the supply", s.supply[r.index()]),
                    );
                }
                s.supply[r.index()] = n;
            }
            "action-discard" => {
                self.discard_bottom = w[1..]
                    .iter()
                    .map(|x| parse_action_card(l, x))
                    .collect::<Result<_, _>>()?;
            }
            "play" => {
                let seat = parse_seat(l, w.get(1).map(|x| x.as_str()).unwrap_or(""))?;
                self.check_seat(l, seat)?;
                let kind = match w.get(2).map(|x| x.as_str()) {
                    Some("lead") => PlayKind::Lead,
                    Some("surpass") => PlayKind::Surpass,
                    Some("copy") => PlayKind::Copy,
                    Some("pivot") => PlayKind::Pivot,
                    Some("event") => PlayKind::Event,
                    _ => {
                        return err(
                            l,
                            "play PN lead|surpass|copy|pivot CARD [seize CARD], or play PN event [EVTn]",
                        )
                    }
                };
                let card = if kind == PlayKind::Event {
                    // An Event card (campaign): EVT1 unless named.
                    let Some(c) = self.state.campaign_mut() else {
                        return err(l, "`play PN event` needs `mode campaign`");
                    };
                    c.events_played |= 1 << seat.0;
                    match w.get(3) {
                        Some(x) => parse_action_card(l, x)?,
                        None => ActionCard::event(0),
                    }
                } else {
                    parse_action_card(l, w.get(3).map(|x| x.as_str()).unwrap_or(""))?
                };
                if (kind == PlayKind::Event) != card.is_event() {
                    return err(
                        l,
                        "Event cards are played with `play PN event`, and only they",
                    );
                }
                let seize = match (w.get(4).map(|x| x.as_str()), w.get(5)) {
                    (Some("seize"), Some(c)) => Some(parse_action_card(l, c)?),
                    (None, _) => None,
                    _ => return err(l, "expected `seize CARD`"),
                };
                let s = &mut self.state;
                if kind == PlayKind::Lead {
                    s.round.leader = seat;
                }
                s.round.plays[seat.index()] = Some(Play { card, kind, seize });
            }
            "zero-marker" => {
                s.round.zero_marker = true;
                s.round.lead_declared = true;
                s.round.declared = true;
            }
            "seized" => s.round.seized = true,
            "turn" => {
                let seat = parse_seat(l, w.get(1).map(|x| x.as_str()).unwrap_or(""))?;
                self.check_seat(l, seat)?;
                self.turn = Some(seat);
            }
            "dice" if matches!(w.get(1).map(|x| x.as_str()), Some("event") | Some("number")) => {
                crate::campaign::scenario::force_dice(s, &w[1], &w[2..]).map_err(|m| {
                    ScenarioError {
                        line: l.no,
                        message: m,
                    }
                })?;
            }
            "dice" => {
                let kind = match w.get(1).and_then(|x| DieKind::parse(x)) {
                    Some(k) => k,
                    None => return err(l, "dice assault|skirmish|raid FACE..."),
                };
                for x in &w[2..] {
                    let Some(face) = parse_face(kind, x) else {
                        return err(l, format!("no {} face {x:?}", kind.name()));
                    };
                    if s.forced_dice.try_push(ForcedDie { kind, face }).is_some() {
                        return err(l, "at most 24 forced dice");
                    }
                }
            }
            _ if crate::campaign::scenario::setup_line(s, w).map_err(|m| ScenarioError {
                line: l.no,
                message: m,
            })? => {}
            _ => {
                // Seat lines: `P1 hand ...` etc.
                if head.starts_with('p') && head.len() == 2 {
                    let seat = parse_seat(l, &w[0])?;
                    self.check_seat(l, seat)?;
                    self.seat_line(l, seat)?;
                } else {
                    return err(l, format!("unknown setup line {:?}", w[0]));
                }
            }
        }
        Ok(())
    }

    fn check_seat(&self, l: &Line, seat: Seat) -> Result<(), ScenarioError> {
        if seat.0 >= self.players {
            return err(
                l,
                format!("{seat} is not in a {}-player game", self.players),
            );
        }
        Ok(())
    }

    fn seat_line(&mut self, l: &Line, seat: Seat) -> Result<(), ScenarioError> {
        let w = &l.words;
        let what = w.get(1).map(|x| x.to_ascii_lowercase()).unwrap_or_default();
        let s = &mut self.state;
        match what.as_str() {
            "next-deal" => {
                let mut hand = CardSet::default();
                for x in &w[2..] {
                    hand.insert(parse_action_card(l, x)?);
                }
                if hand.len() > 6 {
                    return err(l, "a deal is 6 cards");
                }
                s.forced_deal[seat.index()] = hand;
            }
            "hand" => {
                self.hands_set = true;
                let mut hand = CardSet::default();
                for x in &w[2..] {
                    hand.insert(parse_action_card(l, x)?);
                }
                s.seat_mut(seat).hand = hand;
            }
            "resources" => {
                if w.len() - 2 > 7 {
                    return err(l, "at most 7 slots");
                }
                for (i, x) in w[2..].iter().enumerate() {
                    if let Some(old) = s.seat_mut(seat).resources[i].take() {
                        s.supply[old.index()] += 1;
                    }
                    if x == "-" {
                        continue;
                    }
                    let r = parse_resource(l, x)?;
                    if s.supply[r.index()] == 0 {
                        return err(l, format!("no {r} left in the supply"));
                    }
                    s.supply[r.index()] -= 1;
                    s.seat_mut(seat).resources[i] = Some(r);
                }
            }
            "power" => s.seat_mut(seat).power = parse_num(l, w.get(2))?,
            "cities" => {
                // Sets the cities on the board at this point of the setup;
                // later lines that place the seat's cities (on the map, as
                // Trophies) take them from the board.
                let n: u8 = parse_num(l, w.get(2))?;
                let st = s.seat_mut(seat);
                if n > st.cities {
                    return err(l, "more cities on the board than are left");
                }
                st.scrapped[TrophyKind::City as usize] += st.cities - n;
                st.cities = n;
            }
            "supply" => {
                let mut i = 2;
                while i + 1 < w.len() {
                    let kind = match w[i].as_str() {
                        "ships" => TrophyKind::Ship,
                        "starports" => TrophyKind::Starport,
                        "agents" => TrophyKind::Agent,
                        _ => return err(l, "PN supply ships|starports|agents N ..."),
                    };
                    let n: u8 = parse_num(l, w.get(i + 1))?;
                    self.supply_override.push((seat, kind, n));
                    i += 2;
                }
            }
            "outrage" | "placeholder" => {
                for x in &w[2..] {
                    let r = parse_resource(l, x)?;
                    let bit = 1 << r.index();
                    let st = s.seat_mut(seat);
                    if st.outrage & bit != 0 {
                        continue;
                    }
                    st.outrage |= bit;
                    if what == "placeholder" {
                        st.placeholders |= bit;
                    } else {
                        take_supply(l, s, seat, TrophyKind::Agent, 1)?;
                    }
                }
            }
            "leader" => {
                let text = w.get(2).map(|x| x.as_str()).unwrap_or("");
                let c = parse_card_of(l, text, crate::data::CardKind::Leader, "a leader")?;
                s.seat_mut(seat).set_leader(Some(c));
                self.config.mode = crate::config::Mode::LeadersLore;
            }
            "lore" => {
                for x in &w[2..] {
                    let c = parse_card_of(l, x, crate::data::CardKind::Lore, "a lore card")?;
                    if !s.seat_mut(seat).add_lore(c) {
                        return err(l, "too many lore cards");
                    }
                }
                self.config.mode = crate::config::Mode::LeadersLore;
            }
            "guild" => {
                for x in &w[2..] {
                    let c = parse_card_of(l, x, crate::data::CardKind::Guild, "a Guild card")?;
                    if !s.seat_mut(seat).add_guild(c) {
                        return err(l, "too many Guild cards");
                    }
                }
            }
            "ability" => {
                for x in &w[2..] {
                    let c = parse_card_of(l, x, crate::data::CardKind::Ability, "an ability card")?;
                    if !s.seat_mut(seat).add_ability(c) {
                        return err(l, "too many ability cards");
                    }
                }
            }
            "trophies" => {
                for item in split_items(&w[2..]) {
                    let (owner, n, kind) = parse_counted(l, &item)?;
                    match owner.seat() {
                        Some(o) => take_piece(l, s, o, kind, n)?,
                        // Imperial ships, Free buildings, Blight (campaign).
                        None => {
                            crate::campaign::scenario::take(s, owner, kind, n).map_err(|m| {
                                ScenarioError {
                                    line: l.no,
                                    message: m,
                                }
                            })?
                        }
                    }
                    *s.seat_mut(seat).trophy(owner, kind) += n;
                }
            }
            "captives" => {
                for item in split_items(&w[2..]) {
                    if item.len() != 2 {
                        return err(l, "captives: PN N, ...");
                    }
                    let o = parse_seat(l, &item[0])?;
                    let n: u8 = parse_num(l, item.get(1))?;
                    take_supply(l, s, o, TrophyKind::Agent, n)?;
                    s.seat_mut(seat).captives[o.index()] += n;
                }
            }
            // The campaign's Flagships (p22): `PN flagship S`, `PN board: ...`.
            "flagship" | "board" => {
                crate::campaign::flagship::scenario_setup(s, seat, &w[1..]).map_err(|m| {
                    ScenarioError {
                        line: l.no,
                        message: m,
                    }
                })?;
            }
            _ => return err(l, format!("unknown seat line {what:?}")),
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Game, ScenarioError> {
        let players = self.players;
        // Supplies set explicitly: the difference is scrapped.
        for (seat, kind, n) in std::mem::take(&mut self.supply_override) {
            let st = self.state.seat_mut(seat);
            let have = match kind {
                TrophyKind::Ship => &mut st.ships,
                TrophyKind::Starport => &mut st.starports,
                TrophyKind::Agent => &mut st.agents,
                TrophyKind::City => &mut st.cities,
            };
            if n > *have {
                return Err(ScenarioError {
                    line: 0,
                    message: format!("{seat} has only {have} {kind:?} left for its supply"),
                });
            }
            st.scrapped[kind as usize] += *have - n;
            match kind {
                TrophyKind::Ship => st.ships = n,
                TrophyKind::Starport => st.starports = n,
                TrophyKind::Agent => st.agents = n,
                TrophyKind::City => st.cities = n,
            }
        }
        // Every Court card in one place only.
        let mut court_cards: Vec<CardId> = self.state.court.iter().filter_map(|c| c.card).collect();
        for x in self.state.seat_ids() {
            court_cards.extend(self.state.seat(x).guild().iter().copied());
        }
        court_cards.extend(self.court_deck_top.iter().copied());
        court_cards.extend(self.court_discard.iter().copied());
        court_cards.extend(crate::campaign::scenario::cards_placed_elsewhere(
            &self.state,
        ));
        let n = court_cards.len();
        court_cards.sort();
        court_cards.dedup();
        if court_cards.len() != n {
            return Err(ScenarioError {
                line: 0,
                message: "a Court card is listed in two places".into(),
            });
        }
        let mut d = self.discard_bottom.clone();
        d.sort();
        d.dedup();
        if d.len() != self.discard_bottom.len() {
            return Err(ScenarioError {
                line: 0,
                message: "action-discard lists a card twice".into(),
            });
        }
        // Resources only in open slots (a card slot needs its card).
        for x in self.state.seat_ids() {
            let open = crate::actions::resources::open_slots(&self.state, x);
            if let Some(i) =
                (0..7).find(|i| self.state.seat(x).resources[*i].is_some() && !open.contains(i))
            {
                return Err(ScenarioError {
                    line: 0,
                    message: format!("{x} has a resource in slot {}, which is covered by a city (or needs a card)", i + 1),
                });
            }
        }
        let s = &mut self.state;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x5ce7_a210);
        // Court: a random row unless given; the deck is every other base
        // Court card, with the listed ones on top.
        let base = if s.is_campaign() {
            crate::campaign::setup::campaign_court()
        } else {
            crate::data::catalog().base_court()
        };
        let elsewhere = crate::campaign::scenario::cards_placed_elsewhere(s);
        let used = |s: &GameState, c: CardId| {
            s.court.iter().any(|x| x.card == Some(c))
                || s.seat_ids().any(|x| s.seat(x).guild().contains(&c))
                || elsewhere.contains(&c)
        };
        let mut rest: Vec<CardId> = base
            .iter()
            .copied()
            .filter(|c| {
                !used(s, *c) && !self.court_deck_top.contains(c) && !self.court_discard.contains(c)
            })
            .collect();
        rest.shuffle(&mut rng);
        if !self.court_set {
            if s.is_campaign() {
                s.court.push(CourtSlot {
                    card: Some(crate::campaign::setup::council_card()),
                    agents: [0; MAX_OWNERS],
                });
            }
            let n = if players == 2 { 3 } else { 4 };
            for _ in 0..n {
                let card = rest.pop();
                s.court.push(CourtSlot {
                    card,
                    agents: [0; MAX_OWNERS],
                });
            }
        }
        s.court_deck.refill(rest);
        for c in self.court_deck_top.iter().rev() {
            if !s.court_deck.put_on_top(*c) {
                return Err(ScenarioError {
                    line: 0,
                    message: "Court deck too large".into(),
                });
            }
        }
        if s.court_discard.len() + self.court_discard.len() > s.court_discard.capacity() {
            return Err(ScenarioError {
                line: 0,
                message: format!(
                    "the Court discard holds at most {} cards",
                    s.court_discard.capacity()
                ),
            });
        }
        s.court_discard.extend_from_slice(&self.court_discard);
        // Action cards: every card of the deck not in a hand or played goes
        // to the discard pile, listed ones at the bottom.
        let mut placed = 0u64;
        let mut twice = None;
        let mut put = |bits: u64| {
            if placed & bits != 0 {
                twice = Some(ActionCard((placed & bits).trailing_zeros() as u8));
            }
            placed |= bits;
        };
        for x in s.seat_ids() {
            put(s.seat(x).hand.0);
            if let Some(p) = s.round.plays[x.index()] {
                put(p.card.bit());
                if let Some(z) = p.seize {
                    put(z.bit());
                }
            }
        }
        for c in &self.discard_bottom {
            if placed & c.bit() != 0 {
                twice = Some(*c);
            }
        }
        if let Some(c) = twice {
            return Err(ScenarioError {
                line: 0,
                message: format!("action card {c} is in two places"),
            });
        }
        let in_deck =
            |c: &ActionCard| c.is_event() || players == 4 || (2..=6).contains(&c.number());
        if let Some(c) = (0..28u8)
            .map(ActionCard)
            .find(|c| placed & c.bit() != 0 && !in_deck(c))
        {
            return Err(ScenarioError {
                line: 0,
                message: format!("{c} is only used with 4 players"),
            });
        }
        let events = if s.is_campaign() {
            crate::campaign::events::events_in_deck(players)
        } else {
            0
        };
        // The Believer's Faithful cards (ARCS-F813): in a hand, played or
        // in the discard pile they are cards of the action deck; none may
        // still be in the Faithful stack or on a Court card.
        let faithful =
            (placed | self.discard_bottom.iter().fold(0, |m, c| m | c.bit())) & CardSet::FAITHFUL;
        if faithful != 0 {
            let Some(c) = s.campaign() else {
                return Err(ScenarioError {
                    line: 0,
                    message: "Faithful action cards are campaign cards (the Believer)".into(),
                });
            };
            let stack = c.faithful_stack;
            let on_court: Vec<CardId> = s
                .court
                .iter()
                .filter_map(|x| x.card)
                .chain(c.attached.iter().flatten().copied())
                .chain(s.court_deck.iter().copied())
                .chain(s.court_discard.iter().copied())
                .collect();
            if let Some(x) = CardSet(faithful).iter().find(|x| {
                x.number() <= stack
                    || on_court.contains(&crate::cards::campaign::believer::faithful_card_id(
                        x.number(),
                    ))
            }) {
                return Err(ScenarioError {
                    line: 0,
                    message: format!(
                        "{} is in the Faithful stack or the Court and also among the action cards",
                        x.full_name()
                    ),
                });
            }
            if let Some(c) = s.campaign_mut() {
                c.actions_added.0 |= faithful;
            }
        }
        // The Caretaker's extra Event card (ARCS-F515), placed from Act II on:
        // its Act II setup shuffled it into the action deck.
        let extra = crate::cards::campaign::caretaker::knowledge::extra_event();
        if placed & extra.bit() != 0 && s.campaign().is_some_and(|c| c.act >= 2) {
            if let Some(c) = s.campaign_mut() {
                c.actions_added.insert(extra);
            }
        }
        let added = s.campaign().map_or(0, |c| c.actions_added.0);
        if let Some(c) = (0..ActionCard::EVENTS).map(ActionCard::event).find(|c| {
            placed & c.bit() != 0
                && added & c.bit() == 0
                && c.0 as usize >= ActionCard::COUNT + events as usize
        }) {
            return Err(ScenarioError {
                line: 0,
                message: format!(
                    "{c}: this game's action deck has {events} Event card(s) (campaign rules p4)"
                ),
            });
        }
        let mut pile: Vec<ActionCard> = (0..28u8)
            .map(ActionCard)
            .chain((0..events).map(ActionCard::event))
            .chain(CardSet(added & CardSet::EVENTS).iter())
            .filter(|c| in_deck(c) && placed & c.bit() == 0 && !self.discard_bottom.contains(c))
            .collect();
        pile.shuffle(&mut rng);
        s.action_discard.refill(self.discard_bottom.iter().copied());
        s.action_discard.add(pile);
        // Leaders & Lore cards: rows, the lore deck, one place each.
        let mut ll: Vec<CardId> = self
            .leader_row
            .iter()
            .chain(self.lore_row.iter())
            .chain(self.lore_deck_top.iter())
            .copied()
            .collect();
        for x in s.seat_ids() {
            ll.extend(s.seat(x).leader());
            ll.extend(s.seat(x).lore().iter().copied());
        }
        let n = ll.len();
        ll.sort();
        ll.dedup();
        if ll.len() != n {
            return Err(ScenarioError {
                line: 0,
                message: "a leader or lore card is listed in two places".into(),
            });
        }
        let mut rest_lore: Vec<CardId> = crate::data::catalog()
            .ids()
            .filter(|c| {
                let i = c.info();
                i.kind == crate::data::CardKind::Lore
                    && matches!(
                        i.set,
                        crate::data::CatalogSet::Base | crate::data::CatalogSet::LeadersLore
                    )
                    && !ll.contains(c)
                    // Campaign: lore shuffled into the Court deck is no
                    // longer in the lore deck (campaign rules p4).
                    && !s.court.iter().any(|p| p.card == Some(*c))
                    && !s.court_deck.contains(c)
                    && !s.court_discard.contains(c)
            })
            .collect();
        rest_lore.shuffle(&mut rng);
        s.lore_deck.refill(rest_lore);
        for c in self.lore_deck_top.iter().rev() {
            s.lore_deck.put_on_top(*c);
        }
        s.leader_row.clear();
        s.lore_row.clear();
        if self.leader_row.len() > s.leader_row.capacity()
            || self.lore_row.len() > s.lore_row.capacity()
        {
            return Err(ScenarioError {
                line: 0,
                message: format!(
                    "the leader row holds at most {} cards and the lore row {}",
                    s.leader_row.capacity(),
                    s.lore_row.capacity()
                ),
            });
        }
        s.leader_row.extend_from_slice(&self.leader_row);
        s.lore_row.extend_from_slice(&self.lore_row);
        if !self.leader_row.is_empty() || !self.lore_row.is_empty() {
            self.config.mode = crate::config::Mode::LeadersLore;
        }
        // Where play begins.
        s.stack.clear();
        if self.phase_setup && s.is_campaign() {
            return self.campaign_setup();
        }
        if self.phase_intermission.is_some() || self.phase_next_act.is_some() {
            // Campaign: the Intermission after the position's Act, or the
            // next Act's setup (docs/campaign.md), then its first chapter.
            let Some(c) = s.campaign_mut() else {
                return Err(ScenarioError {
                    line: 0,
                    message: "phase intermission and phase setup act N need mode campaign".into(),
                });
            };
            if let Some(n) = self.phase_next_act {
                c.act = n - 1;
            }
            if c.act >= 3 {
                return Err(ScenarioError {
                    line: 0,
                    message: "no Intermission follows Act III: the campaign ends there".into(),
                });
            }
            if self.phase_intermission.is_some() {
                let (act, pool) = (c.act, c.fate_pool);
                let mut pool: Vec<CardId> = pool.iter().copied().collect();
                pool.reverse();
                if let Some(e) = crate::campaign::next_act::fate_draw_problem(s, &pool, act + 1) {
                    return Err(ScenarioError {
                        line: 0,
                        message: format!("the Intermission's Fate draw (fate-pool): {e}"),
                    });
                }
            }
            use crate::campaign::CampaignFrame as F;
            s.push(Frame::ChapterStart);
            s.push(Frame::Campaign(F::FateSetup { idx: 0 }));
            s.push(Frame::Campaign(F::ActSetup));
            if let Some(step) = self.phase_intermission {
                s.push(Frame::Campaign(F::Intermission { step }));
            }
        } else if self.phase_setup {
            // Real setup from the setup card: the draft (if rows are
            // given), leaders' boxes or the standard A/B/C, setup steps.
            if self.config.setup_card.is_none() {
                return Err(ScenarioError {
                    line: 0,
                    message: "phase setup needs a setup-card line".into(),
                });
            }
            for x in s.seat_ids() {
                s.seat_mut(x).hand = CardSet::default();
            }
            s.action_discard.clear();
            s.push(Frame::ChapterStart);
            if self.config.mode == crate::config::Mode::LeadersLore {
                s.lore_each = 1 + (s.lore_row.len() > (players as usize + 1)) as u8;
                s.push(Frame::LeaderSteps { idx: 0 });
                s.push(Frame::LeaderPieces);
                if !s.leader_row.is_empty() || !s.lore_row.is_empty() {
                    s.push(Frame::Draft { turn: 0 });
                }
            } else {
                let card = components().setup_cards[s.setup_card as usize].clone();
                crate::setup::place_start(s, &card);
            }
        } else if self.phase_chapter_start {
            s.push(Frame::ChapterStart);
        } else if s.round.plays.iter().any(|p| p.is_some()) {
            let leader = s.round.leader;
            let next = match self.turn {
                Some(t) => t,
                None => {
                    // After the last seat (in turn order) that has played.
                    let order: Vec<Seat> = s.order_from(leader).collect();
                    let last = order
                        .iter()
                        .rposition(|x| s.round.plays[x.index()].is_some())
                        .unwrap_or(0);
                    order.get(last + 1).copied().unwrap_or(leader)
                }
            };
            s.round.turn_idx = (next.0 + players - leader.0) % players;
            if self.turn.is_none() && s.round.turn_idx == 0 {
                s.round.turn_idx = players; // everyone played: the round ends
            }
            s.push(Frame::NextTurn);
        } else {
            s.round = RoundState::new(s.initiative);
            s.push(Frame::RoundStart);
        }
        let _ = self.hands_set;
        Ok(Game::from_state(self.config, self.seed, self.state))
    }
}

/// The game's phase for `expect phase`: `over`; the campaign's
/// `intermission`; `setup` before the first chapter's draw (an Act's or
/// the game's setup, the draft, the Fate choice); else `play`.
fn phase_name(s: &GameState) -> &'static str {
    use crate::campaign::CampaignFrame as C;
    if s.outcome.is_some() {
        return "over";
    }
    let intermission = s
        .stack
        .iter()
        .any(|f| matches!(f, Frame::Campaign(C::Intermission { .. })));
    if intermission {
        return "intermission";
    }
    let setup = s.stack.iter().any(|f| {
        matches!(
            f,
            Frame::Draft { .. }
                | Frame::LeaderPieces
                | Frame::LeaderSteps { .. }
                | Frame::Campaign(
                    C::SetupLog
                        | C::ChooseFate { .. }
                        | C::FateSetup { .. }
                        | C::PlaceStart { .. }
                        | C::FinishSetup
                        | C::ActSetup
                )
        )
    });
    if setup {
        "setup"
    } else {
        "play"
    }
}

impl Builder {
    /// `phase setup` in a campaign: Act I's whole setup (campaign rules
    /// p4–6) run from an empty table with the scenario's seed — the Fates
    /// the `fate` lines name (each seat's, or none: then each player draws
    /// two of the playable "A" Fates and chooses), the setup's rolls from
    /// the `dice event` / `dice number` lines. The setup builds the table,
    /// so position lines (pieces, hands) are refused rather than lost.
    fn campaign_setup(self) -> Result<Game, ScenarioError> {
        let fail = |m: String| ScenarioError {
            line: 0,
            message: m,
        };
        let s = &self.state;
        let placed = s.board.iter().any(|sys| {
            sys.slots.iter().any(|b| b.is_some())
                || (0..MAX_OWNERS).any(|o| sys.ships_of(Owner::from_index(o)).total() > 0)
        });
        if placed || self.hands_set {
            return Err(fail(
                "phase setup in a campaign builds the table itself: leave out the `system` and \
                 hand lines"
                    .into(),
            ));
        }
        let c = s
            .campaign()
            .ok_or_else(|| fail("a campaign scenario".into()))?;
        let named: Vec<String> = s
            .seat_ids()
            .filter_map(|x| c.fates[x.index()].map(|f| f.code().to_string()))
            .collect();
        let mut config = Config::campaign(self.players);
        config.campaign.fates = if named.is_empty() {
            crate::config::FateSelection::Draw(Some(
                crate::campaign::fates::playable('A')
                    .iter()
                    .map(|f| f.code().to_string())
                    .collect(),
            ))
        } else if named.len() == self.players as usize {
            crate::config::FateSelection::Fixed(named)
        } else {
            return Err(fail(
                "phase setup: name every seat's Fate with `fate` lines, or none (then each \
                 player draws two)"
                    .into(),
            ));
        };
        config.validate().map_err(|e| fail(e.to_string()))?;
        let mut fresh =
            crate::setup::empty_state(self.players, ChaCha8Rng::seed_from_u64(self.seed));
        let mut camp = crate::campaign::Campaign::new(1);
        camp.forced_event = c.forced_event;
        camp.forced_number = c.forced_number;
        fresh.campaign = Some(camp);
        crate::campaign::setup::act_one(&mut fresh, &config, &mut crate::event::NoEvents)
            .map_err(|e| fail(e.to_string()))?;
        Ok(Game::from_state(config, self.seed, fresh))
    }
}

fn set_out_of_play(s: &mut GameState, clusters: &[u8]) {
    let mut in_play = 0u32;
    for sys in SystemId::all() {
        if !clusters.contains(&sys.cluster()) {
            in_play |= sys.bit();
        }
    }
    s.in_play = in_play;
    s.adj = crate::setup::in_play_adjacency(in_play);
}

/// Splits words at commas into items.
fn split_items(w: &[String]) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new()];
    for x in w {
        if x == "," {
            out.push(Vec::new());
        } else if x != ":" {
            if let Some(item) = out.last_mut() {
                item.push(x.clone());
            }
        }
    }
    out.retain(|v| !v.is_empty());
    out
}

fn piece_kind(w: &str) -> Option<TrophyKind> {
    match w.to_ascii_lowercase().trim_end_matches('s') {
        "ship" => Some(TrophyKind::Ship),
        "city" | "citie" => Some(TrophyKind::City),
        "starport" => Some(TrophyKind::Starport),
        "agent" => Some(TrophyKind::Agent),
        _ => None,
    }
}

/// `OWNER [N] KIND` (e.g. `P2 3 ships`, `P1 city`).
fn parse_counted(l: &Line, item: &[String]) -> Result<(Owner, u8, TrophyKind), ScenarioError> {
    let owner = parse_owner(l, item.first().map(|x| x.as_str()).unwrap_or(""))?;
    let (n, k) = match item.len() {
        2 => (1, &item[1]),
        3 => (parse_num(l, item.get(1))?, &item[2]),
        _ => return err(l, "expected `OWNER [N] ship|city|starport|agent`"),
    };
    let kind = piece_kind(k).ok_or_else(|| ScenarioError {
        line: l.no,
        message: format!("unknown piece {k:?}"),
    })?;
    Ok((owner, n, kind))
}

fn take_supply(
    l: &Line,
    s: &mut GameState,
    seat: Seat,
    kind: TrophyKind,
    n: u8,
) -> Result<(), ScenarioError> {
    let st = s.seat_mut(seat);
    let have = match kind {
        TrophyKind::Ship => &mut st.ships,
        TrophyKind::Starport => &mut st.starports,
        TrophyKind::Agent => &mut st.agents,
        TrophyKind::City => &mut st.cities,
    };
    if *have < n {
        return err(l, format!("{seat} has only {have} {kind:?} pieces left"));
    }
    *have -= n;
    Ok(())
}

fn take_piece(
    l: &Line,
    s: &mut GameState,
    seat: Seat,
    kind: TrophyKind,
    n: u8,
) -> Result<(), ScenarioError> {
    take_supply(l, s, seat, kind, n)
}

/// `OWNER [N] [fresh|damaged] ship(s)|city|starport` in a system.
fn place_item(
    l: &Line,
    s: &mut GameState,
    sys: SystemId,
    item: &[String],
) -> Result<(), ScenarioError> {
    // Blight tokens: `blight`, `2 blight`, `damaged blight`, `blight 2
    // damaged` (campaign).
    let blight = item.iter().any(|x| x.eq_ignore_ascii_case("blight"));
    let owner = if blight {
        Owner::Blight
    } else {
        parse_owner(l, item.first().map(|x| x.as_str()).unwrap_or(""))?
    };
    let mut n = 1u8;
    let mut damaged = false;
    let mut kind = blight.then_some(TrophyKind::Ship);
    let rest = if blight { item } else { &item[1..] };
    for x in rest {
        if let Ok(k) = x.parse::<u8>() {
            n = k;
        } else if x == "damaged" {
            damaged = true;
        } else if x == "fresh" || (blight && x.eq_ignore_ascii_case("blight")) {
        } else if let Some(k) = piece_kind(x) {
            kind = Some(k);
        } else {
            return err(l, format!("unknown word {x:?} in a system item"));
        }
    }
    let Some(kind) = kind else {
        return err(l, "a system item needs ship(s), city or starport");
    };
    if owner.seat().is_none() && s.is_campaign() && kind != TrophyKind::Agent {
        crate::campaign::scenario::take(s, owner, kind, n).map_err(|m| ScenarioError {
            line: l.no,
            message: m,
        })?;
    }
    match kind {
        TrophyKind::Ship => {
            if let Some(seat) = owner.seat() {
                take_supply(l, s, seat, TrophyKind::Ship, n)?;
            }
            let mut guard = s.sys_mut(sys);
            let sh = guard.ships_mut(owner);
            if sh.total() as u16 + n as u16 > 60 {
                return err(l, "too many ships in one system");
            }
            if damaged {
                sh.damaged += n;
            } else {
                sh.fresh += n;
            }
        }
        TrophyKind::City | TrophyKind::Starport => {
            for _ in 0..n {
                if let Some(seat) = owner.seat() {
                    take_supply(l, s, seat, kind, 1)?;
                }
                let bk = if kind == TrophyKind::City {
                    BuildingKind::City
                } else {
                    BuildingKind::Starport
                };
                let slots = crate::data::building_slots(sys);
                let slot = (0..3u8)
                    .filter(|&i| i < slots || i == crate::state::EXTRA_SLOT)
                    .find(|&i| s.sys(sys).slots[i as usize].is_none());
                let Some(slot) = slot else {
                    return err(l, format!("no building slot left in {sys}"));
                };
                s.sys_mut(sys).slots[slot as usize] = Some(Building {
                    owner,
                    kind: bk,
                    damaged,
                });
            }
        }
        TrophyKind::Agent => return err(l, "agents go on Court cards (`agents N PN K`)"),
    }
    Ok(())
}

// ------------------------------------------------------------------ steps

enum Step {
    Do(Seat, Choice),
    Refuse(Seat, String, Choice),
    Expect(Vec<String>),
}

fn parse_step(l: &Line) -> Result<Step, ScenarioError> {
    let w = &l.words;
    match w[0].to_ascii_lowercase().as_str() {
        "do" | "refuse" => {
            let seat = parse_seat(l, w.get(1).map(|x| x.as_str()).unwrap_or(""))?;
            let text = w[2..].join(" ");
            let parsed = text.parse::<Choice>();
            match parsed {
                Ok(c) if w[0].eq_ignore_ascii_case("do") => Ok(Step::Do(seat, c)),
                Ok(c) => Ok(Step::Refuse(seat, text, c)),
                // A refusal of text that is not a choice at all would pass
                // whatever the engine does: a typo must not hide a missing
                // refusal (issue 11).
                Err(e) => err(l, format!("not a choice: {e}")),
            }
        }
        _ => {
            let what: Vec<String> = w[1..]
                .iter()
                .filter(|x| *x != ":" && *x != ",")
                .cloned()
                .collect();
            if what.is_empty() {
                return err(l, "expect what?");
            }
            Ok(Step::Expect(what))
        }
    }
}

fn run_step(game: &mut Game, step: &Step) -> Result<(), String> {
    match step {
        Step::Do(seat, c) => match game.apply(*seat, *c).map(|_| ()) {
            Ok(()) => Ok(()),
            // The engine takes a decision with a single legal choice by
            // itself; spelling it out in the file is fine.
            Err(_) if game.last_auto_choices().contains(&(*seat, *c)) => Ok(()),
            Err(e) => Err(e.to_string()),
        },
        Step::Refuse(seat, text, c) => {
            let before = serde_json::to_string(game.state()).map_err(|e| e.to_string())?;
            match game.apply(*seat, *c) {
                Ok(_) => Err(format!("`{text}` was accepted")),
                Err(_) => {
                    let after = serde_json::to_string(game.state()).map_err(|e| e.to_string())?;
                    if before == after {
                        Ok(())
                    } else {
                        Err("refused, but the state changed".into())
                    }
                }
            }
        }
        Step::Expect(w) => expect(game, w),
    }
}

fn num<T: std::str::FromStr>(w: &[String], i: usize) -> Result<T, String> {
    w.get(i)
        .and_then(|x| x.parse().ok())
        .ok_or_else(|| format!("expected a number at word {}", i + 1))
}

fn seat_of(w: &str) -> Result<Seat, String> {
    let n: u8 = w
        .trim_start_matches(['P', 'p'])
        .parse()
        .map_err(|_| format!("expected a seat, got {w:?}"))?;
    if (1..=4).contains(&n) {
        Ok(Seat(n - 1))
    } else {
        Err(format!("no seat {w}"))
    }
}

fn owner_of(w: &str) -> Result<Owner, String> {
    match w {
        "empire" => Ok(Owner::Empire),
        "free" => Ok(Owner::Free),
        "blight" => Ok(Owner::Blight),
        _ => seat_of(w).map(Owner::Seat),
    }
}

fn eq<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: expected {want:?}, got {got:?}"))
    }
}

/// The text an event must contain, from word `i` on; never empty (every
/// event contains the empty text, so such a check could not fail).
fn log_text(w: &[String], i: usize) -> Result<String, String> {
    let text = w.get(i..).unwrap_or_default().join(" ");
    if text.is_empty() {
        Err("which text?".into())
    } else {
        Ok(loose(&text))
    }
}

/// A log text as `expect log` compares it: action-card codes read as the
/// cards' names ("AGG3" as "Aggression 3"), counted nouns in the singular
/// ("ships", "ship(s)" as "ship") and commas dropped, so a check
/// written with codes ("P2's hand: ADM4 MOB3") matches the log's words
/// ("P2's hand: Administration 4, Mobilization 3.").
fn loose(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            // Counted nouns read alike in either number ("1 ship", "2
            // ships", and the older "ship(s)").
            let word = word.replace("(s)", "");
            let body = word.trim_end_matches(|c: char| c.is_ascii_punctuation());
            let word = match body {
                "ships" | "cards" | "agents" | "icons" => {
                    format!("{}{}", &body[..body.len() - 1], &word[body.len()..])
                }
                _ => word.clone(),
            };
            let word = word.as_str();
            let core = word.trim_matches(|c: char| c.is_ascii_punctuation());
            match ActionCard::parse(core) {
                Some(card) if !core.is_empty() => word.replacen(core, &card.full_name(), 1),
                _ => word.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
        .replace(',', "")
}

/// Whether event `text` contains the (loose) `wanted` text.
fn says(text: &str, wanted: &str) -> bool {
    loose(text).contains(wanted)
}

fn expect(game: &Game, w: &[String]) -> Result<(), String> {
    if let Some(r) = crate::campaign::scenario::expect(game, w) {
        return r;
    }
    let s = game.state();
    let head = w[0].to_ascii_lowercase();
    if head.starts_with('p') && head.len() == 2 {
        let seat = seat_of(&head)?;
        if seat.0 >= s.players {
            return Err(format!("no {seat} in this game"));
        }
        return expect_seat(s, seat, &w[1..]);
    }
    match head.as_str() {
        "system" => {
            let sys = SystemId::parse(w.get(1).ok_or("system what?")?).ok_or("bad system")?;
            let neg = w.get(2).map(|x| x.as_str()) == Some("no");
            let w2 = if neg { &w[3..] } else { &w[2..] };
            let owner = owner_of(w2.first().ok_or("which owner?")?)?;
            let sh = s.sys(sys).ships_of(owner);
            match w2.get(1).map(|x| x.as_str()) {
                Some("ships") if !neg => eq(&format!("{owner} ships in {sys}"), sh.total(), num(w2, 2)?),
                Some("fresh") if !neg => {
                    eq(&format!("{owner} fresh ships in {sys}"), sh.fresh, num(w2, 2)?)?;
                    if w2.get(3).map(|x| x.as_str()) == Some("damaged") {
                        eq(&format!("{owner} damaged ships in {sys}"), sh.damaged, num(w2, 4)?)?;
                    }
                    Ok(())
                }
                Some("damaged") if !neg && w2.get(2).is_some_and(|x| x.parse::<u8>().is_ok()) => {
                    eq(&format!("{owner} damaged ships in {sys}"), sh.damaged, num(w2, 2)?)
                }
                Some(k @ ("city" | "starport")) => {
                    let kind = if k == "city" { BuildingKind::City } else { BuildingKind::Starport };
                    let state = w2.get(2).map(|x| x.as_str());
                    let found = s.sys(sys).buildings_of(owner).any(|(_, b)| {
                        b.kind == kind
                            && match state {
                                Some("damaged") => b.damaged,
                                Some("fresh") => !b.damaged,
                                _ => true,
                            }
                    });
                    if found != neg {
                        Ok(())
                    } else if neg {
                        Err(format!("{owner} has a {k} in {sys}"))
                    } else {
                        Err(format!("no {}{owner} {k} in {sys}", state.map(|x| format!("{x} ")).unwrap_or_default()))
                    }
                }
                _ => Err("expect system S [no] OWNER ships N | fresh N [damaged M] | damaged N | city|starport [fresh|damaged]".into()),
            }
        }
        "planet" => {
            // expect planet S TYPE: the planet's type (Mythic marks included)
            let sys = SystemId::parse(w.get(1).ok_or("planet where?")?).ok_or("bad system")?;
            let r = Resource::parse(w.get(2).ok_or("which type?")?).ok_or("unknown resource")?;
            eq(&format!("type of {sys}"), s.planet_type(sys), Some(r))
        }
        "control" => {
            let sys = SystemId::parse(w.get(1).ok_or("control where?")?).ok_or("bad system")?;
            let want = match w.get(2).map(|x| x.as_str()) {
                Some("none") => None,
                Some(o) => Some(owner_of(o)?),
                None => return Err("control S OWNER|none".into()),
            };
            eq(&format!("controller of {sys}"), s.controller(sys), want)
        }
        "initiative" => eq(
            "initiative",
            s.initiative,
            seat_of(w.get(1).ok_or("who?")?)?,
        ),
        "seized" => eq("seized", s.round.seized, true),
        "not-seized" => eq("seized", s.round.seized, false),
        "zero-marker" => eq("zero marker", s.round.zero_marker, true),
        "no-zero-marker" => eq("zero marker", s.round.zero_marker, false),
        "chapter" => eq("chapter", s.chapter, num(w, 1)?),
        "phase" => {
            let want = w.get(1).map(|x| x.as_str()).unwrap_or_default();
            if !["setup", "intermission", "play", "over"].contains(&want) || w.len() != 2 {
                return Err("phase setup|intermission|play|over".into());
            }
            eq("phase", phase_name(s), want)
        }
        "supply" => {
            let r =
                Resource::parse(w.get(1).ok_or("which resource?")?).ok_or("unknown resource")?;
            eq(&format!("{r} supply"), s.supply[r.index()], num(w, 2)?)
        }
        "marker" | "markers" => {
            let a =
                Ambition::parse(w.get(1).ok_or("which ambition?")?).ok_or("unknown ambition")?;
            if w.get(2).map(|x| x.as_str()) == Some("value") {
                // expect marker AMB value FIRST/SECOND: summed values in the box
                let (f, sec) = (0..3)
                    .filter(|&i| s.markers[i].at == Some(a))
                    .map(|i| s.markers[i].values(i))
                    .fold((0, 0), |(a, b), (x, y)| (a + x, b + y));
                let want = w.get(3).ok_or("value FIRST/SECOND")?;
                return eq(
                    &format!("{a} marker values"),
                    format!("{f}/{sec}"),
                    want.to_string(),
                );
            }
            let n = s.markers.iter().filter(|m| m.at == Some(a)).count();
            eq(&format!("markers on {a}"), n, num(w, 2)?)
        }
        "available" => {
            // expect available FIRST/SECOND ...: the values of available markers
            let mut have: Vec<String> = (0..3)
                .filter(|&i| s.markers[i].at.is_none())
                .map(|i| {
                    let (f, x) = s.markers[i].values(i);
                    format!("{f}/{x}")
                })
                .collect();
            have.sort();
            let mut want: Vec<String> = w[1..].to_vec();
            want.sort();
            eq("available markers", have, want)
        }
        "flipped" => eq(
            "flipped markers",
            s.markers.iter().filter(|m| m.flipped).count(),
            num(w, 1)?,
        ),
        "court" if w.get(1).is_some_and(|x| x == "size") => {
            // expect court size N: the number of Court positions
            eq("Court positions", s.court.len(), num(w, 2)?)
        }
        "court-deck" if w.get(1).is_some_and(|x| x == "size") => {
            eq("Court deck size", s.court_deck.len(), num(w, 2)?)
        }
        "court" => {
            let pos: usize = num(w, 1)?;
            let slot = s
                .court
                .get(pos.wrapping_sub(1))
                .ok_or("no such Court position")?;
            match w.get(2).map(|x| x.as_str()) {
                Some("empty") => eq("court card", slot.card, None),
                Some("agents") => {
                    let o = owner_of(w.get(3).ok_or("whose agents?")?)?;
                    eq(
                        &format!("{o} agents on court {pos}"),
                        slot.agents[o.index()],
                        num(w, 4)?,
                    )
                }
                Some(id) => eq(
                    "court card",
                    slot.card,
                    Some(CardId::parse(id).ok_or("unknown card")?),
                ),
                None => Err("court N ID|empty|agents PN K".into()),
            }
        }
        "court-discard" => {
            let c = CardId::parse(w.get(2).ok_or("court-discard has ID")?).ok_or("unknown card")?;
            let has = s.court_discard.contains(&c);
            match w.get(1).map(|x| x.as_str()) {
                Some("has") => eq(&format!("{c} in the Court discard"), has, true),
                Some("lacks") => eq(&format!("{c} in the Court discard"), has, false),
                _ => Err("court-discard has|lacks ID".into()),
            }
        }
        "court-deck" => {
            let c = CardId::parse(w.get(2).ok_or("court-deck top|bottom|has|lacks ID")?)
                .ok_or("unknown card")?;
            match w.get(1).map(|x| x.as_str()) {
                Some("top") => eq("Court deck top", s.court_deck.last().copied(), Some(c)),
                Some("bottom") => eq("Court deck bottom", s.court_deck.first().copied(), Some(c)),
                Some("has") => eq(
                    &format!("{c} in the Court deck"),
                    s.court_deck.contains(&c),
                    true,
                ),
                Some("lacks") => eq(
                    &format!("{c} in the Court deck"),
                    s.court_deck.contains(&c),
                    false,
                ),
                _ => Err("court-deck top|bottom|has|lacks ID | size N".into()),
            }
        }
        "court-or-deck" => {
            // In the Court (in a place or attached) or the Court deck: where
            // a card added to the Court deck is once an Act's Court is dealt.
            let c = CardId::parse(w.get(2).ok_or("court-or-deck has|lacks ID")?)
                .ok_or("unknown card")?;
            let here = s.court_deck.contains(&c)
                || s.court.iter().any(|p| p.card == Some(c))
                || s.campaign().is_some_and(|k| k.attached.contains(&Some(c)));
            match w.get(1).map(|x| x.as_str()) {
                Some("has") => eq(&format!("{c} in the Court or its deck"), here, true),
                Some("lacks") => eq(&format!("{c} in the Court or its deck"), here, false),
                _ => Err("court-or-deck has|lacks ID".into()),
            }
        }
        "pending" => match game.pending() {
            crate::game::Pending::Decision(d) => {
                eq("deciding seat", d.seat, seat_of(w.get(1).ok_or("who?")?)?)
            }
            crate::game::Pending::Over(_) => Err("the game is over".into()),
        },
        "prompt" => match game.pending() {
            crate::game::Pending::Decision(d) => {
                let kind = serde_json::to_value(&d.prompt)
                    .ok()
                    .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(String::from))
                    .unwrap_or_default();
                // A mismatch names the question asked, to help a writer.
                eq(
                    "prompt",
                    kind.as_str(),
                    w.get(1).map(|x| x.as_str()).unwrap_or(""),
                )
                .map_err(|e| {
                    let asked = crate::describe::describe_prompt(game.state(), d.seat, &d.prompt);
                    format!("{e} ({asked:?})")
                })
            }
            crate::game::Pending::Over(_) => Err("the game is over".into()),
        },
        "hit-reason" => match game.pending() {
            crate::game::Pending::Decision(crate::flow::Decision {
                prompt: crate::choice::Prompt::AssignHit { why, .. },
                ..
            }) => {
                let got = serde_json::to_value(why)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default();
                eq(
                    "hit reason",
                    got.as_str(),
                    w.get(1).map(|x| x.as_str()).unwrap_or(""),
                )
            }
            _ => Err("no hit is being assigned".into()),
        },
        "choices" => match game.pending() {
            crate::game::Pending::Decision(d) => {
                let want: usize = num(w, 1)?;
                if d.choices.len() == want {
                    Ok(())
                } else {
                    // Name them: a failing count is fixed by reading them.
                    let listed: Vec<String> = d.choices.iter().map(|c| c.to_string()).collect();
                    Err(format!(
                        "number of choices: expected {want}, got {} ({})",
                        d.choices.len(),
                        listed.join("; ")
                    ))
                }
            }
            crate::game::Pending::Over(_) => Err("the game is over".into()),
        },
        "legal" | "illegal" => {
            let seat = seat_of(w.get(1).ok_or("legal PN CHOICE")?)?;
            let text = w[2..].join(" ");
            let c: Choice = text
                .parse()
                .map_err(|e: crate::choice::ParseChoiceError| e.to_string())?;
            let legal = matches!(game.pending(), crate::game::Pending::Decision(d) if d.seat == seat && d.choices.contains(&c));
            eq(&format!("`{text}` legal"), legal, head == "legal")
        }
        "action-discard" => match w.get(1).map(|x| x.as_str()) {
            Some("size") => eq(
                "action discard size",
                s.action_discard.len() + s.action_discard_up.len(),
                num(w, 2)?,
            ),
            Some(h @ ("has" | "lacks")) => {
                let c = ActionCard::parse(w.get(2).ok_or("which card?")?).ok_or("bad card")?;
                let has = s.action_discard.contains(&c) || s.action_discard_up.contains(&c);
                eq(&format!("{c} in the action discard"), has, h == "has")
            }
            Some("bottom") => {
                let c = ActionCard::parse(w.get(2).ok_or("which card?")?).ok_or("bad card")?;
                eq(
                    "action discard bottom",
                    s.action_discard.first().copied(),
                    Some(c),
                )
            }
            Some("top") => {
                // The last card discarded (the face-down pile's with the
                // split-discard variant).
                let c = ActionCard::parse(w.get(2).ok_or("which card?")?).ok_or("bad card")?;
                eq(
                    "action discard top",
                    s.action_discard.last().copied(),
                    Some(c),
                )
            }
            _ => {
                Err("action-discard size N | has CARD | lacks CARD | bottom CARD | top CARD".into())
            }
        },
        "view" => {
            // expect view PN sees-hand PM yes|no
            let viewer = seat_of(w.get(1).ok_or("whose view?")?)?;
            const USAGE: &str = "expect view PN sees-hand PM yes|no";
            if w.get(2).map(|x| x.as_str()) != Some("sees-hand") {
                return Err(USAGE.into());
            }
            let target = seat_of(w.get(3).ok_or(USAGE)?)?;
            let want = match w.get(4).map(|x| x.as_str()) {
                Some("yes") => true,
                Some("no") => false,
                _ => return Err(USAGE.into()),
            };
            let v = game.view(Some(viewer));
            let sees = v
                .seats
                .get(target.index())
                .is_some_and(|x| x.hand.is_some());
            let json = serde_json::to_string(&v).unwrap_or_default();
            let leaks = !json.contains("\"rng\"") && !json.contains("\"stack\"");
            if !leaks {
                return Err("the view exposes engine internals".into());
            }
            eq(&format!("{viewer} sees {target}'s hand"), sees, want)
        }
        "no-log" => {
            let text = log_text(w, 1)?;
            match game.log().iter().find(|e| says(&e.text, &text)) {
                None => Ok(()),
                Some(e) => Err(format!("an event contains {text:?}: {:?}", e.text)),
            }
        }
        "private-log" => {
            // expect private-log PN TEXT: an event contains TEXT, and every
            // event that does is shown to PN only.
            let seat = seat_of(w.get(1).ok_or("expect private-log PN TEXT")?)?;
            let text = log_text(w, 2)?;
            let mut found = false;
            for e in game.log().iter().filter(|e| says(&e.text, &text)) {
                if e.private_to != Some(seat) {
                    let to = e
                        .private_to
                        .map_or("everyone".to_string(), |x| x.to_string());
                    return Err(format!("{:?} is shown to {to}", e.text));
                }
                found = true;
            }
            if found {
                Ok(())
            } else {
                Err(format!("no event contains {text:?}"))
            }
        }
        "auto" => {
            // expect auto PN CHOICE: the engine took CHOICE for PN (its only
            // legal one) during the last `do` (or the setup's first steps).
            let seat = seat_of(w.get(1).ok_or("expect auto PN CHOICE")?)?;
            let text = w[2..].join(" ");
            let c: Choice = text
                .parse()
                .map_err(|e: crate::choice::ParseChoiceError| format!("not a choice: {e}"))?;
            let auto = game.last_auto_choices();
            if auto.contains(&(seat, c)) {
                Ok(())
            } else {
                let taken: Vec<String> = auto.iter().map(|(x, c)| format!("{x} {c}")).collect();
                Err(format!(
                    "`{seat} {c}` was not taken automatically (taken: {})",
                    if taken.is_empty() {
                        "none".to_string()
                    } else {
                        taken.join(", ")
                    }
                ))
            }
        }
        "undoable" => {
            // expect undoable PN N: how many of its last choices PN may take
            // back now (R-UNDO-1: never past a reveal or another seat's
            // choice). Choices made while the position was prepared are
            // not in the journal.
            let seat = seat_of(w.get(1).ok_or("expect undoable PN N")?)?;
            if w.len() != 3 {
                return Err("expect undoable PN N".into());
            }
            eq(
                &format!("{seat}'s undoable choices"),
                game.undoable(seat),
                num(w, 2)?,
            )
        }
        "pips" => {
            // expect pips N: pips (actions) left in the turn in progress
            if !s.stack.iter().any(|f| matches!(f, Frame::Turn)) {
                return Err("no turn is in progress".into());
            }
            eq("pips left", s.turn.pips_left, num(w, 1)?)
        }
        "box" => {
            // expect box R N [R N...] | box empty: exactly these resources
            // on the 2-player ambition boxes (B-SETUP-10, B-SCORE-08)
            const USAGE: &str = "expect box R N [R N...] | expect box empty";
            let mut want = [0u8; 5];
            if w.get(1).map(|x| x.as_str()) == Some("empty") {
                if w.len() > 2 {
                    return Err(USAGE.into());
                }
            } else {
                if w.len() < 3 || w.len().is_multiple_of(2) {
                    return Err(USAGE.into());
                }
                for pair in w[1..].chunks(2) {
                    let r = Resource::parse(&pair[0])
                        .ok_or(format!("unknown resource {:?}", pair[0]))?;
                    let n: u8 = pair[1].parse().map_err(|_| USAGE.to_string())?;
                    want[r.index()] = want[r.index()].saturating_add(n);
                }
            }
            let show = |b: &[u8; 5]| -> String {
                let parts: Vec<String> = Resource::ALL
                    .iter()
                    .filter(|r| b[r.index()] > 0)
                    .map(|r| format!("{r} {}", b[r.index()]))
                    .collect();
                if parts.is_empty() {
                    "empty".into()
                } else {
                    parts.join(" ")
                }
            };
            eq("ambition boxes", show(&s.box_resources), show(&want))
        }
        "over" => eq("game over", s.outcome.is_some(), true),
        // `expect winner none`: the game (a campaign Act I or II) ended
        // without naming a winner.
        "winner" => {
            let who = w.get(1).ok_or("winner P1..P4|none")?;
            let want = if who == "none" {
                None
            } else {
                Some(seat_of(who)?)
            };
            match &s.outcome {
                None => Err("the game is not over".into()),
                Some(o) => eq("winner", o.winner, want),
            }
        }
        "log" => {
            let text = log_text(w, 1)?;
            if game.log().iter().any(|e| says(&e.text, &text)) {
                Ok(())
            } else {
                // The last few events, to help a writer see what happened.
                let last: Vec<&str> = game
                    .log()
                    .iter()
                    .rev()
                    .take(4)
                    .map(|e| e.text.as_str())
                    .collect();
                Err(format!(
                    "no event contains {text:?}; the last events: {}",
                    last.into_iter()
                        .rev()
                        .map(|t| format!("{t:?}"))
                        .collect::<Vec<_>>()
                        .join(" · ")
                ))
            }
        }
        _ => Err(format!(
            "unknown expectation {:?} (see docs/scenarios.md)",
            w[0]
        )),
    }
}

fn expect_seat(s: &GameState, seat: Seat, w: &[String]) -> Result<(), String> {
    let st = s.seat(seat);
    let what = w
        .first()
        .map(|x| x.to_ascii_lowercase())
        .unwrap_or_default();
    let label = |x: &str| format!("{seat} {x}");
    match what.as_str() {
        "power" => eq(&label("power"), st.power, num(w, 1)?),
        "ships" => eq(&label("ships in supply"), st.ships, num(w, 1)?),
        "starports" => eq(&label("starports in supply"), st.starports, num(w, 1)?),
        "agents" => eq(&label("agents in supply"), st.agents, num(w, 1)?),
        "cities" => eq(&label("cities on the board"), st.cities, num(w, 1)?),
        "resources" => {
            let want: Vec<Option<Resource>> = w[1..]
                .iter()
                .map(|x| {
                    if x == "-" {
                        Ok(None)
                    } else {
                        Resource::parse(x)
                            .map(Some)
                            .ok_or(format!("unknown resource {x}"))
                    }
                })
                .collect::<Result<_, _>>()?;
            let Some(have) = st.resources.get(..want.len()) else {
                return Err(format!("at most {} slots", st.resources.len()));
            };
            eq(&label("resources"), have.to_vec(), want)
        }
        "has" => {
            let r = Resource::parse(w.get(1).ok_or("has what?")?).ok_or("unknown resource")?;
            eq(
                &label(&format!("{r} count")),
                st.count_resource(r),
                num(w, 2)?,
            )
        }
        "captives" => match w.len() {
            2 => eq(&label("captives"), st.captive_total(), num(w, 1)?),
            _ => {
                let o = seat_of(w.get(1).ok_or("captives [PN] N")?)?;
                eq(
                    &label(&format!("captives of {o}")),
                    st.captives[o.index()],
                    num(w, 2)?,
                )
            }
        },
        "trophies" => match w.len() {
            2 => eq(&label("trophies"), st.trophy_total(), num(w, 1)?),
            _ => {
                let o = owner_of(w.get(1).ok_or("trophies [OWNER KIND] N")?)?;
                let k = piece_kind(w.get(2).ok_or("which piece?")?).ok_or("unknown piece")?;
                eq(
                    &label(&format!("{o} {k:?} trophies")),
                    st.trophies[o.index()][k as usize],
                    num(w, 3)?,
                )
            }
        },
        "hand-size" => eq(&label("hand size"), st.hand.len(), num(w, 1)?),
        "hand" => {
            let c = ActionCard::parse(w.get(2).ok_or("hand has|lacks CARD")?).ok_or("bad card")?;
            match w.get(1).map(|x| x.as_str()) {
                Some("has") => eq(&label(&format!("holds {c}")), st.hand.contains(c), true),
                Some("lacks") => eq(&label(&format!("holds {c}")), st.hand.contains(c), false),
                _ => Err("hand has|lacks CARD".into()),
            }
        }
        "outraged" | "not-outraged" => {
            let r = Resource::parse(w.get(1).ok_or("which type?")?).ok_or("unknown resource")?;
            eq(
                &label(&format!("{r} Outrage")),
                st.is_outraged(r),
                what == "outraged",
            )
        }
        "guild" => {
            let c = CardId::parse(w.get(2).ok_or("guild has|lacks ID")?).ok_or("unknown card")?;
            match w.get(1).map(|x| x.as_str()) {
                Some("has") => eq(&label(&format!("holds {c}")), st.guild().contains(&c), true),
                Some("lacks") => eq(
                    &label(&format!("holds {c}")),
                    st.guild().contains(&c),
                    false,
                ),
                _ => Err("guild has|lacks ID".into()),
            }
        }
        "guild-count" => eq(&label("Guild cards"), st.guild().len(), num(w, 1)?),
        "ability" => {
            let c = CardId::parse(w.get(2).ok_or("ability has|lacks ID")?).ok_or("unknown card")?;
            let held = st.abilities().contains(&c);
            match w.get(1).map(|x| x.as_str()) {
                Some("has") => eq(&label(&format!("holds {c}")), held, true),
                Some("lacks") => eq(&label(&format!("holds {c}")), held, false),
                _ => Err("ability has|lacks ID".into()),
            }
        }
        "leader" => {
            let c = CardId::parse(w.get(1).ok_or("which leader?")?).ok_or("unknown card")?;
            eq(&label("leader"), st.leader(), Some(c))
        }
        "lore" => {
            let c = CardId::parse(w.get(2).ok_or("lore has|lacks ID")?).ok_or("unknown card")?;
            match w.get(1).map(|x| x.as_str()) {
                Some("has") => eq(&label(&format!("holds {c}")), st.lore().contains(&c), true),
                Some("lacks") => eq(&label(&format!("holds {c}")), st.lore().contains(&c), false),
                _ => Err("lore has|lacks ID".into()),
            }
        }
        "lore-count" => eq(&label("lore cards"), st.lore().len(), num(w, 1)?),
        "ambition" => {
            // expect PN ambition AMB N: the count scoring uses (B-SCORE-03)
            let a = Ambition::parse(w.get(1).ok_or("expect PN ambition AMB N")?)
                .ok_or("unknown ambition")?;
            eq(
                &label(&format!("{a} count")),
                crate::flow::ambition_count(s, seat, a),
                num(w, 2)?,
            )
        }
        "placeholder" | "no-placeholder" => {
            let r = Resource::parse(w.get(1).ok_or("which type?")?).ok_or("unknown resource")?;
            eq(
                &label(&format!("{r} placeholder")),
                st.placeholders & (1 << r.index()) != 0,
                what == "placeholder",
            )
        }
        "flagship" | "board" => crate::campaign::flagship::scenario_expect(s, seat, w)
            .unwrap_or_else(|| Err("expect PN flagship|board ...".into())),
        _ => Err(format!(
            "unknown seat expectation {what:?} (see docs/scenarios.md)"
        )),
    }
}

/// Runs scenario text and returns its report (parse errors included).
pub fn run_text(text: &str) -> Report {
    match Scenario::parse(text) {
        Ok(sc) => sc.run(),
        Err(e) => Report {
            name: "unparsable scenario".into(),
            checks: Vec::new(),
            stopped: Some(e.to_string()),
        },
    }
}
