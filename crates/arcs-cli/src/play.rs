//! `arcs play`: a terminal game, hot-seat and/or against random bots.

use arcs_engine::view::View;
use arcs_engine::{data, Choice, Config, Game, Pending, Seat, SystemId};
use rand::Rng;
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Who sits in each seat, in order: `human`, `random`, `heuristic` or
    /// `search` (`search:500ms`), e.g. `human,heuristic,search`. The number
    /// of seats is the player count.
    #[arg(long, value_delimiter = ',', default_values_t = vec!["human".to_string(), "random".to_string(), "random".to_string()])]
    seats: Vec<String>,
    /// Game seed (random if absent).
    #[arg(long)]
    seed: Option<u64>,
    /// Setup card id or name (random if absent).
    #[arg(long)]
    setup_card: Option<String>,
    /// Use the split-discard variant.
    #[arg(long)]
    split_discard: bool,
    /// Game mode: base, leaders-lore or campaign (Act I).
    #[arg(long, default_value = "base")]
    mode: String,
    /// Campaign: `draw` (each player draws 2 of the playable "A" Fates and chooses), Fate
    /// names one per seat, or `none` (the shared systems without Fates).
    #[arg(long)]
    fates: Option<String>,
    /// Leaders & Lore: the "second lore card" variant.
    #[arg(long)]
    second_lore: bool,
    /// Load a save file instead of starting a new game.
    #[arg(long, conflicts_with = "campaign")]
    load: Option<std::path::PathBuf>,
    /// Play a Blighted Reach campaign kept in this file: started (Act I)
    /// when the file does not exist, saved whenever a person is to choose
    /// and when you quit, and continued where it stopped. After an Act
    /// ends, the next run begins the Intermission and the next Act.
    #[arg(long)]
    campaign: Option<std::path::PathBuf>,
}

/// The campaign kept in `path`: its current Act's game, or — when that
/// Act has ended — the next Act's, started from its final position.
fn campaign_game(path: &std::path::Path) -> anyhow::Result<Game> {
    let text = std::fs::read_to_string(path)?;
    let game = arcs_engine::Save::from_json(&text)?.load()?;
    if game.config().mode != arcs_engine::Mode::Campaign {
        anyhow::bail!("{} holds a single game, not a campaign", path.display());
    }
    let Some(report) = game.state().outcome.as_deref().and_then(|o| o.act.clone()) else {
        return Ok(game);
    };
    if report.act >= 3
        || game
            .state()
            .outcome
            .as_deref()
            .is_some_and(|o| o.winner.is_some())
    {
        return Ok(game);
    }
    let next = game.config().next_act(game.state());
    crate::modes::check_later_acts(&next, report.act + 1)?;
    let seed = rand::thread_rng().gen();
    let act = ["I", "II", "III"];
    println!(
        "Act {} is over. The Intermission begins, then Act {} (seed {seed}).",
        act[report.act as usize - 1],
        act[report.act as usize]
    );
    Ok(Game::new(next, seed)?)
}

/// Writes the campaign's current Act to `path` (through a temporary file,
/// so a crash never leaves half a save).
fn save_campaign(path: &std::path::Path, game: &Game) -> anyhow::Result<()> {
    let tmp = path.with_extension("saving");
    std::fs::write(&tmp, arcs_engine::Save::of(game).to_json())?;
    std::fs::rename(&tmp, path)?;
    Ok(())
}

enum Who {
    Human,
    Bot(Box<dyn arcs_bots::Agent>),
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let budget = arcs_bots::Budget::Time(std::time::Duration::from_millis(1000));
    let mut seats: Vec<Who> = a
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| match s.as_str() {
            "human" | "h" => Ok(Who::Human),
            spec => arcs_bots::make_agent(spec, a.seed.unwrap_or(0) ^ (i as u64 + 1), budget)
                .map(Who::Bot)
                .map_err(|e| anyhow::anyhow!("{e} (or human)")),
        })
        .collect::<Result<_, _>>()?;
    if a.campaign.is_some() && a.mode != "base" && a.mode != "campaign" {
        anyhow::bail!("--campaign plays the campaign: leave out --mode {}", a.mode);
    }
    let mode = if a.campaign.is_some() {
        "campaign"
    } else {
        a.mode.as_str()
    };
    let mut game = match (&a.load, &a.campaign) {
        (Some(p), _) => arcs_engine::Save::from_json(&std::fs::read_to_string(p)?)?.load()?,
        (None, Some(p)) if p.exists() => campaign_game(p)?,
        _ => {
            let players = seats.len() as u8;
            let mut config = Config {
                setup_card: a.setup_card.clone(),
                split_discard: a.split_discard,
                ..crate::modes::config(mode, players, a.fates.as_deref())?
            };
            config.leaders_lore.second_lore = a.second_lore;
            let seed = a.seed.unwrap_or_else(|| rand::thread_rng().gen());
            println!("New {players}-player game, seed {seed}.");
            Game::new(config, seed)?
        }
    };
    if seats.len() != game.state().players as usize {
        anyhow::bail!(
            "--seats lists {} seats but the game has {} players",
            seats.len(),
            game.state().players
        );
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut shown_log = 0;
    loop {
        let d = match game.pending() {
            Pending::Over(o) => {
                print_log(&game, None, &mut shown_log);
                match (&o.act, o.winner) {
                    (Some(r), None) => println!(
                        "\nAct {} is over: no winner is named until the end of Act III.",
                        ["I", "II", "III"][(r.act.clamp(1, 3) - 1) as usize]
                    ),
                    (Some(_), Some(_)) => println!("\nThe campaign is over: {}.", o.reason),
                    _ => println!("\nGame over: {}.", o.reason),
                }
                for (i, s) in o.ranking.iter().enumerate() {
                    println!("  {}. {} — {} Power", i + 1, s, o.power[s.index()]);
                }
                if let Some(p) = &a.campaign {
                    save_campaign(p, &game)?;
                    if o.winner.is_none() && o.act.is_some() {
                        println!(
                            "The campaign is saved in {}: run `arcs play --campaign {}` again for the Intermission and the next Act.",
                            p.display(),
                            p.display()
                        );
                    }
                }
                return Ok(ExitCode::SUCCESS);
            }
            Pending::Decision(d) => d,
        };
        if let Who::Bot(agent) = &mut seats[d.seat.index()] {
            let obs = game.observation(d.seat);
            let i = agent.choose(&obs, &d.choices);
            let c = d.choices.get(i).copied().unwrap_or(d.choices[0]);
            game.apply(d.seat, c)?;
            continue;
        }
        let human = Some(d.seat);
        if let Some(p) = &a.campaign {
            save_campaign(p, &game)?;
        }
        print_log(&game, human, &mut shown_log);
        let view = game.view(human);
        println!();
        print!("{}", render(&view));
        println!(
            "\n{} — {}",
            d.seat,
            arcs_engine::describe_prompt(game.state(), d.seat, &d.prompt)
        );
        let words = d.describe_choices(game.state());
        for (i, (c, w)) in d.choices.iter().zip(&words).enumerate() {
            println!("  {:>2}) {w}", i + 1);
            // A card to take (draft, lore, Guild): its text beneath.
            if let Choice::Card(card) = c {
                let text = arcs_engine::data::plain_text(&card.info().text).replace('\n', " ");
                if !text.is_empty() {
                    println!("      {text}");
                }
            }
        }
        loop {
            print!("{}> ", d.seat);
            std::io::stdout().flush()?;
            let Some(line) = lines.next() else {
                return Ok(ExitCode::SUCCESS);
            };
            let line = line?;
            let line = line.trim();
            match line {
                "q" | "quit" => return Ok(ExitCode::SUCCESS),
                "" => continue,
                "h" | "help" | "?" => {
                    println!("{HELP}\n{}", help_words(""));
                    continue;
                }
                "text" => {
                    for (i, c) in d.choices.iter().enumerate() {
                        println!("  {:>2}) {c}", i + 1);
                    }
                    continue;
                }
                "undo" => {
                    // Undo back to this seat's previous decision.
                    let mut undone = 0;
                    while let Some((s, _)) = game.choices().last() {
                        let mine = *s == d.seat;
                        game.undo(1)?;
                        undone += 1;
                        if mine {
                            break;
                        }
                    }
                    println!("Took back {undone} choice(s).");
                    shown_log = 0;
                    break;
                }
                _ => {}
            }
            if let Some(term) = line
                .strip_prefix("help ")
                .or_else(|| line.strip_prefix("h "))
                .or_else(|| line.strip_prefix("? "))
            {
                println!("{}", help_words(term));
                continue;
            }
            if let Some(name) = line.strip_prefix("card ") {
                println!("{}", card_words(name));
                continue;
            }
            if let Some(path) = line.strip_prefix("save ") {
                std::fs::write(path.trim(), arcs_engine::Save::of(&game).to_json())?;
                println!("Saved to {}.", path.trim());
                continue;
            }
            let choice = match line.parse::<usize>() {
                Ok(n) if n >= 1 && n <= d.choices.len() => d.choices[n - 1],
                Ok(_) => {
                    println!("Pick 1..{}.", d.choices.len());
                    continue;
                }
                Err(_) => match line.parse::<Choice>() {
                    Ok(c) => c,
                    Err(e) => {
                        println!("{e}");
                        continue;
                    }
                },
            };
            match game.apply(d.seat, choice) {
                Ok(_) => break,
                Err(e) => println!("{e}"),
            }
        }
    }
}

/// The terminal's commands, in words.
const HELP: &str = "Commands:
  a number          take that choice
  a choice's text   the same in the engine's words (e.g. `lead ADM3`; `text` lists them)
  card NAME         a card's whole text (e.g. `card Loyal Marines`, `card Tycoon's Charm`)
  help TERM         a rules term explained (e.g. `help prelude`, `help seize`, `help summit`)
  undo              take back your last choice
  save FILE         save the game
  q                 quit
The board above each decision shows the map (each system with its neighbours),
the players, the Court and the ambitions.";

/// The rules help (the web table's topics, in our own words): with no
/// term, the list of topics; with one, the topics whose name or title
/// holds it, in full.
pub fn help_words(term: &str) -> String {
    #[derive(serde::Deserialize)]
    struct Topic {
        id: String,
        title: String,
        text: Vec<String>,
    }
    let topics: Vec<Topic> = match serde_json::from_str(arcs_server::assets::HELP_TOPICS) {
        Ok(t) => t,
        Err(e) => return format!("The rules help cannot be read: {e}"),
    };
    let want = term.trim().to_lowercase();
    if want.is_empty() {
        let names: Vec<&str> = topics.iter().map(|t| t.id.as_str()).collect();
        return format!("Rules terms (`help TERM`): {}.", names.join(", "));
    }
    let found: Vec<&Topic> = topics
        .iter()
        .filter(|t| t.id == want || t.title.to_lowercase().contains(&want))
        .collect();
    if found.is_empty() {
        let names: Vec<&str> = topics.iter().map(|t| t.id.as_str()).collect();
        return format!(
            "No rules term {:?}. Terms: {}.",
            term.trim(),
            names.join(", ")
        );
    }
    found
        .iter()
        .map(|t| {
            format!(
                "{}\n{}",
                t.title,
                t.text
                    .iter()
                    .map(|p| format!("  {p}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A card by its name (any case, or the start of its name), in words: its
/// name, what it is and its whole text (Court, lore, leader, Fate and
/// campaign cards).
pub fn card_words(name: &str) -> String {
    let want = name.trim().to_lowercase();
    if want.is_empty() {
        return "Which card? e.g. `card Loyal Marines`.".into();
    }
    let cat = arcs_engine::data::catalog();
    let exact = cat.cards.iter().find(|c| c.name.to_lowercase() == want);
    let found: Vec<_> = match exact {
        Some(c) => vec![c],
        None => cat
            .cards
            .iter()
            .filter(|c| c.name.to_lowercase().starts_with(&want))
            .collect(),
    };
    match found.as_slice() {
        [] => format!("No card is named {:?}.", name.trim()),
        [c] => {
            let mut o = format!("{} — {:?}", c.name, c.kind);
            if let Some(s) = c.suit {
                o.push_str(&format!(", {s}"));
            }
            if let Some(k) = c.raid_cost {
                o.push_str(&format!(
                    ", raid cost {k} key{}",
                    if k == 1 { "" } else { "s" }
                ));
            }
            let text = arcs_engine::data::plain_text(&c.text);
            if !text.is_empty() {
                o.push('\n');
                o.push_str(&text);
            }
            o
        }
        many => {
            let names: Vec<&str> = many.iter().take(8).map(|c| c.name.as_str()).collect();
            format!(
                "Which one: {}{}?",
                names.join(", "),
                if many.len() > 8 { ", …" } else { "" }
            )
        }
    }
}

fn print_log(game: &Game, viewer: Option<Seat>, shown: &mut usize) {
    let log = game.log();
    if *shown > log.len() {
        *shown = 0;
    }
    for e in &log[*shown..] {
        if e.visible_to(viewer) {
            println!("  · {}", e.text);
        }
    }
    *shown = log.len();
}

/// The systems next to `id` on this map: the printed borders between
/// systems in play, and along the gate ring the next gate in play each way
/// (path markers join gates across clusters out of play).
fn neighbours(v: &View, id: SystemId) -> Vec<SystemId> {
    let in_play = |x: SystemId| v.systems.iter().any(|s| s.id == x && s.in_play);
    let mut out: Vec<SystemId> = SystemId::all()
        .filter(|x| data::full_adjacency(id) & x.bit() != 0 && in_play(*x))
        .filter(|x| !(x.is_gate() && id.is_gate()))
        .collect();
    if id.is_gate() {
        let gates: Vec<SystemId> = SystemId::all()
            .filter(|x| x.is_gate() && in_play(*x))
            .collect();
        if let Some(i) = gates.iter().position(|g| *g == id) {
            let n = gates.len();
            for g in [gates[(i + n - 1) % n], gates[(i + 1) % n]] {
                if g != id && !out.contains(&g) {
                    out.push(g);
                }
            }
        }
    }
    out
}

/// A plain-text board: map, players, Court, ambitions, the round.
pub fn render(v: &View) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "== Chapter {} · initiative {}{} · setup {} ==",
        v.chapter,
        v.initiative,
        if v.seized { " (seized)" } else { "" },
        v.setup_card
    );
    for s in &v.systems {
        if !s.in_play {
            continue;
        }
        let kind = match data::planet_type(s.id) {
            Some(r) => format!(
                "{r} ({} slot{})",
                data::building_slots(s.id),
                if data::building_slots(s.id) == 1 {
                    ""
                } else {
                    "s"
                }
            ),
            None => "gate".into(),
        };
        let mut parts = Vec::new();
        for (owner, sh) in &s.ships {
            let mut p = format!(
                "{owner} {} ship{}",
                sh.total(),
                if sh.total() == 1 { "" } else { "s" }
            );
            if sh.damaged > 0 {
                p.push_str(&format!(" ({} damaged)", sh.damaged));
            }
            parts.push(p);
        }
        for (_, b) in &s.buildings {
            parts.push(format!(
                "{} {}{}",
                b.owner,
                if b.damaged { "damaged " } else { "" },
                b.kind.name()
            ));
        }
        // The campaign's Flagships (p22): a piece beside the ships.
        if let Some(c) = &v.campaign {
            for f in c.flagships.iter().filter(|f| f.at == Some(s.id)) {
                parts.push(format!("{}'s Flagship", f.seat));
            }
        }
        if parts.is_empty() {
            parts.push("empty".into());
        }
        let ctl = s
            .controller
            .map(|c| format!(" [{c} controls]"))
            .unwrap_or_default();
        let next: Vec<String> = neighbours(v, s.id).iter().map(|x| x.to_string()).collect();
        let _ = writeln!(
            o,
            "  {} {:<22} {}{} · next to {}",
            s.id,
            kind,
            parts.join(", "),
            ctl,
            next.join(", ")
        );
    }
    let _ = writeln!(o, "Players:");
    for s in &v.seats {
        let res: Vec<String> = s
            .resources
            .iter()
            .enumerate()
            .take(6)
            .map(|(i, r)| match r {
                Some(r) => format!("{r}({})", data::SLOT_RAID_COST[i]),
                None if i < data::open_board_slots(s.cities_on_board) => "_".into(),
                None => "▲".into(),
            })
            .collect();
        let _ = writeln!(
            o,
            "  {}: {} Power · {} cards · resources [{}] · supply {} ships {} starports {} agents · {} cities on board",
            s.seat, s.power, s.hand_size, res.join(" "), s.ships, s.starports, s.agents, s.cities_on_board
        );
        let mut extra = Vec::new();
        if !s.outrage.is_empty() {
            extra.push(format!(
                "Outraged: {}",
                s.outrage
                    .iter()
                    .map(|r| r.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if let Some(f) = v
            .campaign
            .as_ref()
            .and_then(|c| c.flagships.iter().find(|f| f.seat == s.seat))
        {
            extra.push(format!("Flagship board: {}", f.words));
        }
        if s.trophies > 0 {
            extra.push(format!("{} trophies", s.trophies));
        }
        if s.captives > 0 {
            extra.push(format!("{} captives", s.captives));
        }
        if let Some(l) = s.leader {
            extra.push(format!("Leader: {}", l.name()));
        }
        if !s.lore.is_empty() {
            extra.push(format!(
                "Lore: {}",
                s.lore
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !s.guild.is_empty() {
            extra.push(format!(
                "Guild: {}",
                s.guild
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !extra.is_empty() {
            let _ = writeln!(o, "      {}", extra.join(" · "));
        }
        if let Some(h) = &s.hand {
            let _ = writeln!(
                o,
                "      hand: {}",
                h.iter()
                    .map(|c| format!("{c}[{}p]", c.pips()))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }
    if !v.leader_row.is_empty() || !v.lore_row.is_empty() {
        let names =
            |r: &[arcs_engine::CardId]| r.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ");
        let _ = writeln!(
            o,
            "Draft rows — leaders: {} · lore: {}",
            names(&v.leader_row),
            names(&v.lore_row)
        );
    }
    let _ = writeln!(o, "Court:");
    for (i, c) in v.court.iter().enumerate() {
        let name = c
            .card
            .map(|c| format!("{} ({})", c.name(), c.code().trim_start_matches("ARCS-")))
            .unwrap_or_else(|| "(empty)".into());
        let agents: Vec<String> = c.agents.iter().map(|(o, n)| format!("{o}×{n}")).collect();
        let _ = writeln!(o, "  {}. {} {}", i + 1, name, agents.join(" "));
    }
    let amb: Vec<String> = v
        .markers
        .iter()
        .map(|m| {
            format!(
                "{}/{} {}",
                m.first,
                m.second,
                m.at.map(|x| x.to_string()).unwrap_or("available".into())
            )
        })
        .collect();
    let _ = writeln!(o, "Ambition markers: {}", amb.join(" · "));
    // Each ambition: the counts now and who would place if the chapter
    // ended now (B-SCORE-03..06), declared or not.
    let _ = writeln!(o, "Ambitions (counts now; who would place):");
    for a in &v.ambitions {
        let counts: Vec<String> = v
            .seats
            .iter()
            .zip(&a.counts)
            .map(|(s, n)| format!("{} {n}", s.seat))
            .collect();
        let places: Vec<String> = a
            .places
            .iter()
            .map(|p| {
                let who = p.seat.map_or("the box".to_string(), |s| s.to_string());
                let gain = if a.markers.is_empty() {
                    String::new()
                } else {
                    format!(" +{}", p.power)
                };
                format!(
                    "{who} {}{gain}",
                    if p.place == 1 { "first" } else { "second" }
                )
            })
            .collect();
        // The Believer's Ideal marker in the box (F820A), if any.
        let ideal = v
            .campaign
            .as_ref()
            .and_then(|c| c.faith.as_ref())
            .and_then(|f| f.ideals.iter().find(|(x, _)| *x == a.ambition))
            .map_or(String::new(), |(_, i)| format!(" [{} Ideal]", i.name()));
        // The Sponsored token (Imperial Sponsor, F123), if on this box.
        let ideal = if v.campaign.as_ref().and_then(|c| c.sponsored) == Some(a.ambition) {
            format!("{ideal} [Sponsored]")
        } else {
            ideal
        };
        let markers = if a.markers.is_empty() {
            "not declared".to_string()
        } else {
            let m: Vec<String> = a
                .markers
                .iter()
                .map(|m| format!("{}/{}", m.first, m.second))
                .collect();
            format!("declared {}", m.join(" + "))
        };
        let lead = if places.is_empty() {
            "nobody places".to_string()
        } else {
            places.join(", ")
        };
        let _ = writeln!(
            o,
            "  {:<8} {markers}{ideal}: {} — {lead}",
            a.ambition.to_string(),
            counts.join(", ")
        );
    }
    if let Some(f) = v.campaign.as_ref().and_then(|c| c.faith.as_ref()) {
        let _ = writeln!(
            o,
            "Faith: Doctrine {} · Ideal markers collected {}",
            f.doctrine.map_or("not in play", |d| d.name()),
            f.supply
        );
    }
    if let Some(l) = v.lead_card {
        let _ = writeln!(
            o,
            "Lead: {}{} by {}",
            l,
            if v.zero_marker { " (zero marker)" } else { "" },
            v.leader
        );
        for p in &v.plays {
            let card = match p.card {
                Some(c) => c.to_string(),
                None if p.faithful => "face-down Faithful card".into(),
                None => "face-down".into(),
            };
            let card = match p.beside {
                Some(b) => format!("{card} (beside it: {})", b.name()),
                None => card,
            };
            let _ = writeln!(
                o,
                "  {} {:?} {}{}",
                p.seat,
                p.kind,
                card,
                if p.seized_with_extra_card {
                    " + seize card"
                } else {
                    ""
                }
            );
        }
    }
    o
}

#[cfg(test)]
mod tests {
    #[test]
    fn card_names_a_card_in_words() {
        let w = super::card_words("loyal marines");
        assert!(w.starts_with("Loyal Marines — Guild"), "{w}");
        assert!(w.contains("raid cost 3 keys"), "{w}");
        assert!(w.contains("Provoke Outrage"), "{w}");
        assert!(super::card_words("Loyal").starts_with("Which one:"));
        assert!(super::card_words("no such card").starts_with("No card is named"));
        assert!(super::card_words(" ").starts_with("Which card?"));
    }

    /// `help TERM` explains a rules term from the web table's topics;
    /// `help` lists them; an unknown term says which exist.
    #[test]
    fn help_explains_rules_terms() {
        let w = super::help_words("prelude");
        assert!(w.starts_with("The Prelude\n"), "{w}");
        assert!(w.contains("Material: Build or Repair"), "{w}");
        let w = super::help_words("Seizing");
        assert!(w.starts_with("Seizing the initiative"), "{w}");
        let all = super::help_words("");
        for id in ["goal", "prelude", "battle", "summit", "flagship"] {
            assert!(all.contains(id), "{all}");
        }
        assert!(super::help_words("zzz").starts_with("No rules term \"zzz\""));
    }

    use super::*;

    /// The terminal table names each Flagship in its system and shows its
    /// board in its seat's line (campaign p22).
    #[test]
    fn the_table_shows_flagships() {
        let text = "name t\nplayers 3\nmode campaign\nsystem 1.3: P1 ship\nP1 flagship 1.3\nP1 board: hull city, crane damaged starport\nsystem 2.1: P2 ship\nsystem 3.1: P3 ship\nP1 hand ADM2\nP2 hand AGG4\nP3 hand ADM3\n";
        let game = arcs_engine::scenario::Scenario::parse(text)
            .expect("parses")
            .build()
            .expect("builds");
        let out = render(&View::new(&game, Some(Seat(0))));
        assert!(out.contains("P1's Flagship"), "{out}");
        assert!(
            out.contains("Flagship board: Ship Crane: starport (damaged); Hull: city"),
            "{out}"
        );
    }

    #[test]
    fn the_terminal_map_names_each_systems_neighbours() {
        use arcs_engine::view::View;
        let game = arcs_engine::Game::new(arcs_engine::Config::base(4), 3).unwrap();
        let out = super::render(&View::new(&game, Some(arcs_engine::Seat(0))));
        // Every system in play is listed, each with its neighbours: a
        // planet beside its gate and its neighbouring planets.
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with("1.2 "))
            .expect("1.2 listed");
        assert!(line.contains("next to 1.0, 1.1, 1.3"), "{line}");
        let gate = out
            .lines()
            .find(|l| l.trim_start().starts_with("1.0 "))
            .expect("gate 1 listed");
        assert!(gate.contains("2.0") && gate.contains("6.0"), "{gate}");
    }

    #[test]
    fn the_terminal_board_shows_who_leads_each_ambition() {
        use arcs_engine::view::View;
        let game = arcs_engine::Game::new(arcs_engine::Config::base(3), 5).unwrap();
        let v = View::new(&game, Some(arcs_engine::Seat(0)));
        let out = super::render(&v);
        assert!(
            out.contains("Ambitions (counts now; who would place):"),
            "{out}"
        );
        // One line per ambition, with every seat's count.
        for a in &v.ambitions {
            let line = out
                .lines()
                .find(|l| l.trim_start().starts_with(&a.ambition.to_string()))
                .unwrap_or_else(|| panic!("{} missing:\n{out}", a.ambition));
            assert!(line.contains("P1 ") && line.contains("P3 "), "{line}");
            assert!(line.contains("not declared"), "{line}");
            match a.places.first() {
                Some(p) => assert!(line.contains(&format!("{} ", p.seat.unwrap())), "{line}"),
                None => assert!(line.contains("nobody places"), "{line}"),
            }
        }
    }
}
