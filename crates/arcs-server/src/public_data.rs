//! The public data every page needs to draw the game: the card catalog
//! (with action cards, Court cards, leaders and lore as the UI draws
//! them), the map and the setup cards. All of it comes from the engine's
//! catalog and component data — one source for the web UI, the terminal
//! and the protocol — and is turned into JSON once per process.

use arcs_engine::data::{catalog, components, CardKind, LeaderBox, LeaderSetup};
use arcs_engine::{ActionCard, DeclareRight, Suit, SystemId};
use serde_json::{json, Map, Value};
use std::sync::OnceLock;

/// `GET /api/cards`: every card, as JSON text built once.
pub fn cards_json() -> &'static str {
    static J: OnceLock<String> = OnceLock::new();
    J.get_or_init(|| Value::Array(cards()).to_string())
}

/// `GET /api/map`, built once.
pub fn map_json() -> &'static str {
    static J: OnceLock<String> = OnceLock::new();
    J.get_or_init(|| map().to_string())
}

/// `GET /api/setup-cards`, built once.
pub fn setup_cards_json() -> &'static str {
    static J: OnceLock<String> = OnceLock::new();
    J.get_or_init(|| setup_cards().to_string())
}

/// The 28 base action cards first (they are not in the catalog), then
/// every catalog card in catalog order.
pub fn cards() -> Vec<Value> {
    let mut out: Vec<Value> = (0..ActionCard::COUNT as u8)
        .map(|i| action_card(ActionCard(i)))
        .collect();
    // The campaign's Event cards (28..31), all alike.
    out.extend((0..ActionCard::EVENTS).map(|k| event_card(ActionCard::event(k))));
    // The Believer's Faithful action cards (32..40) and the two sides
    // each is played on (Zeal 41..49, Wisdom 50..58; ARCS-F813).
    out.extend(
        (ActionCard::FAITHFUL_FIRST as usize..ActionCard::FACES_END)
            .map(|i| faithful_card(ActionCard(i as u8))),
    );
    for (i, info) in catalog().cards.iter().enumerate() {
        let mut o = Map::new();
        o.insert(
            "implemented".into(),
            json!(arcs_engine::cards::implemented(arcs_engine::CardId(
                i as u16
            ))),
        );
        o.insert("id".into(), json!(info.id));
        o.insert("name".into(), json!(info.name));
        o.insert("set".into(), json!(info.set));
        o.insert("kind".into(), json!(info.kind));
        if !info.types.is_empty() {
            o.insert("types".into(), json!(info.types));
        }
        if let Some(suit) = info.suit {
            o.insert("suit".into(), json!(suit));
        }
        if let Some(keys) = info.raid_cost {
            o.insert("raid_cost".into(), json!(keys));
        }
        if let Some(fate) = &info.fate {
            o.insert("fate".into(), json!(fate));
        }
        o.insert("text".into(), json!(info.text));
        if info.kind == CardKind::Leader {
            if let Some(setup) = components().leader(&info.id) {
                o.insert("leader".into(), leader(setup));
            }
        }
        out.push(Value::Object(o));
    }
    out
}

/// An Event card (campaign rules p12): no suit, number or pips of its
/// own.
fn event_card(card: ActionCard) -> Value {
    json!({
        "id": card.to_string(),
        "name": "Event",
        "set": "blighted-reach",
        "kind": "action",
        "text": "Take actions like the lead card unless a Rival played an Event card or secured \
                 the Imperial Council earlier this round. You cannot lead this, copy with it or \
                 discard it to seize the initiative. At the end of the round the initiative \
                 holder may call the Summit, then rolls the event die: Crisis, resolve the \
                 Crises; Edict, resolve the Edicts (unless the Imperial Council was secured: \
                 it resolves instead).",
        "action": {
            "index": card.0,
            "code": card.to_string(),
            "suit": "event",
            "number": 0,
            "pips": 0,
            "actions": [],
            "declare": null,
            "four_player_only": false,
            "seizes_initiative": false,
            "event": true,
        },
    })
}

/// A Faithful action card (ARCS-F804–F812, components.md §11): its
/// number is its place in the Believer's stack; it is played on its Zeal
/// or its Wisdom side (ARCS-F813). `side` is the face played, if any.
fn faithful_card(card: ActionCard) -> Value {
    let number = card.number();
    let suit = card.suit();
    let words = |s: Suit| {
        or_list(
            &s.actions()
                .iter()
                .map(|a| capitalized(a.name()))
                .collect::<Vec<_>>(),
        )
    };
    let pips = card.pips();
    let plural = if pips == 1 { "" } else { "s" };
    let (name, text) = match suit {
        Suit::Zeal | Suit::Wisdom => {
            let side = if suit == Suit::Zeal { "Zeal" } else { "Wisdom" };
            (
                format!("Faithful {number}, {side} side"),
                format!(
                    "Played on its {side} side: {pips} pip{plural}: {}.",
                    words(suit)
                ),
            )
        }
        _ => (
            format!("Faithful {number}"),
            format!(
                "{pips} pip{plural}, played on either side. Zeal: {}. Wisdom: {}. Surpass only a \
                 Faithful card played on the same side. Leading it declares any ambition while \
                 Pluralistic Faith is in the rules booklet.{}",
                words(Suit::Zeal),
                words(Suit::Wisdom),
                if number == 7 {
                    " Surpassing with it does not seize the initiative."
                } else {
                    ""
                }
            ),
        ),
    };
    let actions: Vec<&str> = suit.actions().iter().map(|a| a.name()).collect();
    json!({
        "id": card.to_string(),
        "name": name,
        "set": "blighted-reach",
        "kind": "action",
        "text": text,
        "action": {
            "index": card.0,
            "code": card.to_string(),
            "suit": suit,
            "number": number,
            "pips": pips,
            "actions": actions,
            "zeal": words(Suit::Zeal),
            "wisdom": words(Suit::Wisdom),
            "declare": null,
            "four_player_only": false,
            "seizes_initiative": false,
            "faithful": true,
        },
    })
}

fn action_card(card: ActionCard) -> Value {
    let suit = card.suit();
    let actions: Vec<&str> = suit.actions().iter().map(|a| a.name()).collect();
    let declare = match card.declare_right() {
        DeclareRight::None => None,
        DeclareRight::One(a) => Some(a.name()),
        DeclareRight::Any => Some("any"),
    };
    let number = card.number();
    // Cards 1 and 7 are in the deck with four players only; Surpassing
    // with a 7 seizes the initiative (components.md §3).
    let four_player_only = number == 1 || number == 7;
    let seizes = number == 7;
    let action_words: Vec<String> = actions.iter().map(|a| capitalized(a)).collect();
    let mut text = format!(
        "{} pip{}: {}.",
        card.pips(),
        if card.pips() == 1 { "" } else { "s" },
        or_list(&action_words)
    );
    match card.declare_right() {
        DeclareRight::None => text.push_str(" Declares no ambition."),
        DeclareRight::One(a) => text.push_str(&format!(" Declare {a} when you lead it.")),
        DeclareRight::Any => text.push_str(" Declare any ambition when you lead it."),
    }
    if seizes {
        text.push_str(" Surpassing with it seizes the initiative.");
    }
    if four_player_only {
        text.push_str(" Four players only.");
    }
    json!({
        "id": card.to_string(),
        "name": format!("{} {number}", suit.name()),
        "set": "base",
        "kind": "action",
        "text": text,
        "action": {
            "index": card.0,
            "code": card.to_string(),
            "suit": suit,
            "number": number,
            "pips": card.pips(),
            "actions": actions,
            "declare": declare,
            "four_player_only": four_player_only,
            "seizes_initiative": seizes,
        },
    })
}

/// A leader's starting pieces and resources (components.md §8), as data
/// and in words.
fn leader(l: &LeaderSetup) -> Value {
    let bx = |b: &LeaderBox| {
        let mut o = Map::new();
        if let Some(kind) = b.building {
            o.insert("building".into(), json!(kind.name()));
        }
        o.insert("ships".into(), json!(b.ships));
        Value::Object(o)
    };
    let words = |b: &LeaderBox| {
        let ships = ships(b.ships);
        match b.building {
            Some(kind) => format!("{} + {ships}", kind.name()),
            None => ships,
        }
    };
    json!({
        "resources": l.resources,
        "a": bx(&l.a),
        "b": bx(&l.b),
        "c": {"ships": l.c},
        "setup": [
            format!("A: {}", words(&l.a)),
            format!("B: {}", words(&l.b)),
            format!("C: {} each", ships(l.c)),
        ],
    })
}

fn ships(n: u8) -> String {
    format!("{n} ship{}", if n == 1 { "" } else { "s" })
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "A", "A or B", "A, B or C".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The printed map (components.md §1): systems, planet types, building
/// slots and adjacency.
fn map() -> Value {
    let comp = components();
    let systems: Vec<_> = SystemId::all()
        .map(|s| {
            let i = s.index();
            json!({
                "id": s,
                "cluster": s.cluster(),
                "position": s.position(),
                "gate": s.is_gate(),
                "planet": comp.planet_type[i],
                "slots": comp.building_slots[i],
                "adjacent": SystemId::all()
                    .filter(|t| comp.adjacency[i] & t.bit() != 0)
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "systems": systems })
}

/// The setup cards (components.md §2): for the lobby's choice and its map
/// preview, the clusters out of play and each seat's starting systems.
fn setup_cards() -> Value {
    let cards: Vec<_> = components()
        .setup_cards
        .iter()
        .map(|c| {
            json!({
                "id": c.id,
                "name": c.name,
                "players": c.players,
                "experienced": c.experienced,
                "out_of_play": c.out_of_play,
                "starts": c.starts.iter().map(|s| json!({"a": s.a, "b": s.b, "c": s.c})).collect::<Vec<_>>(),
            })
        })
        .collect();
    Value::Array(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The action cards agree with the printed table (components.json,
    /// components.md §3).
    #[test]
    fn action_cards_match_the_component_table() {
        let raw: Value =
            serde_json::from_str(include_str!("../../arcs-engine/data/components.json")).unwrap();
        let table = raw["action_cards"].as_array().unwrap();
        assert_eq!(table.len(), 28);
        let cards = cards();
        for row in table {
            let code = format!(
                "{}{}",
                &row["suit"].as_str().unwrap()[..3].to_uppercase(),
                row["number"]
            );
            let card = cards.iter().find(|c| c["id"] == code.as_str()).unwrap();
            let a = &card["action"];
            assert_eq!(a["suit"], row["suit"], "{code}");
            assert_eq!(a["number"], row["number"], "{code}");
            assert_eq!(a["pips"], row["pips"], "{code}");
            assert_eq!(a["actions"], row["actions"], "{code}");
            assert_eq!(a["declare"], row["declarable_ambition"], "{code}");
            assert_eq!(a["four_player_only"], row["four_player_only"], "{code}");
            assert_eq!(
                a["seizes_initiative"], row["surpass_seizes_initiative"],
                "{code}"
            );
            assert_eq!(
                a["index"].as_u64().unwrap() as u8,
                ActionCard::parse(&code).unwrap().0
            );
        }
        // The Faithful cards (components.md §11) and their sides.
        let fai7 = cards.iter().find(|c| c["id"] == "FAI7").unwrap();
        assert_eq!(fai7["name"], "Faithful 7");
        assert_eq!(fai7["action"]["pips"], 2);
        assert!(fai7["text"]
            .as_str()
            .unwrap()
            .contains("Zeal: Move, Influence, Battle or Tax. Wisdom: Build, Repair or Secure."));
        assert!(fai7["text"].as_str().unwrap().contains("does not seize"));
        let wis1 = cards.iter().find(|c| c["id"] == "WIS1").unwrap();
        assert_eq!(wis1["name"], "Faithful 1, Wisdom side");
        assert_eq!(
            wis1["action"]["actions"],
            json!(["build", "repair", "secure"])
        );
        assert_eq!(wis1["action"]["pips"], 4);
        let adm3 = cards.iter().find(|c| c["id"] == "ADM3").unwrap();
        assert_eq!(adm3["name"], "Administration 3");
        assert_eq!(
            adm3["text"],
            "3 pips: Tax, Repair or Influence. Declare Tyrant when you lead it."
        );
    }

    #[test]
    fn court_cards_leaders_and_lore_carry_what_a_card_shows() {
        let cards = cards();
        assert_eq!(
            cards.len(),
            28 + 4 + 27 + catalog().cards.len(),
            "action cards, Event cards, Faithful cards and their sides, the catalog"
        );
        let by = |id: &str| cards.iter().find(|c| c["id"] == id).unwrap().clone();
        let engineers = by("ARCS-BC01");
        assert_eq!(engineers["name"], "Loyal Engineers");
        assert_eq!(engineers["kind"], "guild");
        assert_eq!(engineers["suit"], "material");
        assert_eq!(engineers["raid_cost"], 3);
        assert!(engineers["text"]
            .as_str()
            .unwrap()
            .contains("Provoke Outrage"));
        let vox = by("ARCS-BC26");
        assert_eq!(vox["kind"], "vox");
        assert!(vox.get("suit").is_none() && vox.get("raid_cost").is_none());
        // Every base Court card has its kind, text and (Guild) suit and keys.
        for id in catalog().base_court() {
            let c = by(id.code());
            assert!(!c["text"].as_str().unwrap().is_empty(), "{}", id.code());
            if c["kind"] == "guild" {
                assert!(c["suit"].is_string() && c["raid_cost"].is_u64(), "{c}");
            }
        }
        // Every leader shows its starting pieces and resources.
        let leaders: Vec<_> = cards.iter().filter(|c| c["kind"] == "leader").collect();
        assert_eq!(leaders.len(), 16);
        for l in &leaders {
            assert_eq!(l["leader"]["resources"].as_array().unwrap().len(), 2, "{l}");
            assert!(!l["text"].as_str().unwrap().is_empty(), "{l}");
        }
        let rebel = leaders.iter().find(|l| l["name"] == "Rebel").unwrap();
        assert_eq!(
            rebel["leader"],
            json!({
                "resources": ["material", "weapon"],
                "a": {"building": "starport", "ships": 4},
                "b": {"ships": 4},
                "c": {"ships": 2},
                "setup": ["A: starport + 4 ships", "B: 4 ships", "C: 2 ships each"],
            })
        );
        let lore: Vec<_> = cards
            .iter()
            .filter(|c| c["kind"] == "lore" && c["set"] != "blighted-reach")
            .collect();
        assert_eq!(lore.len(), 28);
        assert!(lore.iter().all(|c| !c["text"].as_str().unwrap().is_empty()));
        // Built once: the same text every time.
        assert!(std::ptr::eq(cards_json(), cards_json()));
    }

    #[test]
    fn setup_cards_name_their_out_of_play_clusters() {
        let v: Value = serde_json::from_str(setup_cards_json()).unwrap();
        let cards = v.as_array().unwrap();
        assert_eq!(cards.len(), 12);
        let frontiers = cards.iter().find(|c| c["id"] == "ARCS-2SETUP01").unwrap();
        assert_eq!(frontiers["out_of_play"], json!([1, 6]));
        assert_eq!(
            frontiers["starts"][0],
            json!({"a": "5.3", "b": "4.3", "c": ["3.0", "3.3"]})
        );
        for c in cards {
            assert_eq!(
                c["starts"].as_array().unwrap().len(),
                c["players"].as_u64().unwrap() as usize
            );
        }
    }
}
