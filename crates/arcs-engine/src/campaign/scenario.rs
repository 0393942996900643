//! Scenario lines for the campaign (docs/scenarios.md, "Campaign"): setup
//! lines that place the campaign's parts and `expect` checks of them. The
//! scenario builder (`scenario.rs`) asks here for every line it does not
//! know.

use super::{Campaign, EventFace, EventIcon, Policy};
use crate::game::Game;
use crate::ids::*;
use crate::state::{GameState, TrophyKind};

/// The campaign, or an error naming the line's word: campaign lines need
/// `mode campaign`.
fn camp<'a>(s: &'a mut GameState, what: &str) -> Result<&'a mut Campaign, String> {
    s.campaign_mut()
        .ok_or_else(|| format!("`{what}` needs `mode campaign`"))
}

/// A scenario line's seat word (`P1`..`P4`) in this game.
pub(crate) fn seat(s: &GameState, w: Option<&String>) -> Result<Seat, String> {
    let w = w.ok_or("expected a seat")?;
    let n: u8 = w
        .trim_start_matches(['P', 'p'])
        .parse()
        .map_err(|_| format!("expected a seat P1..P4, got {w:?}"))?;
    if (1..=s.players).contains(&n) {
        Ok(Seat(n - 1))
    } else {
        Err(format!("no seat {w} in this game"))
    }
}

fn num<T: std::str::FromStr>(w: Option<&String>) -> Result<T, String> {
    let w = w.ok_or("expected a number")?;
    w.parse()
        .map_err(|_| format!("expected a number, got {w:?}"))
}

pub fn parse_policy(w: &str) -> Option<Policy> {
    match w.to_ascii_lowercase().as_str() {
        "war" => Some(Policy::War),
        "peace" => Some(Policy::Peace),
        "escalation" => Some(Policy::Escalation),
        _ => None,
    }
}

/// An event die face: 1..6 (crisis arrow, moon, hex, edict arrow, moon,
/// hex) or `crisis-arrow`, `edict-hex`, … Returns its index 0..6.
pub fn parse_event_face(w: &str) -> Option<u8> {
    if let Ok(n) = w.parse::<u8>() {
        return (1..=6).contains(&n).then(|| n - 1);
    }
    let (icon, sym) = w
        .to_ascii_lowercase()
        .split_once('-')
        .map(|(a, b)| (a.to_string(), b.to_string()))?;
    let icon = match icon.as_str() {
        "crisis" => EventIcon::Crisis,
        "edict" => EventIcon::Edict,
        _ => return None,
    };
    let symbol = match sym.as_str() {
        "arrow" => 1,
        "moon" | "crescent" => 2,
        "hex" => 3,
        _ => return None,
    };
    EventFace::ALL
        .iter()
        .position(|f| *f == EventFace::new(icon, symbol))
        .map(|i| i as u8)
}

/// A campaign setup line (words after splitting); `Ok(false)` when the
/// line is not a campaign line.
pub fn setup_line(s: &mut GameState, w: &[String]) -> Result<bool, String> {
    let head = w[0].to_ascii_lowercase();
    match head.as_str() {
        "act" => {
            // act N: the campaign's Act (1..3); Act III lasts 4 chapters (p8).
            let n: u8 = num(w.get(1))?;
            if !(1..=3).contains(&n) {
                return Err("act 1|2|3".into());
            }
            camp(s, "act")?.act = n;
        }
        "title" => {
            let x = seat(s, w.get(1))?;
            let c = camp(s, "title")?;
            match w.get(2).map(|x| x.to_ascii_lowercase()).as_deref() {
                Some("outlaw") => c.outlaws |= 1 << x.0,
                Some("regent") => c.outlaws &= !(1 << x.0),
                _ => return Err("title PN regent|outlaw".into()),
            }
        }
        "first-regent" => {
            let fr = match w.get(1).map(|x| x.as_str()) {
                Some("none") => None,
                _ => Some(seat(s, w.get(1))?),
            };
            camp(s, "first-regent")?.first_regent = fr;
        }
        "trust" => {
            let mut i = 1;
            while i < w.len() {
                let r =
                    Resource::parse(&w[i]).ok_or_else(|| format!("unknown resource {:?}", w[i]))?;
                let n: u8 = num(w.get(i + 1))?;
                if s.supply[r.index()] < n {
                    return Err(format!("the supply has only {} {r}", s.supply[r.index()]));
                }
                s.supply[r.index()] -= n;
                camp(s, "trust")?.trust[r.index()] += n;
                i += 2;
            }
        }
        "stored" => {
            // stored CARD R N [R N...]: resources on a held card (from the
            // supply), frozen except as the card allows.
            let card = w
                .get(1)
                .and_then(|x| CardId::parse(x))
                .ok_or("stored CARD R N ...")?;
            camp(s, "stored")?;
            // A card that takes in what its holder takes (Arsenal Keepers)
            // keeps it frozen; others (Merchant League) let it be given.
            let transfer = crate::cards::behavior(card).is_none_or(|b| b.stores_taken.is_none());
            let mut i = 2;
            while i < w.len() {
                let r =
                    Resource::parse(&w[i]).ok_or_else(|| format!("unknown resource {:?}", w[i]))?;
                let n: u8 = num(w.get(i + 1))?;
                for _ in 0..n {
                    if !super::stored::gain_onto(s, card, r, transfer) {
                        return Err(format!("the supply has too few {r}"));
                    }
                }
                i += 2;
            }
        }
        "policy" => {
            let p = w
                .get(1)
                .and_then(|x| parse_policy(x))
                .ok_or("policy war|peace|escalation")?;
            let c = camp(s, "policy")?;
            if let Some(i) = c.policies.iter().position(|x| *x == p) {
                c.policies[i..].rotate_left(1);
            }
        }
        "envoys" | "no-envoys" => camp(s, "envoys")?.envoys_depart = head == "envoys",
        "council" => {
            let words: Vec<&str> = w[1..].iter().map(|x| x.as_str()).collect();
            let tucked = match words.as_slice() {
                ["in-session"] => {
                    let c = camp(s, "council")?;
                    c.council.decided = false;
                    c.council.tucked = None;
                    return Ok(true);
                }
                ["decided"] => None,
                ["tucked", x] => Some(seat(s, Some(&x.to_string()))?),
                _ => return Err("council in-session|decided|tucked PN".into()),
            };
            let c = camp(s, "council")?;
            c.council.decided = true;
            c.council.tucked = tucked;
        }
        "booklet" => {
            let c = camp(s, "booklet")?;
            push_cards(&mut c.booklet, &w[1..], "the rules booklet is full")?;
        }
        "fate-pool" => {
            // fate-pool ID...: the Fate cards the Intermission's step F
            // draws from, the first drawn first.
            let mut cards = Vec::new();
            for x in &w[1..] {
                cards.push(crate::config::fate_card(x).map_err(|e| e.to_string())?);
            }
            let c = camp(s, "fate-pool")?;
            c.fate_pool.clear();
            for f in cards.into_iter().rev() {
                if c.fate_pool.try_push(f).is_some() {
                    return Err("the Fate pool holds at most 8 cards".into());
                }
            }
        }
        "court-scrapped" => {
            // court-scrapped ID...: Court cards scrapped for good (an
            // earlier Intermission scrapped the Court discard pile, p28).
            let c = camp(s, "court-scrapped")?;
            push_cards(&mut c.court_scrapped, &w[1..], "too many scrapped cards")?;
        }
        "attach" => {
            // attach N ID: the card attached to Court position N.
            let pos: usize = num(w.get(1))?;
            let card = w
                .get(2)
                .and_then(|x| CardId::parse(x))
                .ok_or("attach N CARD")?;
            let c = camp(s, "attach")?;
            let slot = pos
                .checked_sub(1)
                .and_then(|p| c.attached.get_mut(p))
                .ok_or("Court positions are 1..6")?;
            *slot = Some(card);
        }
        "faithful-stack" => {
            // faithful-stack N: the Believer's Faithful cards 1..N remain
            // in their stack (ARCS-F801A), N on top.
            let n: u8 = num(w.get(1))?;
            if n > ActionCard::FAITHFUL {
                return Err("faithful-stack 0..9".into());
            }
            camp(s, "faithful-stack")?.faithful_stack = n;
        }
        "events-played" => {
            let mut bits = 0u8;
            for x in &w[1..] {
                bits |= 1 << seat(s, Some(x))?.0;
            }
            camp(s, "events-played")?.events_played = bits;
        }
        "fate" => {
            let x = seat(s, w.get(1))?;
            let name = w[2..].join(" ");
            let card = crate::config::fate_card(&name).map_err(|e| e.to_string())?;
            camp(s, "fate")?.fates[x.index()] = Some(card);
        }
        "objective" => {
            let x = seat(s, w.get(1))?;
            let n: u8 = num(w.get(2))?;
            camp(s, "objective")?.objective[x.index()] = n;
        }
        "commonwealth" => {
            // The Founder's Commonwealth (F212A).
            crate::cards::campaign::founder::scenario_setup(s, &w[1..])?;
        }
        "monopoly" => {
            // monopoly RESOURCE supply|PN|scrapped (the Magnate's, F312A).
            crate::cards::campaign::magnate::scenario_setup(s, &w[1..])?;
        }
        "faith" => {
            // faith ideal AMBITION SIDE | faith supply N | faith doctrine
            // SIDE (the Believer's Ideals and Doctrine, F820A).
            crate::cards::campaign::believer::doctrine::scenario_setup(s, &w[1..])?;
        }
        "imperium" => {
            // imperium authority yes|no | imperium sponsored AMBITION|none
            // (the Steward's Act III, F122A, F123).
            crate::cards::campaign::steward::act_three::scenario_setup(s, &w[1..])?;
        }
        "ceasefires" => {
            // ceasefires peace CLUSTER... | war | none (the Peacekeeper's
            // Act III, F1507A).
            crate::cards::campaign::peacekeeper::act_three::scenario_setup(s, &w[1..])?;
        }
        "golem" => {
            // golem KIND gate S | slot PN N | hearth PN | out [awake]
            // (the Caretaker's Golems, F505).
            crate::cards::campaign::caretaker::scenario_setup(s, &w[1..])?;
        }
        "favors" => {
            // favors PN: PM N, PK M
            let holder = seat(s, w.get(1))?;
            let rest: Vec<&String> = w[2..].iter().filter(|x| *x != ":" && *x != ",").collect();
            for pair in rest.chunks(2) {
                let [o, n] = pair else {
                    return Err("favors PN: PM N, ...".into());
                };
                let o = seat(s, Some(o))?;
                let n: u8 = num(Some(n))?;
                if o == holder {
                    return Err("Favors are Rival agents".into());
                }
                if s.seat(o).agents < n {
                    return Err(format!(
                        "{o} has only {} agents in supply",
                        s.seat(o).agents
                    ));
                }
                s.seat_mut(o).agents -= n;
                camp(s, "favors")?.favors[holder.index()][o.index()] += n;
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `dice event FACE...` / `dice number N...` (scenario `dice` lines).
pub fn force_dice(s: &mut GameState, kind: &str, faces: &[String]) -> Result<bool, String> {
    match kind {
        "event" => {
            for f in faces {
                let i = parse_event_face(f).ok_or_else(|| format!("no event die face {f:?}"))?;
                camp(s, "dice event")?
                    .forced_event
                    .try_push(i)
                    .map_or(Ok(()), |_| Err("at most 8 forced event dice"))?;
            }
        }
        "number" => {
            for f in faces {
                let n: u8 = num(Some(f))?;
                if !(1..=6).contains(&n) {
                    return Err(format!("the number die shows 1..6, not {n}"));
                }
                camp(s, "dice number")?
                    .forced_number
                    .try_push(n)
                    .map_or(Ok(()), |_| Err("at most 8 forced number dice"))?;
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Takes campaign pieces from their supplies for a scenario line: Imperial
/// ships, Free buildings, Blight.
pub fn take(s: &mut GameState, owner: Owner, kind: TrophyKind, n: u8) -> Result<(), String> {
    let c = camp(s, "empire, free and blight pieces")?;
    let have = match (owner, kind) {
        (Owner::Empire, TrophyKind::Ship) => &mut c.imperial_supply,
        (Owner::Blight, TrophyKind::Ship) => &mut c.blight_supply,
        (Owner::Free, TrophyKind::City) => &mut c.free_cities,
        (Owner::Free, TrophyKind::Starport) => &mut c.free_starports,
        _ => return Err(format!("{owner} has no such pieces")),
    };
    if *have < n {
        return Err(format!("only {have} such {owner} pieces are left"));
    }
    *have -= n;
    Ok(())
}

/// A campaign `expect` check; `None` when the line is not one.
pub fn expect(game: &Game, w: &[String]) -> Option<Result<(), String>> {
    let s = game.state();
    let head = w[0].to_ascii_lowercase();
    let campaign_words = [
        "act",
        "title",
        "first-regent",
        "trust",
        "policy",
        "council",
        "objective",
        "favors",
        "fate",
        "event-die",
        "number-die",
        "campaign-supply",
        "envoys",
        "attached",
        "stored",
        "golem",
        "commonwealth",
        "monopoly",
        "faith",
        "imperium",
        "ceasefires",
        "faithful-stack",
        "scrapped-actions",
        "booklet",
        "court-scrapped",
        "fate-offer",
        "fate-pool",
    ];
    if !campaign_words.contains(&head.as_str()) {
        return None;
    }
    let Some(c) = s.campaign() else {
        return Some(Err(format!("`expect {head}` needs a campaign game")));
    };
    let eq = |what: &str, got: String, want: String| {
        if got == want {
            Ok(())
        } else {
            Err(format!("{what}: got {got}, want {want}"))
        }
    };
    let r = (|| -> Result<(), String> {
        match head.as_str() {
            "act" => eq(
                "act",
                c.act.to_string(),
                w.get(1).cloned().unwrap_or_default(),
            ),
            "title" => {
                let x = seat(s, w.get(1))?;
                let got = if c.is_outlaw(x) { "outlaw" } else { "regent" };
                eq(
                    &format!("{x}'s title"),
                    got.into(),
                    w.get(2).cloned().unwrap_or_default(),
                )
            }
            "first-regent" => {
                let want = match w.get(1).map(|x| x.as_str()) {
                    Some("none") => None,
                    _ => Some(seat(s, w.get(1))?),
                };
                eq(
                    "First Regent",
                    format!("{:?}", c.first_regent),
                    format!("{want:?}"),
                )
            }
            "trust" => {
                if w.get(1).map(|x| x.as_str()) == Some("empty") {
                    return eq("Imperial Trust", c.trust_total().to_string(), "0".into());
                }
                let r = Resource::parse(w.get(1).ok_or("trust R N")?).ok_or("unknown resource")?;
                eq(
                    &format!("{r} in the Imperial Trust"),
                    c.trust[r.index()].to_string(),
                    w.get(2).cloned().unwrap_or_default(),
                )
            }
            "policy" => eq(
                "Imperial Policy",
                c.policy().name().to_lowercase(),
                w.get(1).cloned().unwrap_or_default().to_lowercase(),
            ),
            "council" => {
                let got = match (c.council.decided, c.council.tucked) {
                    (_, Some(x)) => format!("tucked {x}"),
                    (true, None) => "decided".into(),
                    (false, None) => "in-session".into(),
                };
                let want = match w.get(1).map(|x| x.to_ascii_lowercase()).as_deref() {
                    Some("tucked") => format!("tucked {}", seat(s, w.get(2))?),
                    Some(x @ ("decided" | "in-session")) => x.to_string(),
                    _ => return Err("council in-session|decided|tucked PN".into()),
                };
                eq("the Imperial Council", got, want)
            }
            "objective" => {
                let x = seat(s, w.get(1))?;
                eq(
                    &format!("{x}'s objective marker"),
                    c.objective[x.index()].to_string(),
                    w.get(2).cloned().unwrap_or_default(),
                )
            }
            "favors" => {
                let h = seat(s, w.get(1))?;
                let o = seat(s, w.get(2))?;
                eq(
                    &format!("{o}'s Favors on {h}'s Fate card"),
                    c.favors[h.index()][o.index()].to_string(),
                    w.get(3).cloned().unwrap_or_default(),
                )
            }
            "fate" => {
                let x = seat(s, w.get(1))?;
                let want =
                    crate::config::fate_card(&w[2..].join(" ")).map_err(|e| e.to_string())?;
                eq(
                    &format!("{x}'s Fate"),
                    c.fates[x.index()].map_or("none".into(), |f| f.name().to_string()),
                    want.name().to_string(),
                )
            }
            "event-die" => {
                let want = parse_event_face(w.get(1).ok_or("event-die FACE")?).ok_or("bad face")?;
                eq(
                    "event die",
                    format!("{:?}", c.event_die),
                    format!("{:?}", Some(EventFace::ALL[want as usize])),
                )
            }
            "number-die" => eq(
                "number die",
                c.number_die.to_string(),
                w.get(1).cloned().unwrap_or_default(),
            ),
            "campaign-supply" => {
                let got = match w.get(1).map(|x| x.as_str()) {
                    Some("imperial") => c.imperial_supply,
                    Some("blight") => c.blight_supply,
                    Some("free-city") | Some("free-cities") => c.free_cities,
                    Some("free-starport") | Some("free-starports") => c.free_starports,
                    _ => {
                        return Err(
                            "campaign-supply imperial|blight|free-cities|free-starports N".into(),
                        )
                    }
                };
                eq(
                    &format!("{} in supply", w[1]),
                    got.to_string(),
                    w.get(2).cloned().unwrap_or_default(),
                )
            }
            "attached" => {
                // attached N ID|none
                let pos: usize = num(w.get(1))?;
                let got = pos
                    .checked_sub(1)
                    .and_then(|p| c.attached.get(p).copied().flatten())
                    .map_or("none".to_string(), |x| x.code().to_string());
                let want = match w.get(2).map(|x| x.as_str()) {
                    Some("none") => "none".to_string(),
                    Some(x) => CardId::parse(x).ok_or("unknown card")?.code().to_string(),
                    None => return Err("attached N CARD|none".into()),
                };
                eq(&format!("the card attached at Court {pos}"), got, want)
            }
            "booklet" | "court-scrapped" => {
                // booklet has|lacks ID: the rules booklet (laws, edicts).
                // court-scrapped has|lacks ID: Court cards scrapped for good.
                let card = w
                    .get(2)
                    .and_then(|x| CardId::parse(x))
                    .ok_or_else(|| format!("{head} has|lacks CARD"))?;
                let (what, got) = if head == "booklet" {
                    ("in the rules booklet", c.booklet.contains(&card))
                } else {
                    ("scrapped", c.court_scrapped.contains(&card))
                };
                let want = match w.get(1).map(|x| x.as_str()) {
                    Some("has") => true,
                    Some("lacks") => false,
                    _ => return Err(format!("{head} has|lacks CARD")),
                };
                eq(
                    &format!("{} {what}", card.name()),
                    got.to_string(),
                    want.to_string(),
                )
            }
            "fate-offer" => {
                // fate-offer PN ID...|none: the Fate cards PN chooses
                // between (any order).
                let x = seat(s, w.get(1))?;
                let mut got: Vec<String> = c.fate_offer[x.index()]
                    .iter()
                    .flatten()
                    .map(|f| f.code().to_string())
                    .collect();
                let mut want = Vec::new();
                for n in w[2..].iter().filter(|n| *n != "none") {
                    want.push(
                        crate::config::fate_card(n)
                            .map_err(|e| e.to_string())?
                            .code()
                            .to_string(),
                    );
                }
                if w.len() < 3 {
                    return Err("fate-offer PN ID...|none".into());
                }
                got.sort();
                want.sort();
                eq(
                    &format!("{x}'s Fate cards to choose from"),
                    got.join(" "),
                    want.join(" "),
                )
            }
            "fate-pool" => {
                // fate-pool size N: Fate cards left to draw.
                if w.get(1).map(|x| x.as_str()) != Some("size") || w.len() != 3 {
                    return Err("fate-pool size N".into());
                }
                eq(
                    "Fate cards left to draw",
                    c.fate_pool.len().to_string(),
                    w[2].clone(),
                )
            }
            "faithful-stack" => eq(
                "Faithful cards in their stack",
                c.faithful_stack.to_string(),
                w.get(1).cloned().unwrap_or_default(),
            ),
            "scrapped-actions" => {
                // scrapped-actions CARD... | none: the action cards scrapped
                // this Act (Spreading the Faith), in any order.
                let mut want = CardSet::default();
                for x in w[1..].iter().filter(|x| *x != "none") {
                    want.insert(
                        ActionCard::parse(x).ok_or_else(|| format!("unknown action card {x:?}"))?,
                    );
                }
                eq(
                    "scrapped action cards",
                    ActionCard::list(c.actions_scrapped.iter()),
                    ActionCard::list(want.iter()),
                )
            }
            "stored" => {
                // stored CARD R N | stored CARD empty
                let card = w
                    .get(1)
                    .and_then(|x| CardId::parse(x))
                    .ok_or("stored CARD R N|empty")?;
                let on = super::stored::on_card(s, card);
                if w.get(2).map(|x| x.as_str()) == Some("empty") {
                    return eq(
                        &format!("resources on {}", card.name()),
                        on.iter().map(|n| *n as u32).sum::<u32>().to_string(),
                        "0".into(),
                    );
                }
                let r = Resource::parse(w.get(2).ok_or("stored CARD R N")?)
                    .ok_or("unknown resource")?;
                eq(
                    &format!("{r} on {}", card.name()),
                    on[r.index()].to_string(),
                    w.get(3).cloned().unwrap_or_default(),
                )
            }
            "golem" => crate::cards::campaign::caretaker::scenario_expect(s, &w[1..]),
            "commonwealth" => crate::cards::campaign::founder::scenario_expect(s, &w[1..]),
            "monopoly" => crate::cards::campaign::magnate::scenario_expect(s, &w[1..]),
            "faith" => crate::cards::campaign::believer::doctrine::scenario_expect(s, &w[1..]),
            "imperium" => crate::cards::campaign::steward::act_three::scenario_expect(s, &w[1..]),
            "ceasefires" => {
                crate::cards::campaign::peacekeeper::act_three::scenario_expect(s, &w[1..])
            }
            "envoys" => eq(
                "Guild Envoys Depart in the rules booklet",
                c.envoys_depart.to_string(),
                (w.get(1).map(|x| x.as_str()) != Some("no")).to_string(),
            ),
            _ => Err(format!("unknown check {head:?}")),
        }
    })();
    Some(r)
}

/// Parses card ids onto a list (a setup line's cards).
fn push_cards<const N: usize>(
    list: &mut crate::state::List<CardId, N>,
    words: &[String],
    full: &str,
) -> Result<(), String> {
    for x in words {
        let card = CardId::parse(x).ok_or_else(|| format!("unknown card {x:?}"))?;
        if list.try_push(card).is_some() {
            return Err(full.into());
        }
    }
    Ok(())
}

/// A campaign state built from scenario setup lines (3 players, a ship
/// each, a card in each hand), for unit tests of campaign procedures.
#[cfg(test)]
pub(crate) fn test_state(setup: &str) -> GameState {
    let text = format!(
        "name unit\nplayers 3\nmode campaign\nsystem 1.1: P1 ship\nsystem 2.1: P2 ship\nsystem 3.1: P3 ship\nP1 hand ADM2\nP2 hand AGG4\nP3 hand ADM3\n{setup}\n"
    );
    let sc = crate::scenario::Scenario::parse(&text).expect("parses");
    sc.build().expect("builds").state().clone()
}

/// Court-deck cards a campaign position holds outside the Court row and the
/// Guild cards: attached to Court cards (p27), laws and edicts in the
/// rules booklet, ability cards in play. A scenario's Court deck leaves
/// them out, so no card exists twice (issue 20 §7).
pub fn cards_placed_elsewhere(s: &GameState) -> Vec<CardId> {
    let mut out = Vec::new();
    if let Some(c) = s.campaign() {
        out.extend(c.attached.iter().flatten().copied());
        out.extend(c.booklet.iter().copied());
        out.extend(c.court_scrapped.iter().copied());
    }
    for x in s.seat_ids() {
        out.extend(s.seat(x).abilities().iter().copied());
    }
    out
}
