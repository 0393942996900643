//! Summits (campaign rules p16–17): the Call to Order, then Negotiations.
//!
//! The Call to Order is the caller's: Return Favors (force a Rival to take
//! a Negotiation action toward the caller, paying Favors), Petition the
//! Council, Leave the Empire, Revive the Empire.
//!
//! Negotiations are decisions: in turn order from the caller each seat
//! proposes a deal or passes. A deal is one or more Negotiation actions:
//! the first between the proposer and a Rival, the others between any two
//! seats, the same action possibly more than once (ceding 2 ships); each
//! is checked on the position the deal's earlier actions leave
//! (docs/rulings.md R-CAMP-SUM). Every other seat the deal involves then
//! consents or declines, and an accepted deal applies at once and whole. The Summit ends when every seat has
//! passed in a row. So that no Summit can run forever, each seat proposes
//! at most [`PROPOSALS`] deals per Summit.

use super::frame::CampaignFrame;
use crate::choice::{Asset, Choice, Negotiation, NegotiationAct, Piece, SummitAction};
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{Building, BuildingKind, GameState, List, TrophyKind};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// Deals a seat may propose in one Summit (docs/rulings.md R-CAMP-SUM).
pub const PROPOSALS: u8 = 3;
/// Negotiation actions in one deal.
pub const DEAL_SIZE: usize = 6;

/// The Summit in progress.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summit {
    pub caller: Option<Seat>,
    /// The deal being proposed.
    pub deal: List<Negotiation, DEAL_SIZE>,
    /// Deals each seat has proposed in this Summit.
    pub proposals: [u8; MAX_SEATS],
    /// The Summit's ledger (campaign.md §1.7): how many resources (by
    /// type) and Favors (by the agent's owner) each seat gave each other
    /// seat in it and has not been given back yet:
    /// `ledger[giver][receiver][gift kind]` (see [`Gift::kind`]). Gifts of
    /// one kind are alike, so counts say all a list would.
    #[serde(default)]
    pub ledger: [[[u8; Gift::KINDS]; MAX_SEATS]; MAX_SEATS],
    /// Lore cards given in this Summit and not given back: (giver,
    /// receiver, card), for the Caretaker's objective (F512B).
    #[serde(default)]
    pub lore_given: List<(Seat, Seat, CardId), 8>,
}

/// A resource (by type) or a Favor (by the agent's owner) given in a
/// Summit: what objectives count ("each time a Rival gives you a Favor or
/// resource, except one that you gave them during this Summit", F301B).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gift {
    Resource(Resource),
    Favor(Seat),
}

impl Gift {
    /// Kinds of gift: the five resources, then a Favor of each seat.
    pub const KINDS: usize = 5 + MAX_SEATS;
    /// This gift's kind, an index below [`Gift::KINDS`].
    pub fn kind(self) -> usize {
        match self {
            Gift::Resource(r) => r.index(),
            Gift::Favor(x) => 5 + x.index(),
        }
    }
}

/// Enters `from` giving `to` a `gift` in the Summit's ledger. Returns true
/// when it gives back something of that kind `to` gave `from` earlier in
/// this Summit and not yet given back: that earlier gift is used up
/// (docs/rulings.md R-CAMP-MAGNATE-LEDGER).
pub fn record_gift(s: &mut GameState, from: Seat, to: Seat, gift: Gift) -> bool {
    let Some(c) = s.campaign_mut() else {
        return false;
    };
    let l = &mut c.summit.ledger;
    let k = gift.kind();
    let back = &mut l[to.index()][from.index()][k];
    if *back > 0 {
        *back -= 1;
        true
    } else {
        let given = &mut l[from.index()][to.index()][k];
        *given = given.saturating_add(1);
        false
    }
}

/// Records a gift in the ledger and tells the Fates (after it moved).
fn given(
    s: &mut GameState,
    from: Seat,
    to: Seat,
    what: Asset,
    gift: Option<Gift>,
    ev: &mut dyn Sink,
) {
    let returned = gift.is_some_and(|g| record_gift(s, from, to, g));
    super::fates::notify(
        s,
        super::fates::FateEvent::Given {
            from,
            to,
            what,
            gift,
            returned,
        },
        ev,
    );
}

/// `seat` calls the Summit.
pub fn call(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    log!(
        ev,
        "summit",
        Some(seat),
        "{seat} calls the Summit to order."
    );
    if let Some(c) = s.campaign_mut() {
        c.summit = Summit {
            caller: Some(seat),
            ..Summit::default()
        };
    }
    s.push(Frame::Campaign(CampaignFrame::CallToOrder { caller: seat }));
}

// ------------------------------------------------------------ legality

/// Whether a Negotiation action can be taken now (p17).
pub fn legal(s: &GameState, n: &Negotiation) -> bool {
    let Some(c) = s.campaign() else { return false };
    let (by, to) = (n.by, n.to);
    if by == to || by.0 >= s.players || to.0 >= s.players {
        return false;
    }
    match n.act {
        NegotiationAct::Cede { system, piece } => {
            if !s.is_in_play(system) {
                return false;
            }
            let x = s.sys(system);
            match piece {
                Piece::Ship { damaged, owner } => {
                    let sh = x.ships_of(by.owner());
                    owner == by.owner()
                        && if damaged {
                            sh.damaged > 0
                        } else {
                            sh.fresh > 0
                        }
                        && s.seat(to).ships > 0
                        && more_than_one_on_map(s, by, TrophyKind::Ship)
                }
                Piece::Building { slot } => {
                    let Some(b) = x.slots.get(slot as usize).copied().flatten() else {
                        return false;
                    };
                    let kind = match b.kind {
                        BuildingKind::City => TrophyKind::City,
                        BuildingKind::Starport => TrophyKind::Starport,
                    };
                    let supply = match b.kind {
                        BuildingKind::City => s.seat(to).cities,
                        BuildingKind::Starport => s.seat(to).starports,
                    };
                    // No Loyal ship there, the Flagship included (L1459).
                    b.owner == by.owner()
                        && x.ships_of(by.owner()).total() == 0
                        && !x.has_flagship_of(by.owner())
                        && supply > 0
                        && more_than_one_on_map(s, by, kind)
                }
                // FS-28: nothing of a Flagship can be ceded.
                Piece::Flagship { .. } => false,
            }
        }
        NegotiationAct::Delegate { pos } => s.court.get(pos as usize).is_some_and(|slot| {
            slot.card.is_some() && slot.agents[by.index()] > 0 && s.seat(to).agents > 0
        }),
        NegotiationAct::Favor => s.seat(by).agents > 0,
        NegotiationAct::Give(a) => match a {
            Asset::Slot(i) => s
                .seat(by)
                .resources
                .get(i as usize)
                .copied()
                .flatten()
                .is_some(),
            Asset::Trophy { owner, kind } => s.seat(by).trophies[owner.index()][kind as usize] > 0,
            Asset::Captive(o) => s.seat(by).captives[o.index()] > 0,
            Asset::Favor(o) => o.0 < s.players && c.favors[by.index()][o.index()] > 0,
            // Frozen, except for Transfer Asset (Merchant League, F302).
            Asset::Stored(r) => super::stored::transferable(s, by, r).is_some(),
        },
        NegotiationAct::Invite => c.first_regent == Some(by) && c.is_outlaw(to),
        NegotiationAct::GuildSupport { card } => {
            guild_support_open(s) && s.seat(by).guild().contains(&card)
        }
        NegotiationAct::TransferLore { card } => {
            crate::cards::campaign::caretaker::knowledge::knowledge_set_free(s)
                && s.seat(by).lore().contains(&card)
                && s.seat(to).lore().len() < crate::state::LORE_MAX
        }
        NegotiationAct::TransferGolem { golem } => {
            crate::cards::campaign::caretaker::knowledge::knowledge_set_free(s)
                && crate::cards::campaign::caretaker::may_take(s, to, by, golem)
        }
    }
}

/// Guild Negotiations (ARCS-F414) in the rules booklet: Transfer Guild
/// Support is a Negotiation action.
fn guild_support_open(s: &GameState) -> bool {
    crate::cards::booklet_laws(s).any(|(_, b)| b.guild_support)
}

/// The seat whose consent a Negotiation action needs besides its two
/// players: Transfer Guild Support the Advocate's, if some seat plays the
/// Advocate (Guild Negotiations); giving a monopolized resource the
/// Monopoly holder's, under Monopoly Consent (F319).
pub fn extra_consenter(s: &GameState, n: &Negotiation) -> Option<Seat> {
    let c = s.campaign()?;
    match n.act {
        NegotiationAct::GuildSupport { .. } => s.seat_ids().find(|x| {
            c.fates[x.index()].is_some_and(crate::cards::campaign::advocate::is_advocate)
        }),
        NegotiationAct::Give(Asset::Slot(i)) => {
            let r = s.seat(n.by).resources.get(i as usize).copied().flatten()?;
            monopoly_consenter(s, r)
        }
        NegotiationAct::Give(Asset::Stored(r)) => monopoly_consenter(s, r),
        _ => None,
    }
}

/// The holder of `r`'s Monopoly, while Monopoly Consent is a law.
fn monopoly_consenter(s: &GameState, r: Resource) -> Option<Seat> {
    crate::cards::booklet_laws(s)
        .any(|(_, b)| b.monopoly_consent)
        .then(|| crate::cards::campaign::magnate::monopoly_holder(s, r))
        .flatten()
}

/// Whether `seat` has more than one piece of `kind` on the map (ships
/// fresh or damaged, cities, starports): what Cede Control leaves it (p17).
/// Read from the board's index: two systems are enough, one system is
/// counted (it may hold two).
fn more_than_one_on_map(s: &GameState, seat: Seat, kind: TrophyKind) -> bool {
    let o = seat.owner();
    let mask = match kind {
        TrophyKind::Ship => s.board.ships(o),
        TrophyKind::City => s.board.cities(o),
        _ => s.board.starports(o),
    };
    match mask.count_ones() {
        0 => false,
        1 => {
            let x = s.sys(SystemId(mask.trailing_zeros() as u8));
            let n = match kind {
                // The Flagship is a ship on the map.
                TrophyKind::Ship => x.ships_of(o).total() as usize + x.has_flagship_of(o) as usize,
                TrophyKind::City => x
                    .buildings_of(o)
                    .filter(|(_, b)| b.kind == BuildingKind::City)
                    .count(),
                _ => x
                    .buildings_of(o)
                    .filter(|(_, b)| b.kind == BuildingKind::Starport)
                    .count(),
            };
            n > 1
        }
        _ => true,
    }
}

/// Every Negotiation action `by` could take toward `to` now (one choice per
/// distinct action: equal resources in slots of equal cost are one), in a
/// fixed order: Cede Control system by system (fresh ships, damaged ships,
/// buildings by slot), Delegate by Court position, Promise Favor, Transfer
/// Asset (resources, Trophies, Captives and Favors, stored resources),
/// Invite. Each is exactly what [`legal`] allows; this walks only what `by`
/// holds and takes the checks that concern the pair once (issue 19: the
/// Summit listing was 68% of a 4-player campaign game).
pub fn actions(s: &GameState, by: Seat, to: Seat, out: &mut Vec<Negotiation>) {
    each_action(s, by, to, &mut |n| out.push(n));
}

/// [`actions`], each handed to `f` as it is found.
fn each_action(s: &GameState, by: Seat, to: Seat, f: &mut impl FnMut(Negotiation)) {
    let mut terms = Terms::new();
    if giver_terms(s, by, &mut terms) {
        emit(s, &terms, by, to, f);
    }
}

/// What a term of [`giver_terms`] needs of the seat it goes to.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Need {
    Nothing,
    /// A ship, city or starport in its supply (Cede Control).
    Ships,
    Cities,
    Starports,
    /// An agent in its supply (Delegate Authority).
    Agents,
    /// To be an Outlaw (Invite to Empire).
    Outlaw,
    /// Room for another lore card (Transfer Lore).
    LoreRoom,
    /// Room for a Golem: its Golem Hearth or an open empty slot (Transfer
    /// Golem).
    GolemRoom,
}

/// The most terms one seat can offer: a system gives two ship terms or up
/// to three buildings, then the Court, a Favor, the resource slots,
/// Trophies, Captives and Favors held, stored resources and an Invite.
const TERMS_MAX: usize = 24 * 3
    + crate::choice::COURT_POSITIONS as usize
    + 1
    + 7
    + MAX_OWNERS * 3
    + 2 * MAX_SEATS
    + 5
    + 1
    + 32
    + crate::state::LORE_MAX
    + 4;

type Terms = ArrayVec<(NegotiationAct, Need), TERMS_MAX>;

/// Every Negotiation action `by` could take toward some seat, in the order
/// of [`actions`], each with what it needs of that seat. What depends only
/// on the giver is judged here, once for all its Rivals (issue 19: a
/// 4-player listing asks it of 12 pairs). Into `terms` (filled in place:
/// the list is a kilobyte), `false` outside a campaign.
fn giver_terms(s: &GameState, by: Seat, terms: &mut Terms) -> bool {
    terms.clear();
    let Some(c) = s.campaign() else { return false };
    if by.0 >= s.players {
        return false;
    }
    let mut push = |act: NegotiationAct, need: Need| terms.push((act, need));
    let o = by.owner();
    let giver = s.seat(by);
    // Cede Control: the giver keeps at least one of the kind on the map
    // (the taker needs the piece in its supply).
    let cede_ships = more_than_one_on_map(s, by, TrophyKind::Ship);
    let mut cede_city = None;
    let mut cede_port = None;
    for sys in crate::state::systems_in(s.board.pieces(o) & s.in_play) {
        let x = s.sys(sys);
        let sh = x.ships_of(o);
        if cede_ships {
            for (damaged, n) in [(false, sh.fresh), (true, sh.damaged)] {
                if n > 0 {
                    let piece = Piece::Ship { owner: o, damaged };
                    push(NegotiationAct::Cede { system: sys, piece }, Need::Ships);
                }
            }
        }
        if sh.total() > 0 || x.has_flagship_of(o) {
            continue; // a building is ceded only where the giver has no ships
        }
        for (slot, b) in x.buildings_of(o) {
            let need = match b.kind {
                BuildingKind::City => cede_city
                    .get_or_insert_with(|| more_than_one_on_map(s, by, TrophyKind::City))
                    .then_some(Need::Cities),
                BuildingKind::Starport => cede_port
                    .get_or_insert_with(|| more_than_one_on_map(s, by, TrophyKind::Starport))
                    .then_some(Need::Starports),
            };
            if let Some(need) = need {
                let piece = Piece::Building { slot };
                push(NegotiationAct::Cede { system: sys, piece }, need);
            }
        }
    }
    // Delegate: one of the giver's agents on a Court card, the taker
    // having an agent to put there.
    for (pos, slot) in s.court.iter().enumerate() {
        if slot.card.is_some() && slot.agents[by.index()] > 0 {
            push(NegotiationAct::Delegate { pos: pos as u8 }, Need::Agents);
        }
    }
    if giver.agents > 0 {
        push(NegotiationAct::Favor, Need::Nothing);
    }
    let mut seen: ArrayVec<(Resource, u8), 7> = ArrayVec::new();
    for (i, r) in giver.resources.iter().enumerate() {
        if let Some(r) = r {
            let cost = crate::data::SLOT_RAID_COST[i];
            if !seen.contains(&(*r, cost)) {
                seen.push((*r, cost));
                push(NegotiationAct::Give(Asset::Slot(i as u8)), Need::Nothing);
            }
        }
    }
    for (oi, kinds) in giver.trophies.iter().enumerate() {
        for k in TrophyKind::ALL {
            if kinds[k as usize] > 0 {
                let owner = Owner::from_index(oi);
                push(
                    NegotiationAct::Give(Asset::Trophy { owner, kind: k }),
                    Need::Nothing,
                );
            }
        }
    }
    for x in s.seat_ids() {
        if giver.captives[x.index()] > 0 {
            push(NegotiationAct::Give(Asset::Captive(x)), Need::Nothing);
        }
        if c.favors[by.index()][x.index()] > 0 {
            push(NegotiationAct::Give(Asset::Favor(x)), Need::Nothing);
        }
    }
    if !c.stored.is_empty() {
        for r in Resource::ALL {
            if super::stored::transferable(s, by, r).is_some() {
                push(NegotiationAct::Give(Asset::Stored(r)), Need::Nothing);
            }
        }
    }
    if c.first_regent == Some(by) {
        push(NegotiationAct::Invite, Need::Outlaw);
    }
    if !giver.guild().is_empty() && guild_support_open(s) {
        for &card in giver.guild() {
            push(NegotiationAct::GuildSupport { card }, Need::Nothing);
        }
    }
    let golems = !crate::cards::campaign::caretaker::none_in_play(&c.golems);
    if (golems || !giver.lore().is_empty())
        && crate::cards::campaign::caretaker::knowledge::knowledge_set_free(s)
    {
        for &card in giver.lore() {
            push(NegotiationAct::TransferLore { card }, Need::LoreRoom);
        }
        for golem in crate::cards::campaign::caretaker::held_by(s, by) {
            push(NegotiationAct::TransferGolem { golem }, Need::GolemRoom);
        }
    }
    true
}

/// The terms of `by` that `to` can take part in, handed to `f`.
#[inline(always)]
fn emit(s: &GameState, terms: &Terms, by: Seat, to: Seat, f: &mut impl FnMut(Negotiation)) {
    let Some(c) = s.campaign() else { return };
    if by == to || to.0 >= s.players {
        return;
    }
    let taker = s.seat(to);
    // What `to` meets, a bit per need: one test per term.
    let met = 1 << Need::Nothing as u8
        | ((taker.ships > 0) as u8) << Need::Ships as u8
        | ((taker.cities > 0) as u8) << Need::Cities as u8
        | ((taker.starports > 0) as u8) << Need::Starports as u8
        | ((taker.agents > 0) as u8) << Need::Agents as u8
        | (c.is_outlaw(to) as u8) << Need::Outlaw as u8
        | ((taker.lore().len() < crate::state::LORE_MAX) as u8) << Need::LoreRoom as u8;
    // Room for a Golem is asked only when a Transfer Golem is among the
    // terms (they come last): the listing is hot (issue 19).
    let golem_term = terms
        .last()
        .is_some_and(|(a, _)| matches!(a, NegotiationAct::TransferGolem { .. }));
    let met = met
        | ((golem_term && crate::cards::campaign::caretaker::has_room(s, to)) as u8)
            << Need::GolemRoom as u8;
    for &(act, need) in terms {
        if met & 1 << need as u8 != 0 {
            f(Negotiation { by, to, act });
        }
    }
}

/// What forcing an action with Return Favors costs: 1 Favor, or a
/// resource's raid cost (p16–17).
pub fn favor_cost(s: &GameState, n: &Negotiation) -> u8 {
    match n.act {
        // Knowledge Set Free: "Favors equal in number to the Golem's raid
        // cost".
        NegotiationAct::TransferGolem { golem } => {
            crate::cards::campaign::caretaker::raid_cost(s, golem).min(7)
        }
        NegotiationAct::Give(Asset::Slot(i)) => crate::data::SLOT_RAID_COST[i as usize],
        // Guild Negotiations: "Favors equal to the Guild card's raid cost".
        NegotiationAct::GuildSupport { card } => card.info().raid_cost.unwrap_or(1).max(1),
        _ => 1,
    }
}

/// Whether Return Favors may force the action: not the gift of a resource
/// stored on a card, which has no raid cost to pay (Merchant League;
/// docs/rulings.md R-CAMP-MAGNATE-FORCE), nor of a protected Guild card
/// (Guild Negotiations).
pub fn forceable(n: &Negotiation) -> bool {
    match n.act {
        NegotiationAct::Give(Asset::Stored(_)) => false,
        NegotiationAct::GuildSupport { card } => !super::data::protected(card),
        // Knowledge Set Free: "This cannot be forced with Return Favors."
        NegotiationAct::TransferLore { .. } => false,
        _ => true,
    }
}

/// Forcing an action whose consent another seat gives (the Advocate's
/// for Transfer Guild Support, a Monopoly holder's) also forces that
/// consent by returning 1 of its Favors to it, unless it is the caller or
/// the giver (Guild Negotiations, Monopoly Consent): that seat, if so.
pub fn forced_consenter(s: &GameState, caller: Seat, n: &Negotiation) -> Option<Seat> {
    extra_consenter(s, n).filter(|a| *a != caller && *a != n.by)
}

// ------------------------------------------------------------ applying

/// Takes a Negotiation action (checked legal first; p17). Replaced pieces
/// keep their state: a damaged piece's replacement is damaged.
pub fn apply(s: &mut GameState, n: &Negotiation, ev: &mut dyn Sink) {
    if !legal(s, n) {
        return;
    }
    let (by, to) = (n.by, n.to);
    match n.act {
        NegotiationAct::Cede { system, piece } => match piece {
            Piece::Ship { damaged, .. } => {
                {
                    let mut g = s.sys_mut(system);
                    let a = g.ships_mut(by.owner());
                    if damaged {
                        a.damaged -= 1;
                    } else {
                        a.fresh -= 1;
                    }
                }
                s.seat_mut(by).ships += 1;
                s.place_ships(to.owner(), system, 1, damaged);
                log!(ev, "summit", Some(by), { systems: vec![system] },
                    "{by} cedes control: one of their ships in {system} becomes {to}'s.");
            }
            Piece::Building { slot } => {
                let Some(b) = s.sys(system).slots[slot as usize] else {
                    return;
                };
                match b.kind {
                    BuildingKind::City => {
                        s.seat_mut(to).cities -= 1;
                        s.sys_mut(system).slots[slot as usize] = Some(Building {
                            owner: to.owner(),
                            ..b
                        });
                        s.return_cities(by, 1, ev);
                    }
                    BuildingKind::Starport => {
                        s.seat_mut(to).starports -= 1;
                        s.seat_mut(by).starports += 1;
                        s.sys_mut(system).slots[slot as usize] = Some(Building {
                            owner: to.owner(),
                            ..b
                        });
                    }
                }
                log!(ev, "summit", Some(by), { systems: vec![system] },
                    "{by} cedes control: their {} in {system} becomes {to}'s.", b.kind.name());
            }
            Piece::Flagship { .. } => {}
        },
        NegotiationAct::Delegate { pos } => {
            s.court[pos as usize].agents[by.index()] -= 1;
            s.return_agents(by, 1);
            s.seat_mut(to).agents -= 1;
            s.court[pos as usize].agents[to.index()] += 1;
            log!(
                ev,
                "summit",
                Some(by),
                "{by} delegates authority: one of their agents in the Court becomes {to}'s."
            );
        }
        NegotiationAct::Favor => {
            s.seat_mut(by).agents -= 1;
            if let Some(c) = s.campaign_mut() {
                c.favors[to.index()][by.index()] += 1;
            }
            log!(ev, "summit", Some(by), "{by} promises {to} a Favor.");
            given(s, by, to, Asset::Favor(by), Some(Gift::Favor(by)), ev);
        }
        NegotiationAct::Give(a) => {
            let gift = match a {
                Asset::Slot(i) => s.seat(by).resources[i as usize].map(Gift::Resource),
                Asset::Stored(r) => Some(Gift::Resource(r)),
                Asset::Favor(o) => Some(Gift::Favor(o)),
                Asset::Trophy { .. } | Asset::Captive(_) => None,
            };
            match a {
                Asset::Slot(i) => {
                    if let Some(r) = s.seat_mut(by).resources[i as usize].take() {
                        log!(ev, "summit", Some(by), "{by} gives {to} a {r}.");
                        s.receive(to, r);
                    }
                }
                Asset::Stored(r) => {
                    if let Some(card) = super::stored::transferable(s, by, r) {
                        super::stored::take(s, card, r);
                        log!(
                            ev,
                            "summit",
                            Some(by),
                            "{by} gives {to} a {} from {card}.",
                            crate::describe::resource_name(r)
                        );
                        s.receive(to, r);
                    }
                }
                Asset::Trophy { owner, kind } => {
                    *s.seat_mut(by).trophy(owner, kind) -= 1;
                    if owner == to.owner() {
                        // Its own piece goes home (p17).
                        match kind {
                            TrophyKind::Ship => s.seat_mut(to).ships += 1,
                            TrophyKind::Starport => s.seat_mut(to).starports += 1,
                            TrophyKind::City => s.return_cities(to, 1, ev),
                            TrophyKind::Agent => s.return_agents(to, 1),
                        }
                        log!(ev, "summit", Some(by), "{by} gives {to} a Trophy.");
                    } else {
                        log!(ev, "summit", Some(by), "{by} gives {to} a Trophy.");
                        s.gain_trophies(to, owner, kind, 1, ev);
                    }
                }
                Asset::Captive(o) => {
                    s.seat_mut(by).captives[o.index()] -= 1;
                    if o == to {
                        s.return_agents(to, 1);
                    } else {
                        s.seat_mut(to).captives[o.index()] += 1;
                    }
                    log!(ev, "summit", Some(by), "{by} gives {to} a Captive.");
                }
                Asset::Favor(o) => {
                    if let Some(c) = s.campaign_mut() {
                        c.favors[by.index()][o.index()] -= 1;
                        if o != to {
                            c.favors[to.index()][o.index()] += 1;
                        }
                    }
                    if o == to {
                        s.return_agents(to, 1);
                    }
                    log!(ev, "summit", Some(by), "{by} gives {to} a Favor.");
                }
            }
            given(s, by, to, a, gift, ev);
        }
        NegotiationAct::Invite => {
            log!(ev, "summit", Some(by), "{by} invites {to} into the Empire.");
            super::empire::become_regent(s, to, ev);
        }
        NegotiationAct::GuildSupport { card } => {
            s.seat_mut(by).remove_guild(card);
            s.seat_mut(to).add_guild(card);
            log!(
                ev,
                "summit",
                Some(by),
                "{by} transfers Guild support: {to} takes {}.",
                card.name()
            );
        }
        NegotiationAct::TransferLore { card } => {
            s.seat_mut(by).remove_lore(card);
            s.seat_mut(to).add_lore(card);
            // A resource on the card's own slot (Ancient Holdings, C-L13)
            // goes with the card (R-CAMP-F514).
            if crate::cards::behavior(card).is_some_and(|b| b.card_slot) {
                let i = crate::data::BOARD_SLOTS;
                if s.seat(to).resources[i].is_none() {
                    let r = s.seat_mut(by).resources[i].take();
                    s.seat_mut(to).resources[i] = r;
                }
            }
            crate::cards::campaign::caretaker::lore_changed_hands(s, card, by, to);
            log!(
                ev,
                "summit",
                Some(by),
                "{by} gives {to} {} (a lore card).",
                card.name()
            );
            let returned = record_lore(s, by, to, card);
            let e = super::fates::FateEvent::LoreGiven {
                from: by,
                to,
                card,
                returned,
            };
            super::fates::notify(s, e, ev);
        }
        NegotiationAct::TransferGolem { golem } => {
            crate::cards::campaign::caretaker::transfer(s, by, to, golem, ev);
        }
    }
}

/// Enters `from` giving `to` lore card `card` in this Summit. True when
/// `to` had given `from` that very card earlier in it (F512B: "unless you
/// gave them that lore card during the same Summit").
fn record_lore(s: &mut GameState, from: Seat, to: Seat, card: CardId) -> bool {
    let Some(c) = s.campaign_mut() else {
        return false;
    };
    let l = &mut c.summit.lore_given;
    if let Some(i) = l.iter().position(|g| *g == (to, from, card)) {
        l.remove(i);
        return true;
    }
    if l.is_full() {
        l.remove(0);
    }
    l.push((from, to, card));
    false
}

// ------------------------------------------------------------ the Call to Order

/// The caller's Call to Order actions now legal, then Done.
pub fn call_to_order_choices(s: &GameState, caller: Seat, out: &mut Vec<Choice>) {
    let Some(c) = s.campaign() else { return };
    if c.council.decided {
        out.push(Choice::Summit(SummitAction::Petition));
    }
    if c.is_regent(caller) {
        out.push(Choice::Summit(SummitAction::Leave));
    } else if super::empire::no_regents(s) {
        out.push(Choice::Summit(SummitAction::Revive));
    }
    // Return Favors: force a Rival whose Favors the caller holds.
    let mut v = Vec::new();
    for x in s.rivals(caller) {
        let favors = c.favors[caller.index()][x.index()];
        if favors == 0 {
            continue;
        }
        v.clear();
        actions(s, x, caller, &mut v);
        out.extend(
            v.iter()
                .filter(|n| {
                    forceable(n)
                        && favor_cost(s, n) <= favors
                        && forced_consenter(s, caller, n)
                            .is_none_or(|a| c.favors[caller.index()][a.index()] > 0)
                })
                .map(|n| Choice::Negotiate(*n)),
        );
    }
    out.push(Choice::Done);
}

pub fn call_to_order(s: &mut GameState, caller: Seat, choice: Choice, ev: &mut dyn Sink) {
    match choice {
        Choice::Summit(SummitAction::Petition) => {
            if let Some(c) = s.campaign_mut() {
                c.council.decided = false;
                // A Council tucked this round returns to the Court and is
                // not resolved (campaign.md §1.6).
                c.council.tucked = None;
            }
            log!(
                ev,
                "summit",
                Some(caller),
                "{caller} petitions the Council: the Imperial Council flips to In Session."
            );
        }
        Choice::Summit(SummitAction::Leave) => {
            log!(ev, "summit", Some(caller), "{caller} leaves the Empire.");
            super::empire::become_outlaw(s, caller, ev);
        }
        Choice::Summit(SummitAction::Revive) => {
            super::empire::become_regent(s, caller, ev);
            if let Some(c) = s.campaign_mut() {
                c.first_regent = Some(caller);
            }
            log!(
                ev,
                "summit",
                Some(caller),
                "{caller} revives the Empire and takes the First Regent tile."
            );
        }
        Choice::Summit(SummitAction::Fate) => {}
        Choice::Negotiate(n) => {
            // Return Favors: the Favors go home, the action is taken.
            let cost = favor_cost(s, &n);
            if let Some(c) = s.campaign_mut() {
                c.favors[caller.index()][n.by.index()] -= cost;
            }
            s.return_agents(n.by, cost);
            log!(
                ev,
                "summit",
                Some(caller),
                "{caller} returns {cost} of {}'s Favors to force a Negotiation action.",
                n.by
            );
            if let Some(a) = forced_consenter(s, caller, &n) {
                if let Some(c) = s.campaign_mut() {
                    c.favors[caller.index()][a.index()] -= 1;
                }
                s.return_agents(a, 1);
                log!(
                    ev,
                    "summit",
                    Some(caller),
                    "{caller} returns one of {a}'s Favors to force {a}'s consent."
                );
            }
            apply(s, &n, ev);
        }
        _ => {
            // The Call to Order ends; Negotiations begin with the caller.
            s.set_top(Frame::Campaign(CampaignFrame::Negotiations {
                seat: caller,
                passes: 0,
            }));
        }
    }
}

// ------------------------------------------------------------ Negotiations

/// Takes the deal's actions on `t` (a copy of the position), in turn;
/// `false` if one of them would not be possible (multipart deals, p17).
/// The caller owns the copy: handing a state back by value copied its
/// 4.5 kB twice more per listing (issue 19).
fn apply_deal(t: &mut GameState, deal: &[Negotiation]) -> bool {
    for n in deal {
        if !legal(t, n) {
            return false;
        }
        apply(t, n, &mut crate::event::NoEvents);
    }
    true
}

/// Actions `seat` may propose (`first`: to open a deal, one between it and
/// a Rival) or add to its deal (between any two seats), each possible on
/// the position the deal so far leaves.
pub fn deal_choices(s: &GameState, seat: Seat, first: bool, out: &mut Vec<Choice>) {
    let Some(c) = s.campaign() else { return };
    if (first && c.summit.proposals[seat.index()] >= PROPOSALS) || c.summit.deal.is_full() {
        return;
    }
    let mut push = |n| out.push(Choice::Negotiate(n));
    if first {
        let (mut mine, mut theirs) = (Terms::new(), Terms::new());
        if !giver_terms(s, seat, &mut mine) {
            return;
        }
        for x in s.rivals(seat) {
            emit(s, &mine, seat, x, &mut push);
            if giver_terms(s, x, &mut theirs) {
                emit(s, &theirs, x, seat, &mut push);
            }
        }
        return;
    }
    let mut t = s.clone();
    if !apply_deal(&mut t, &c.summit.deal) {
        return;
    }
    let mut terms = Terms::new();
    for a in t.seat_ids() {
        if !giver_terms(&t, a, &mut terms) {
            continue;
        }
        for b in t.seat_ids().filter(|b| *b != a) {
            out.reserve(terms.len());
            emit(&t, &terms, a, b, &mut |n| out.push(Choice::Negotiate(n)));
        }
    }
}

/// The seats a deal needs consent from: everyone in it but the proposer.
/// An action that needs another seat's consent (Guild Negotiations,
/// Monopoly Consent) adds that seat.
pub fn parties(s: &GameState, proposer: Seat) -> u8 {
    let Some(c) = s.campaign() else { return 0 };
    c.summit.deal.iter().fold(0u8, |m, n| {
        m | 1 << n.by.0 | 1 << n.to.0 | extra_consenter(s, n).map_or(0, |a| 1 << a.0)
    }) & !(1 << proposer.0)
}

/// The next seat to consent after `after` in turn order from the proposer.
pub fn next_consent(s: &GameState, proposer: Seat, done: u8) -> Option<Seat> {
    let need = parties(s, proposer) & !done;
    s.order_from(proposer).find(|x| need & (1 << x.0) != 0)
}

/// `seat`'s turn in the Negotiations: propose (a first action) or pass.
pub fn negotiate(s: &mut GameState, seat: Seat, passes: u8, choice: Choice, ev: &mut dyn Sink) {
    let next = s.next_seat(seat);
    match choice {
        Choice::Negotiate(n) => {
            if let Some(c) = s.campaign_mut() {
                c.summit.deal.clear();
                let _ = c.summit.deal.try_push(n);
                c.summit.proposals[seat.index()] += 1;
            }
            s.set_top(Frame::Campaign(CampaignFrame::Proposal { proposer: seat }));
        }
        Choice::Summit(SummitAction::Fate) => {
            // The Fate's own action is the seat's turn; the Negotiations
            // go on after it (its procedure runs first, above them).
            s.set_top(Frame::Campaign(CampaignFrame::Negotiations {
                seat: next,
                passes: 0,
            }));
            if let Some(o) = super::fates::summit_option(s, seat) {
                (o.start)(s, seat, ev);
            }
        }
        _ => {
            let passes = passes + 1;
            if passes >= s.players {
                s.pop();
                if let Some(c) = s.campaign_mut() {
                    c.summit = Summit::default();
                }
                log!(
                    ev,
                    "summit",
                    None,
                    "Nobody negotiates further: the Summit ends."
                );
            } else {
                s.set_top(Frame::Campaign(CampaignFrame::Negotiations {
                    seat: next,
                    passes,
                }));
            }
        }
    }
}

/// The proposer adds an action, submits the deal (Done) or withdraws it
/// (No).
pub fn propose(s: &mut GameState, proposer: Seat, choice: Choice, ev: &mut dyn Sink) {
    match choice {
        Choice::Negotiate(n) => {
            if let Some(c) = s.campaign_mut() {
                let _ = c.summit.deal.try_push(n);
            }
        }
        Choice::Done => {
            log!(
                ev,
                "summit",
                Some(proposer),
                "{proposer} proposes: {}.",
                deal_words(s)
            );
            match next_consent(s, proposer, 0) {
                Some(x) => s.set_top(Frame::Campaign(CampaignFrame::Consent {
                    proposer,
                    seat: x,
                    done: 0,
                })),
                None => finish_deal(s, proposer, true, ev),
            }
        }
        _ => finish_deal(s, proposer, false, ev),
    }
}

/// A party answers the proposal.
pub fn consent(
    s: &mut GameState,
    proposer: Seat,
    seat: Seat,
    done: u8,
    yes: bool,
    ev: &mut dyn Sink,
) {
    if !yes {
        log!(ev, "summit", Some(seat), "{seat} declines.");
        finish_deal(s, proposer, false, ev);
        return;
    }
    log!(ev, "summit", Some(seat), "{seat} agrees.");
    let done = done | 1 << seat.0;
    match next_consent(s, proposer, done) {
        Some(x) => s.set_top(Frame::Campaign(CampaignFrame::Consent {
            proposer,
            seat: x,
            done,
        })),
        None => finish_deal(s, proposer, true, ev),
    }
}

/// Applies an agreed deal whole (if every action is still possible), or
/// drops it; the Negotiations go on after the proposer.
fn finish_deal(s: &mut GameState, proposer: Seat, agreed: bool, ev: &mut dyn Sink) {
    let deal = s
        .campaign_mut()
        .map(|c| std::mem::take(&mut c.summit.deal))
        .unwrap_or_default();
    s.set_top(Frame::Campaign(CampaignFrame::Negotiations {
        seat: s.next_seat(proposer),
        passes: 0,
    }));
    if !agreed {
        return;
    }
    // Multipart deals resolve at once (p17): every action must still be
    // possible, in turn; each is then taken in order.
    if apply_deal(&mut s.clone(), &deal) {
        for n in &deal {
            apply(s, n, ev);
        }
    } else {
        log!(
            ev,
            "summit",
            Some(proposer),
            "The deal can no longer be carried out; nothing happens."
        );
    }
}

/// The deal on the table, in words.
pub fn deal_words(s: &GameState) -> String {
    let Some(c) = s.campaign() else {
        return String::new();
    };
    let parts: Vec<String> = c
        .summit
        .deal
        .iter()
        .map(|n| negotiation_words(s, n))
        .collect();
    parts.join("; ")
}

/// One Negotiation action in words ("P1 gives P2 a Relic").
pub fn negotiation_words(s: &GameState, n: &Negotiation) -> String {
    let (by, to) = (n.by, n.to);
    match n.act {
        NegotiationAct::Cede { system, piece } => match piece {
            Piece::Ship { damaged, .. } => format!(
                "{by} cedes a {} ship in {system} to {to}",
                if damaged { "damaged" } else { "fresh" }
            ),
            Piece::Building { slot } => format!(
                "{by} cedes their {} in {system} to {to}",
                s.sys(system)
                    .slots
                    .get(slot as usize)
                    .copied()
                    .flatten()
                    .map_or("building", |b| b.kind.name())
            ),
            Piece::Flagship { .. } => format!("{by} cedes a piece of their Flagship to {to}"),
        },
        NegotiationAct::Delegate { pos } => format!(
            "{by} hands one of their agents on {} (Court {}) to {to}",
            s.court
                .get(pos as usize)
                .and_then(|c| c.card)
                .map_or("a Court card", |c| c.name()),
            pos + 1
        ),
        NegotiationAct::Favor => format!("{by} promises {to} a Favor"),
        NegotiationAct::Give(a) => match a {
            Asset::Slot(i) => format!(
                "{by} gives {to} a {}",
                s.seat(by)
                    .resources
                    .get(i as usize)
                    .copied()
                    .flatten()
                    .map_or("resource", crate::describe::resource_name)
            ),
            Asset::Trophy { owner, kind } => format!(
                "{by} gives {to} a Trophy ({} {})",
                crate::describe::owner_poss(owner),
                match kind {
                    TrophyKind::Ship => "ship",
                    TrophyKind::Starport => "starport",
                    TrophyKind::City => "city",
                    TrophyKind::Agent => "agent",
                }
            ),
            Asset::Captive(o) => format!("{by} gives {to} a Captive ({o}'s agent)"),
            Asset::Favor(o) => format!("{by} gives {to} a Favor ({o}'s agent)"),
            Asset::Stored(r) => format!(
                "{by} gives {to} a {} from {}",
                crate::describe::resource_name(r),
                super::stored::transferable(s, by, r).map_or("a card", |c| c.name())
            ),
        },
        NegotiationAct::Invite => format!("{by} invites {to} into the Empire"),
        NegotiationAct::GuildSupport { card } => {
            format!("{by} gives {to} {} (a Guild card)", card.name())
        }
        NegotiationAct::TransferLore { card } => {
            format!("{by} gives {to} {} (a lore card)", card.name())
        }
        NegotiationAct::TransferGolem { golem } => format!(
            "{by} gives {to} the {} Golem",
            crate::cards::campaign::caretaker::GOLEM_NAMES[golem as usize % 4]
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The listing as it was before issue 19: every candidate action,
    /// filtered by [`legal`]. The fast [`actions`] must list the same.
    fn actions_reference(s: &GameState, by: Seat, to: Seat, out: &mut Vec<Negotiation>) {
        let mut push = |act: NegotiationAct| {
            let n = Negotiation { by, to, act };
            if legal(s, &n) {
                out.push(n);
            }
        };
        for sys in crate::state::systems_in(s.board.pieces(by.owner()) & s.in_play) {
            for damaged in [false, true] {
                push(NegotiationAct::Cede {
                    system: sys,
                    piece: Piece::Ship {
                        owner: by.owner(),
                        damaged,
                    },
                });
            }
            for (slot, _) in s.sys(sys).buildings_of(by.owner()) {
                push(NegotiationAct::Cede {
                    system: sys,
                    piece: Piece::Building { slot },
                });
            }
        }
        for pos in 0..s.court.len() as u8 {
            push(NegotiationAct::Delegate { pos });
        }
        push(NegotiationAct::Favor);
        let mut seen: ArrayVec<(Resource, u8), 7> = ArrayVec::new();
        for (i, r) in s.seat(by).resources.iter().enumerate() {
            if let Some(r) = r {
                let cost = crate::data::SLOT_RAID_COST[i];
                if !seen.contains(&(*r, cost)) {
                    seen.push((*r, cost));
                    push(NegotiationAct::Give(Asset::Slot(i as u8)));
                }
            }
        }
        for oi in 0..MAX_OWNERS {
            for k in TrophyKind::ALL {
                push(NegotiationAct::Give(Asset::Trophy {
                    owner: Owner::from_index(oi),
                    kind: k,
                }));
            }
        }
        for o in s.seat_ids() {
            push(NegotiationAct::Give(Asset::Captive(o)));
            push(NegotiationAct::Give(Asset::Favor(o)));
        }
        for r in Resource::ALL {
            push(NegotiationAct::Give(Asset::Stored(r)));
        }
        push(NegotiationAct::Invite);
        for &card in s.seat(by).guild() {
            push(NegotiationAct::GuildSupport { card });
        }
        for &card in s.seat(by).lore() {
            push(NegotiationAct::TransferLore { card });
        }
        for golem in 0..4 {
            push(NegotiationAct::TransferGolem { golem });
        }
    }

    /// In random 2–4 player campaign games, at every decision, the fast
    /// listing equals the reference for every pair of seats (issue 19:
    /// same choices, same order).
    #[test]
    fn the_fast_listing_lists_what_legal_allows_in_the_same_order() {
        use rand::{Rng, SeedableRng};
        let mut compared = 0;
        for players in 2..=4u8 {
            for seed in 0..6u64 {
                let mut g = crate::Game::new(crate::Config::campaign(players), seed).unwrap();
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                for _ in 0..1500 {
                    let seats = g.deciding_seats();
                    let Some(&seat) = seats.first() else { break };
                    let s = g.state();
                    for a in s.seat_ids() {
                        for b in s.seat_ids() {
                            let (mut fast, mut slow) = (Vec::new(), Vec::new());
                            actions(s, a, b, &mut fast);
                            actions_reference(s, a, b, &mut slow);
                            assert_eq!(fast, slow, "{players}p seed {seed}: {a} to {b}");
                            compared += 1;
                        }
                    }
                    let d = g.decision_for(seat).unwrap();
                    let c = d.choices[rng.gen_range(0..d.choices.len())];
                    g.apply(seat, c).unwrap();
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }
}
