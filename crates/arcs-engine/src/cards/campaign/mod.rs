//! The Blighted Reach's cards: the campaign Court (CC01–CC15) and, later,
//! each Fate's cards in a module of its own.

pub mod admiral;
pub mod advocate;
pub mod believer;
pub mod caretaker;
pub mod court;
pub mod founder;
pub mod magnate;
pub mod partisan;
pub mod peacekeeper;
pub mod steward;

use super::Behavior;

/// Every campaign family's cards, for the card registry.
pub static FAMILIES: &[&[&Behavior]] = &[
    court::CARDS,
    admiral::CARDS,
    founder::CARDS,
    magnate::CARDS,
    partisan::CARDS,
    advocate::CARDS,
    steward::CARDS,
    caretaker::CARDS,
    believer::CARDS,
    peacekeeper::CARDS,
    crate::campaign::flagship::CARDS,
];

/// Campaign cards that reprint a base card word for word (campaign.md
/// §3.1, checked against the catalog's texts in `tests`): they behave as
/// the original.
pub static REPRINTS: &[(&str, &str)] = &[
    ("ARCS-CC01", "ARCS-BC02"), // Mining Interest
    ("ARCS-CC02", "ARCS-BC05"), // Construction Union
    ("ARCS-CC03", "ARCS-BC08"), // Gatekeepers
    ("ARCS-CC04", "ARCS-BC09"), // Shipping Interest
    ("ARCS-CC05", "ARCS-BC13"), // Skirmishers
    ("ARCS-CC06", "ARCS-BC11"), // Arms Union
    ("ARCS-CC07", "ARCS-BC16"), // Lattice Spies
    ("ARCS-CC08", "ARCS-BC20"), // Silver-Tongues
    ("ARCS-CC09", "ARCS-BC22"), // Sworn Guardians
    ("ARCS-CC10", "ARCS-BC23"), // Elder Broker
    ("ARCS-F208", "ARCS-BC05"), // Construction Union (the Founder's)
    ("ARCS-F209", "ARCS-BC05"),
    ("ARCS-F210", "ARCS-BC04"), // Admin Union (the Founder's)
    ("ARCS-F211", "ARCS-BC04"),
    ("ARCS-F708", "ARCS-BC14"), // Court Enforcers (the Admiral's)
    ("ARCS-F709", "ARCS-BC14"),
    ("ARCS-F605", "ARCS-BC01"), // Loyal Engineers (the Partisan's)
    ("ARCS-F606", "ARCS-BC07"), // Loyal Pilots
    ("ARCS-F607", "ARCS-BC15"), // Loyal Marines
    ("ARCS-F608", "ARCS-BC19"), // Loyal Empaths
    ("ARCS-F609", "ARCS-BC21"), // Loyal Keepers
    ("ARCS-F610", "ARCS-BC25"), // Galactic Bards
    ("ARCS-F117", "ARCS-BC25"), // Galactic Bards (the Steward's)
    ("ARCS-F611", "ARCS-BC10"), // Spacing Union
    ("ARCS-F612", "ARCS-BC11"), // Arms Union
    ("ARCS-F622", "ARCS-BC10"),
    ("ARCS-F410", "ARCS-CC13"), // Diplomatic Fiasco (the Advocate's)
    ("ARCS-F819", "ARCS-BC18"), // Secret Order (the Believer's)
    ("ARCS-F826", "ARCS-BC18"),
    ("ARCS-F304", "ARCS-BC23"), // Elder Broker (the Magnate's)
    ("ARCS-F305", "ARCS-BC24"), // Relic Fence
    ("ARCS-F306", "ARCS-BC12"), // Prison Wardens
    ("ARCS-F307", "ARCS-BC03"), // Material Cartel
    ("ARCS-F308", "ARCS-BC06"), // Fuel Cartel
    ("ARCS-F623", "ARCS-BC11"),
    ("ARCS-F105", "ARCS-CC12"),   // Council Intrigue (the Steward's)
    ("ARCS-F1506", "ARCS-F1505"), // Arms Interest (the Peacekeeper's second)
];

#[cfg(test)]
mod tests {
    use crate::ids::CardId;

    #[test]
    fn reprints_have_the_originals_text_suit_and_raid_cost() {
        for (copy, original) in super::REPRINTS {
            let (a, b) = (
                CardId::parse(copy).unwrap(),
                CardId::parse(original).unwrap(),
            );
            // Word for word, case and spacing aside; the emphasis marks may
            // sit apart ("**Provoke Outrage,**" in F605 against "**Provoke
            // Outrage**," in BC01).
            let words = |t: &str| {
                t.replace('*', "")
                    .split_whitespace()
                    .collect::<String>()
                    .to_lowercase()
            };
            assert_eq!(words(&a.info().text), words(&b.info().text), "{copy}");
            assert_eq!(a.info().suit, b.info().suit, "{copy}");
            assert_eq!(a.info().raid_cost, b.info().raid_cost, "{copy}");
            assert!(crate::cards::implemented(a), "{copy}");
        }
    }
}
