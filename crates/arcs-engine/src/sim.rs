//! Random legal play with the invariants of DESIGN.md §Testing checked
//! after every step: used by `arcs sim` and the test suite.

use crate::config::Config;
use crate::game::{Game, Pending};
use crate::ids::Seat;
use crate::journal::Save;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimOptions {
    pub games: u64,
    pub players: Vec<u8>,
    pub seed: u64,
    /// Check views, serialization and replay (slower); invariants are
    /// always checked.
    pub deep: bool,
    pub config: Config,
    /// Campaign only: the last Act each game plays (1: Act I alone; 3: the
    /// whole campaign, each Act a game started from the previous Act's
    /// end).
    pub acts: u8,
}

/// The first invariant violation found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub game_seed: u64,
    pub players: u8,
    pub choice_index: usize,
    pub message: String,
    /// The last events before the violation, for diagnosis.
    pub log_tail: Vec<String>,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}-player game with seed {} at choice #{}: {}",
            self.players, self.game_seed, self.choice_index, self.message
        )
    }
}

#[derive(Clone, Debug, Default)]
pub struct SimReport {
    pub games: u64,
    pub choices: u64,
    pub violations: Vec<Violation>,
    pub wins_by_seat: [u64; 4],
    /// Games that ended without a winner (campaign Acts I and II).
    pub no_winner: u64,
    pub chapters: u64,
    /// Campaign Acts played (one per game, or up to three with `acts`).
    pub acts: u64,
}

/// The seed of game `i` of a run.
pub fn game_seed(run_seed: u64, i: u64) -> u64 {
    run_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i)
}

/// Plays one random game; returns (choices made, the finished game) or the
/// first violation (with the last events before it).
pub fn play_one(config: &Config, seed: u64, deep: bool) -> Result<(usize, Game), Violation> {
    let players = config.players;
    let fail = |i: usize, m: String| Violation {
        game_seed: seed,
        players,
        choice_index: i,
        message: m,
        log_tail: vec![],
    };
    let mut game = Game::new(config.clone(), seed).map_err(|e| fail(0, e.to_string()))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xA5A5_5A5A);
    let mut n = 0usize;
    let result = play_steps(&mut game, &mut rng, deep, &mut n, &fail);
    if let Err(mut v) = result {
        v.log_tail = game
            .log()
            .iter()
            .rev()
            .take(25)
            .rev()
            .map(|e| e.text.clone())
            .collect();
        return Err(v);
    }
    if deep {
        let text = Save::of(&game).to_json();
        let replayed = Save::from_json(&text)
            .and_then(|s| s.load())
            .map_err(|e| fail(n, format!("replay failed: {e}")))?;
        if replayed.state() != game.state() {
            return Err(fail(
                n,
                "journal replay reproduces a different state".into(),
            ));
        }
    }
    Ok((n, game))
}

fn play_steps(
    game: &mut Game,
    rng: &mut ChaCha8Rng,
    deep: bool,
    n: &mut usize,
    fail: &dyn Fn(usize, String) -> Violation,
) -> Result<(), Violation> {
    loop {
        crate::invariants::check(game.state()).map_err(|m| fail(*n, m))?;
        if deep && n.is_multiple_of(16) {
            check_views(game).map_err(|m| fail(*n, m))?;
            let json = serde_json::to_string(game.state()).map_err(|e| fail(*n, e.to_string()))?;
            let back: crate::state::GameState =
                serde_json::from_str(&json).map_err(|e| fail(*n, e.to_string()))?;
            if &back != game.state() {
                return Err(fail(*n, "state serialize → deserialize differs".into()));
            }
        }
        match game.pending() {
            Pending::Over(o) => {
                if o.ranking.is_empty() {
                    return Err(fail(*n, o.reason));
                }
                return Ok(());
            }
            Pending::Decision(d) => {
                if d.choices.is_empty() {
                    return Err(fail(*n, "a decision with no legal choice".into()));
                }
                let c = d.choices[rng.gen_range(0..d.choices.len())];
                game.apply(d.seat, c)
                    .map_err(|e| fail(*n, format!("legal choice {c} refused: {e}")))?;
                *n += 1;
                if *n > 50_000 {
                    return Err(fail(*n, "game did not end after 50,000 choices".into()));
                }
            }
        }
    }
}

/// B-FINE-11 / DESIGN: a seat's view holds its own hand only, no deck
/// order and no RNG.
pub fn check_views(game: &Game) -> Result<(), String> {
    let s = game.state();
    let spectator = game.view(None);
    for viewer in s.seat_ids().map(Some).chain(std::iter::once(None)) {
        let v = game.view(viewer);
        // Standings, breakdowns and the round are public: the same for all.
        if v.ambitions != spectator.ambitions
            || v.scoring != spectator.scoring
            || v.power_by_chapter != spectator.power_by_chapter
            || v.round != spectator.round
        {
            return Err(format!("view of {viewer:?} differs in public data"));
        }
        for sv in &v.seats {
            if sv.hand.is_some() && Some(sv.seat) != viewer {
                return Err(format!("view of {viewer:?} shows {}'s hand", sv.seat));
            }
        }
        if let Some(p) = &v.pending {
            if !p.choices.is_empty() && Some(p.seat) != viewer {
                return Err("a view lists another seat's choices".into());
            }
        }
        for p in &v.plays {
            let real = s.round.plays[p.seat.index()].map(|x| x.card);
            if p.card.is_some() && p.kind == crate::state::PlayKind::Copy && Some(p.seat) != viewer
            {
                return Err("a face-down Copy card is visible".into());
            }
            if p.card.is_some() && p.card != real {
                return Err("a played card is misreported".into());
            }
        }
        if let (Some(cv), Some(c)) = (&v.campaign, s.campaign()) {
            // The Fate choice is secret: only the viewer's own two cards.
            let own: Vec<crate::ids::CardId> = viewer
                .map(|x| c.fate_offer[x.index()].iter().flatten().copied().collect())
                .unwrap_or_default();
            if cv.fate_offer != own {
                return Err(format!(
                    "view of {viewer:?} shows another seat's Fate cards"
                ));
            }
            if cv.fates.iter().any(|f| f.is_some())
                && c.fate_offer.iter().flatten().any(|f| f.is_some())
            {
                return Err("a Fate is shown before every seat has chosen".into());
            }
        }
        if v.log.iter().any(|e| !e.visible_to(viewer)) {
            return Err("a private event leaked into a view".into());
        }
        if v.log.iter().any(|e| e.scoring.is_some()) {
            return Err("a scoring breakdown is repeated in a view's log".into());
        }
        let json = serde_json::to_string(&v).map_err(|e| e.to_string())?;
        if json.contains("\"rng\"") || json.contains("court_deck\"") || json.contains("\"stack\"") {
            return Err("a view exposes hidden state".into());
        }
    }
    Ok(())
}

/// Runs `opts.games` games, cycling through the player counts.
pub fn run(opts: &SimOptions, mut progress: impl FnMut(u64)) -> SimReport {
    let mut report = SimReport::default();
    for i in 0..opts.games {
        let players = opts.players[(i % opts.players.len() as u64) as usize];
        let config = Config {
            players,
            ..opts.config.clone()
        };
        let seed = game_seed(opts.seed, i);
        let result = if config.mode == crate::config::Mode::Campaign && opts.acts > 1 {
            play_campaign(&config, seed, opts.deep, opts.acts)
        } else {
            play_one(&config, seed, opts.deep).map(|(n, g)| (n, g, 1))
        };
        match result {
            Ok((n, g, acts)) => {
                report.choices += n as u64;
                report.chapters += g.state().chapter as u64;
                report.acts += acts as u64;
                if let Some(o) = &g.state().outcome {
                    match o.winner {
                        Some(w) => report.wins_by_seat[w.index()] += 1,
                        // A campaign Act I or II: no winner (p8).
                        None => report.no_winner += 1,
                    }
                }
            }
            Err(v) => {
                report.violations.push(v);
                report.games = i + 1;
                return report;
            }
        }
        report.games = i + 1;
        progress(i + 1);
    }
    report
}

/// The seed of a campaign's Act `act` (Act I plays `seed` itself).
pub fn act_seed(seed: u64, act: u8) -> u64 {
    if act <= 1 {
        seed
    } else {
        seed ^ (act as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)
    }
}

/// Plays a campaign's Acts I to `last`, each a game started from the
/// previous Act's end, checking the invariants throughout and across the
/// Acts (the Intermission keeps every piece and card). Returns the
/// choices made in all, the last Act's game and the Acts played.
pub fn play_campaign(
    config: &Config,
    seed: u64,
    deep: bool,
    last: u8,
) -> Result<(usize, Game, u8), Violation> {
    let (mut total, mut game) = play_one(config, seed, deep)?;
    let mut act = 1;
    while act < last.min(3) {
        act += 1;
        let next = game.config().next_act(game.state());
        // Power carries over exactly (p7), through the Intermission's A
        // (a failed objective's marker) and E (halving, rounding to lose
        // less) — unless a Fate's Resolution card may change it too.
        if let Some(expected) = carried_power(game.state()) {
            let first = Game::new(next.clone(), act_seed(seed, act)).map_err(|e| Violation {
                game_seed: seed,
                players: config.players,
                choice_index: 0,
                message: format!("Act {}: {e}", crate::campaign::events::roman(act)),
                log_tail: vec![],
            })?;
            // Past the Intermission's decisions before E halves Power (the
            // elimination fallback's gate, a city back on its board
            // covering resources).
            let mut first = first;
            let in_intermission = |g: &Game| {
                g.state().stack.iter().any(|f| {
                    matches!(
                        f,
                        crate::flow::Frame::Campaign(
                            crate::campaign::CampaignFrame::Intermission { .. }
                        )
                    )
                })
            };
            while in_intermission(&first) {
                let Pending::Decision(d) = first.pending() else {
                    break;
                };
                if first.apply(d.seat, d.choices[0]).is_err() {
                    break;
                }
            }
            let got: Vec<i32> = first
                .state()
                .seat_ids()
                .map(|x| first.state().seat(x).power)
                .collect();
            if got != expected {
                return Err(Violation {
                    game_seed: seed,
                    players: config.players,
                    choice_index: 0,
                    message: format!(
                        "Act {} starts with Power {got:?}, not {expected:?}",
                        crate::campaign::events::roman(act)
                    ),
                    log_tail: vec![],
                });
            }
        }
        let (n, g) = play_one(&next, act_seed(seed, act), deep).map_err(|mut v| {
            v.message = format!("Act {}: {}", crate::campaign::events::roman(act), v.message);
            v
        })?;
        total += n;
        game = g;
    }
    Ok((total, game, act))
}

/// Each seat's Power at the start of the Act after the one that ended in
/// `s`: less a failed objective's marker space, then halved above 1
/// (rounding to lose less) — `None` when a Fate's Resolution card could
/// change it as well.
fn carried_power(s: &crate::state::GameState) -> Option<Vec<i32>> {
    let c = s.campaign()?;
    let mut out = Vec::new();
    for x in s.seat_ids() {
        let mut p = s.seat(x).power;
        if let Some(f) = c.fates[x.index()] {
            if crate::campaign::fates::def(f).is_some_and(|d| d.resolution.is_some()) {
                return None;
            }
            if !crate::campaign::fates::objective_complete(c, x) {
                p -= c.objective[x.index()] as i32;
            }
        }
        out.push(if p > 1 { p - p / 2 } else { p });
    }
    Some(out)
}

/// A seat chosen uniformly among those of the game (helper for drivers).
pub fn random_seat(rng: &mut impl Rng, players: u8) -> Seat {
    Seat(rng.gen_range(0..players))
}
