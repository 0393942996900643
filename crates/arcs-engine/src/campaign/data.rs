//! Campaign component data the seeds lack, from
//! `data/campaign-components.json` (a copy of
//! `../shared/reference/campaign-components.json`): objective start spaces
//! and Edict numbers. Parsed once; rules read the typed tables.

use crate::ids::CardId;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

const JSON: &str = include_str!("../../data/campaign-components.json");

#[derive(Deserialize)]
struct Raw {
    objectives: Vec<RawObjective>,
    edicts: Vec<RawEdict>,
    protected_guild_card_ids: Vec<String>,
    chapter_track_tile: RawChapterTrack,
}

#[derive(Deserialize)]
struct RawChapterTrack {
    #[serde(rename = "act_III_side")]
    act_iii_side: RawActIII,
}

#[derive(Deserialize)]
struct RawActIII {
    grand_ambition_power: HashMap<String, RawGrand>,
}

#[derive(Deserialize)]
struct RawGrand {
    one: i32,
    both: i32,
}

#[derive(Deserialize)]
struct RawObjective {
    id: String,
    act: u8,
    fate_number: u8,
    #[serde(default)]
    start_space: Option<HashMap<String, u8>>,
}

#[derive(Deserialize)]
struct RawEdict {
    id: String,
    edict_number: String,
}

/// One objective card side: where its marker starts, per player count.
#[derive(Clone, Debug)]
pub struct Objective {
    pub card: Option<CardId>,
    pub fate: u8,
    pub act: u8,
    /// Start space for 2, 3 and 4 players; `None` for Act III grand
    /// ambitions (no marker).
    pub start: Option<[u8; 3]>,
}

pub struct CampaignData {
    /// Guild cards printed with an X instead of a raid cost (p27).
    pub protected: Vec<CardId>,
    pub objectives: Vec<Objective>,
    /// Edict number by card (campaign-components.md §6).
    pub edict_numbers: HashMap<CardId, u8>,
    /// The chapter track's Act III side: Power for one and for both grand
    /// ambitions, by chapter 1..4 (p9; campaign-components.md §7).
    pub grand_power: [(i32, i32); 4],
}

pub fn data() -> &'static CampaignData {
    static D: OnceLock<CampaignData> = OnceLock::new();
    D.get_or_init(|| {
        let raw: Raw = serde_json::from_str(JSON).expect("checked-in campaign data parses");
        let objectives = raw
            .objectives
            .into_iter()
            .map(|o| Objective {
                card: CardId::parse(&o.id),
                fate: o.fate_number,
                act: o.act,
                start: o.start_space.map(|m| {
                    let get = |k: &str| m.get(k).copied().unwrap_or(0);
                    [get("2"), get("3"), get("4")]
                }),
            })
            .collect();
        let mut edict_numbers = HashMap::new();
        for e in raw.edicts {
            let n: u8 = e.edict_number.parse().unwrap_or(99);
            // Ids such as "ARCS-F124..F126" name a run of cards.
            let first = e.id.split("..").next().unwrap_or("");
            if let Some(c) = CardId::parse(first) {
                edict_numbers.insert(c, n);
            }
            if let Some((a, b)) = e.id.split_once("..") {
                let num = |s: &str| s.trim_start_matches("ARCS-F").parse::<u32>().ok();
                if let (Some(x), Some(y)) = (num(a), num(b.trim_start_matches('F'))) {
                    for k in x..=y {
                        if let Some(c) = CardId::parse(&format!("ARCS-F{k}")) {
                            edict_numbers.insert(c, n);
                        }
                    }
                }
            }
        }
        let mut grand_power = [(0, 0); 4];
        for (i, g) in grand_power.iter_mut().enumerate() {
            if let Some(x) = raw
                .chapter_track_tile
                .act_iii_side
                .grand_ambition_power
                .get(&(i + 1).to_string())
            {
                *g = (x.one, x.both);
            }
        }
        CampaignData {
            grand_power,
            protected: raw
                .protected_guild_card_ids
                .iter()
                .filter_map(|x| CardId::parse(x))
                .collect(),
            objectives,
            edict_numbers,
        }
    })
}

/// Where the objective marker of Fate `fate` (1..24) starts in Act `act`
/// with `players` players (campaign rules p8, campaign-components.md §1).
pub fn objective_start(fate: u8, act: u8, players: u8) -> Option<u8> {
    let o = data()
        .objectives
        .iter()
        .find(|o| o.fate == fate && o.act == act)?;
    let i = (players.clamp(2, 4) - 2) as usize;
    o.start.map(|s| s[i])
}

/// A protected Guild card (p27): it leaves its holder's play area only
/// when the holder Provokes Outrage of its suit.
pub fn protected(card: CardId) -> bool {
    data().protected.contains(&card)
}

/// An Edict card's number (lowest resolves first, campaign rules p20).
pub fn edict_number(card: CardId) -> Option<u8> {
    data().edict_numbers.get(&card).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objective_starts_follow_the_printed_clocks() {
        // Founder Act I: 2p 18 / 3p 16 / 4p 14; Admiral Act I 13; Steward
        // Act I 20/17/14 (campaign-components.md §1).
        assert_eq!(objective_start(2, 1, 2), Some(18));
        assert_eq!(objective_start(2, 1, 3), Some(16));
        assert_eq!(objective_start(2, 1, 4), Some(14));
        assert_eq!(objective_start(7, 1, 3), Some(13));
        assert_eq!(objective_start(1, 1, 2), Some(20));
        assert_eq!(objective_start(1, 3, 2), None);
    }

    #[test]
    fn edict_numbers_are_read() {
        let id = |s| CardId::parse(s).unwrap();
        assert_eq!(edict_number(id("ARCS-AID02")), Some(0));
        assert_eq!(edict_number(id("ARCS-F113")), Some(2));
        assert_eq!(edict_number(id("ARCS-F125")), Some(3));
        assert_eq!(edict_number(id("ARCS-F703")), Some(55));
    }
}
