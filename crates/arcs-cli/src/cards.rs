//! `arcs cards`: the catalog, with implementation status.

use arcs_engine::cards::implemented;
use arcs_engine::data::{catalog, CardKind, CatalogSet};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Show implementation status and a summary per set and kind.
    #[arg(long)]
    status: bool,
    /// Only cards whose id, name or text contains TEXT (case-insensitive).
    #[arg(long)]
    search: Option<String>,
    /// Print each card's rules text too.
    #[arg(long)]
    text: bool,
}

/// Whether a card needs behaviour to be implemented: the base game's
/// setup cards are data; the campaign's Setup sides are Fate setups.
fn needs_code(kind: CardKind, set: CatalogSet) -> bool {
    kind != CardKind::Setup || set == CatalogSet::BlightedReach
}

/// The Fate Set of a campaign card by its code (the engine's rule).
fn fate_set(code: &str) -> Option<u8> {
    arcs_engine::campaign::fates::fate_set(code)
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let cat = catalog();
    let needle = a.search.as_ref().map(|s| s.to_lowercase());
    let mut shown = 0;
    for id in cat.ids() {
        let c = id.info();
        if let Some(n) = &needle {
            let hay = format!("{} {} {}", c.id, c.name, c.text).to_lowercase();
            if !hay.contains(n) {
                continue;
            }
        }
        shown += 1;
        let status = if !needs_code(c.kind, c.set) || implemented(id) {
            "implemented"
        } else {
            "not implemented"
        };
        let suit = c.suit.map(|s| s.to_string()).unwrap_or_default();
        if a.status {
            println!(
                "{:<16} {:<32} {:<8} {:<9} {}",
                c.id,
                c.name,
                format!("{:?}", c.kind).to_lowercase(),
                suit,
                status
            );
        } else {
            println!(
                "{:<16} {:<32} {:<8} {}",
                c.id,
                c.name,
                format!("{:?}", c.kind).to_lowercase(),
                suit
            );
        }
        if a.text && !c.text.is_empty() {
            for line in arcs_engine::data::plain_text(&c.text).lines() {
                println!("    {line}");
            }
        }
    }
    if a.status && needle.is_none() {
        println!();
        for (set, label) in [
            (CatalogSet::Base, "Base game"),
            (CatalogSet::LeadersLore, "Leaders & Lore pack"),
            (CatalogSet::BlightedReach, "Blighted Reach"),
        ] {
            let ids: Vec<_> = cat
                .ids()
                .filter(|i| i.info().set == set && needs_code(i.info().kind, i.info().set))
                .collect();
            let done = ids.iter().filter(|i| implemented(**i)).count();
            println!(
                "{label}: {done} of {} cards with rules implemented",
                ids.len()
            );
        }
        // The yardstick: each Fate Set whole (its Fate card, its
        // objective cards' sides and every card it brings).
        for n in 1..=24u8 {
            let ids: Vec<_> = cat
                .ids()
                .filter(|i| fate_set(i.code()) == Some(n))
                .filter(|i| needs_code(i.info().kind, i.info().set))
                .collect();
            let Some(name) = ids
                .iter()
                .find(|i| i.info().kind == CardKind::Fate)
                .map(|i| i.info().name.clone())
            else {
                continue;
            };
            let done = ids.iter().filter(|i| implemented(**i)).count();
            println!(
                "Fate Set {n} ({name}): {done} of {} implemented{}",
                ids.len(),
                if done == ids.len() { ", complete" } else { "" }
            );
        }
        let court = cat.base_court();
        let done = court.iter().filter(|i| implemented(**i)).count();
        println!(
            "Base Court (BC01–BC31): {done} of {} implemented",
            court.len()
        );
    }
    if shown == 0 {
        eprintln!("no card matches");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    #[test]
    fn fate_sets_by_code() {
        assert_eq!(super::fate_set("ARCS-FATE06"), Some(6));
        assert_eq!(super::fate_set("ARCS-F601A"), Some(6));
        assert_eq!(super::fate_set("ARCS-F625"), Some(6));
        assert_eq!(super::fate_set("ARCS-F1201B"), Some(12));
        assert_eq!(super::fate_set("ARCS-F2405"), Some(24));
        assert_eq!(super::fate_set("ARCS-FS01"), None);
        assert_eq!(super::fate_set("ARCS-BC01"), None);
    }
}
