//! The game modes the commands take (`--mode`, `--fates`), one place.

use arcs_engine::config::FateSelection;
use arcs_engine::{Config, Mode};

/// The modes, for help texts.
pub const MODES: &str = "base, leaders-lore, campaign";

/// A config for `players` in `mode`. `fates` (campaign only): `draw` (each
/// player draws 2 of the playable "A" Fates — all eight once they are
/// implemented — and chooses; the default), a comma-separated
/// list of Fate names (one per seat), or `none` (the campaign's shared
/// systems alone, without Fates).
pub fn config(mode: &str, players: u8, fates: Option<&str>) -> anyhow::Result<Config> {
    let mut c = Config::base(players);
    match mode {
        "base" => {}
        "leaders-lore" => c.mode = Mode::LeadersLore,
        "campaign" => {
            c = Config::campaign(players);
            c.campaign.fates = match fates.unwrap_or("draw") {
                // The same pool as the web table: the "A" Fates implemented
                // so far (`arcs cards` lists the others).
                "draw" => FateSelection::Draw(Some(
                    arcs_engine::campaign::fates::playable('A')
                        .iter()
                        .map(|c| c.code().to_string())
                        .collect(),
                )),
                "none" => FateSelection::None,
                list => {
                    FateSelection::Fixed(list.split(',').map(|x| x.trim().to_string()).collect())
                }
            };
        }
        m => anyhow::bail!("unknown mode {m:?} ({MODES})"),
    }
    if fates.is_some() && mode != "campaign" {
        anyhow::bail!("--fates is for --mode campaign");
    }
    Ok(c)
}
