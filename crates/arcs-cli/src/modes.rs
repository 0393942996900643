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

/// Whether a campaign set up as `config` can be played up to Act `last`:
/// with Fates, Acts II and III need the B and C Fates (and the A Fates'
/// later cards), which are said to be missing plainly rather than
/// replaced by anything (issue 20 §2 F).
pub fn check_later_acts(config: &Config, last: u8) -> anyhow::Result<()> {
    use arcs_engine::campaign::fates;
    if matches!(config.campaign.fates, FateSelection::None) || last < 2 {
        return Ok(());
    }
    for (act, letter) in [(2u8, 'B'), (3, 'C')] {
        if act > last {
            break;
        }
        let roman = if act == 2 { "II" } else { "III" };
        if !arcs_engine::campaign::next_act::next_group_unbuilt(act - 1) {
            if fates::playable(letter)
                .iter()
                .all(|f| !fates::plays(*f, act))
            {
                anyhow::bail!(
                    "Act {roman} draws its Fates from the {letter} Fates, and none of them is \
                     implemented yet (`arcs cards` lists what is)"
                );
            }
            continue;
        }
        // No Fate of the group is built: every seat keeps its Fate
        // (docs/rulings.md R-CAMP-KEEP-UNBUILT), which must play this Act.
        let seated: Vec<arcs_engine::ids::CardId> = match &config.campaign.fates {
            FateSelection::Fixed(names) => names
                .iter()
                .filter_map(|n| arcs_engine::config::fate_card(n).ok())
                .collect(),
            _ => fates::playable('A'),
        };
        if let Some(f) = seated.iter().find(|f| !fates::plays(**f, act)) {
            anyhow::bail!(
                "the {letter} Fates are not implemented yet, so every player keeps their Fate into \
                 Act {roman}, and the {}'s Act {roman} cards are not implemented yet (`arcs cards` \
                 lists what is): name Fates that play Act {roman} (--fates Founder,Admiral), or \
                 play with --fates none",
                f.name()
            );
        }
    }
    Ok(())
}
