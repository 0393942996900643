//! Per-seat observations: everything a seat may know, nothing more
//! (DESIGN.md §Hidden information, B-FINE-11, AMB-60). Other hands are
//! counts, face-down cards are hidden, deck orders and the RNG never appear.

use crate::choice::{Choice, Prompt};
use crate::event::Event;
use crate::game::Game;
use crate::ids::*;
use crate::scoring::{AmbitionResult, ChapterScoring};
use crate::state::{Building, GameState, Outcome, PlayKind, ShipCount};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub power: i32,
    pub hand_size: u32,
    /// Only in the viewer's own seat view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<ActionCard>>,
    pub ships: u8,
    pub starports: u8,
    pub agents: u8,
    pub cities_on_board: u8,
    /// Power a sole first place in a scored ambition adds for the city
    /// slots this seat has uncovered: 0, 2 or 5 (B-SCORE-07).
    #[serde(default)]
    pub city_bonus: i32,
    pub resources: [Option<Resource>; 7],
    pub outrage: Vec<Resource>,
    pub trophies: u32,
    pub captives: u32,
    /// Trophies and captives by the owner of the pieces (both public on
    /// the player board): `[owner, count]`, owners with none left out.
    #[serde(default)]
    pub trophies_by: Vec<(Owner, u32)>,
    #[serde(default)]
    pub captives_by: Vec<(Owner, u32)>,
    pub guild: Vec<CardId>,
    pub lore: Vec<CardId>,
    pub leader: Option<CardId>,
    /// Ability cards kept in play (campaign: Partisan Seizing); absent
    /// when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemView {
    pub id: SystemId,
    pub in_play: bool,
    pub ships: Vec<(Owner, ShipCount)>,
    pub buildings: Vec<(u8, Building)>,
    pub controller: Option<Owner>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CourtView {
    pub card: Option<CardId>,
    pub agents: Vec<(Owner, u8)>,
    /// The card attached to it (campaign p27).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached: Option<CardId>,
}

/// A card played this round as others see it: face-down Copy and seize
/// cards show no identity unless they are the viewer's own. `View::plays`
/// lists them in the round's turn order, from the seat that led.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayView {
    pub seat: Seat,
    pub kind: PlayKind,
    pub card: Option<ActionCard>,
    pub seized_with_extra_card: bool,
    /// A face-down card known to be a Faithful card by its own back
    /// (docs/rulings.md R-CAMP-BELIEVER-BACK), not its number.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub faithful: bool,
    /// The card placed next to it this round: a Union, or The Young Light
    /// and its like (ARCS-F816).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub beside: Option<CardId>,
}

/// An ambition marker: the values it shows, and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerView {
    pub first: i32,
    pub second: i32,
    pub flipped: bool,
    /// `None`: available.
    pub at: Option<Ambition>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingView {
    pub seat: Seat,
    pub prompt: Prompt,
    /// The legal choices, only for the seat that decides.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Option<Seat>,
    pub players: u8,
    /// The Power that ends the game at a chapter's end (27/30/33 for
    /// 4/3/2 players, B-GAME-01), for drawing Power against it.
    #[serde(default)]
    pub power_to_win: i32,
    pub chapter: u8,
    /// The round within the chapter: 1 for its first, 0 before it.
    #[serde(default)]
    pub round: u8,
    pub initiative: Seat,
    pub seized: bool,
    pub setup_card: String,
    pub seats: Vec<SeatView>,
    pub systems: Vec<SystemView>,
    pub court: Vec<CourtView>,
    pub court_deck_size: usize,
    pub court_discard: Vec<CardId>,
    pub action_discard_size: usize,
    pub supply: [u8; 5],
    pub box_resources: [u8; 5],
    pub markers: Vec<MarkerView>,
    /// Every ambition in order (tycoon, tyrant, warlord, keeper, empath)
    /// as it stands: each seat's count, the phantom's (2 players), the
    /// markers on it, and the places and Power if the chapter were scored
    /// now (ties and leaders' rules applied as scoring does).
    #[serde(default)]
    pub ambitions: Vec<AmbitionResult>,
    pub leader: Seat,
    pub lead_card: Option<ActionCard>,
    pub zero_marker: bool,
    pub plays: Vec<PlayView>,
    pub pending: Option<PendingView>,
    /// Leaders & Lore draft rows (empty outside the draft).
    pub leader_row: Vec<CardId>,
    pub lore_row: Vec<CardId>,
    /// Leaders & Lore, while the draft is on: where each seat's leader
    /// boxes will go (its A, B and C systems on the setup card, B-LL-04).
    /// Empty once the pieces are placed, and in other modes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub starts: Vec<StartView>,
    pub log: Vec<Event>,
    /// Each scored chapter's breakdown, oldest first (taken from the log's
    /// `scored` events, whose copies in `log` leave it out).
    #[serde(default)]
    pub scoring: Vec<ChapterScoring>,
    /// Each seat's Power at the end of each scored chapter, oldest first
    /// (`scoring[i].power`).
    #[serde(default)]
    pub power_by_chapter: Vec<Vec<i32>>,
    pub outcome: Option<Outcome>,
    /// The battle in progress once its defender is chosen (for a battle
    /// dialog): all of it is on the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<BattleView>,
    /// The campaign's public parts (and the viewer's own secrets), in a
    /// campaign game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<CampaignView>,
}

/// A seat's starting systems (Leaders & Lore setup): its leader's A box
/// goes to `a`, its B box to `b`, its C ships to each of `c`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartView {
    pub seat: Seat,
    pub a: SystemId,
    pub b: SystemId,
    pub c: Vec<SystemId>,
}

impl StartView {
    fn of(s: &GameState) -> Vec<StartView> {
        if !crate::flow::draft::pieces_pending(s) {
            return Vec::new();
        }
        crate::flow::draft::seat_starts(s)
            .map(|(seat, st)| StartView {
                seat,
                a: st.a,
                b: st.b,
                c: st.c.clone(),
            })
            .collect()
    }
}

/// A battle in progress (B-BAT): who attacks whom where, the dice
/// collected and rolled, what they show and the hits still to assign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleView {
    pub system: SystemId,
    pub attacker: Seat,
    pub defender: Owner,
    pub stage: crate::actions::battle::BattleStage,
    /// Dice collected per kind (assault, skirmish, raid).
    pub dice: [u8; 3],
    /// The roll as it stands (rerolls applied), once rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<crate::event::Dice>,
    /// What the roll shows in total (hits, building hits, self-hits,
    /// intercepts, keys).
    pub shows: crate::data::DieFace,
    /// Hits the attacker has still to assign in the current step.
    pub hits_left: u8,
    /// The attacker, a Regent, added the Imperial ships there to its
    /// attacking ships (campaign p11).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub with_empire: bool,
}

impl BattleView {
    /// The innermost battle on the stack (a card's hit may resolve above
    /// it), once past choosing the system and the defender.
    fn of(s: &GameState) -> Option<BattleView> {
        use crate::actions::battle::BattleStage;
        let b = s.stack.iter().rev().find_map(|f| match f {
            crate::flow::Frame::Battle(b) => Some(*b),
            _ => None,
        })?;
        if matches!(b.stage, BattleStage::System | BattleStage::Defender) {
            return None;
        }
        Some(BattleView {
            system: b.system,
            attacker: b.attacker,
            defender: b.defender,
            stage: b.stage,
            dice: b.dice,
            roll: (b.roll.n > 0).then(|| b.roll.shown(None)),
            shows: b.roll.totals(),
            hits_left: b.hits_left,
            with_empire: b.pre_done & crate::actions::battle::IMPERIAL_ATTACK != 0,
        })
    }
}

/// What a seat may know of the campaign (campaign rules): everything on
/// the table, and of the Fate choice only its own cards until all are
/// revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignView {
    pub act: u8,
    /// Chapters in this Act (3, or 4 in Act III).
    pub chapters: u8,
    /// Seats that are Outlaws (the others are Regents).
    pub outlaws: Vec<Seat>,
    pub first_regent: Option<Seat>,
    /// The Imperial Trust on the First Regent tile, per resource.
    pub trust: [u8; 5],
    /// The current Imperial Policy, then the other Govern cards under it.
    pub policy: crate::campaign::Policy,
    pub policies: Vec<crate::campaign::Policy>,
    /// Govern with Authority (F124–F126) is Edict 03 (the Steward's Act
    /// III): the Policies' stronger Demand and Actions.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub authority: bool,
    /// The Govern card of the current Policy (its catalog id).
    pub govern_card: CardId,
    /// Where the Sponsored token lies (Imperial Sponsor, F123): an ambition
    /// box, or `None` (on the First Regent tile while Imperial Sponsor is
    /// in the rules booklet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sponsored: Option<Ambition>,
    /// The Peacekeeper's Ceasefire tokens (F1507A, F1508): the clusters at
    /// Peace (the others are at War); absent until the tokens are placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peace: Option<Vec<u8>>,
    /// Guild Envoys Depart is in the rules booklet (2 players).
    pub envoys_depart: bool,
    /// Other cards in the rules booklet.
    pub booklet: Vec<CardId>,
    /// The Imperial Council: Decided, and whose card it is tucked under.
    pub council_decided: bool,
    pub council_tucked: Option<Seat>,
    /// Each seat's Fate once revealed (`None` while the Fates are chosen).
    pub fates: Vec<Option<CardId>>,
    /// The viewer's own two Fate cards while it chooses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fate_offer: Vec<CardId>,
    /// Objective markers on the Power track (0 = complete).
    pub objectives: Vec<u8>,
    /// Favors: `[holder, owner, count]` for every non-zero count.
    pub favors: Vec<(Seat, Seat, u8)>,
    /// Seats that played an Event card this round.
    pub events_played: Vec<Seat>,
    /// The last roll of the event and number dice.
    pub event_die: Option<crate::campaign::EventFace>,
    pub number_die: u8,
    pub imperial_supply: u8,
    pub blight_supply: u8,
    pub free_cities: u8,
    pub free_starports: u8,
    /// Resources stored on cards (public, frozen; Merchant League): `[holder,
    /// card, per resource]` for each card with resources on it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stored: Vec<(Seat, CardId, [u8; 5])>,
    /// The Caretaker's Golems in play (F505): at gates Sleeping and
    /// unnamed (their faces hidden to all), held ones named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub golems: Vec<crate::cards::campaign::caretaker::GolemView>,
    /// The Founder's Commonwealth (F212A), public, once it exists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commonwealth: Option<crate::cards::campaign::founder::CommonwealthView>,
    /// Outrage slots covered by another seat's agent (Sower of Division,
    /// F625), public.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sown: Vec<crate::cards::campaign::partisan::SownView>,
    /// The Magnate's Monopolies in play (F312A), public: who holds each,
    /// and the resources scrapped for good with them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monopolies: Vec<crate::cards::campaign::magnate::MonopolyView>,
    /// The Believer's Faithful action card stack (public: numbered, ARCS-
    /// F801A): the cards 1..N remain, N on top (its pips drive F801B).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub faithful_stack: u8,
    /// The Believer's Ideals and Doctrine (F820A), public, once in play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faith: Option<crate::cards::campaign::believer::doctrine::FaithView>,
    /// Action cards scrapped this Act (Spreading the Faith shows each).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scrapped_actions: Vec<ActionCard>,
    /// The campaign's log sheet: the Acts played before this one, oldest
    /// first (each seat's Power, Fate, objective and Outrage at its end).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub past_acts: Vec<PastActView>,
    /// The Flagships (public, p22): each seat's piece and board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flagships: Vec<FlagshipView>,
    /// The Summit in progress, absent outside one (public: a deal is
    /// proposed at the table, campaign rules p17).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summit: Option<SummitView>,
}

/// A Summit as everyone at the table sees it: who called it, where it
/// stands, and the deal on the table term by term.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummitView {
    pub caller: Seat,
    /// Where it stands: `call_to_order` (the caller's actions),
    /// `negotiations` (a seat proposes a deal or passes), `proposal` (the
    /// proposer adds terms, proposes or withdraws), `consent` (a party
    /// agrees or declines); absent while another procedure runs inside it
    /// (a Fate's own Summit action).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<SummitStage>,
    /// The caller in the Call to Order, the seat whose turn it is in the
    /// Negotiations, else the proposer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// The seat whose deal is on the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proposer: Option<Seat>,
    /// The deal so far, in order (empty when none is on the table).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deal: Vec<DealTermView>,
    /// The parties that agreed to the deal so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agreed: Vec<Seat>,
    /// Deals each seat has proposed in this Summit, and the most one may.
    pub proposals: Vec<u8>,
    pub max_proposals: u8,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SummitStage {
    CallToOrder,
    Negotiations,
    Proposal,
    Consent,
}

/// One Negotiation action of a deal: `by` gives or does, `to` receives,
/// and `words` says it as the log does ("P1 gives P2 a Relic").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealTermView {
    pub by: Seat,
    pub to: Seat,
    pub act: crate::choice::NegotiationAct,
    pub words: String,
}

impl SummitView {
    fn of(s: &GameState, c: &crate::campaign::Campaign) -> Option<SummitView> {
        use crate::campaign::frame::CampaignFrame as F;
        let caller = c.summit.caller?;
        let (mut stage, mut seat, mut proposer, mut agreed) = (None, None, None, Vec::new());
        if let Some(crate::flow::Frame::Campaign(f)) = s.stack.last() {
            match *f {
                F::CallToOrder { caller } => {
                    stage = Some(SummitStage::CallToOrder);
                    seat = Some(caller);
                }
                F::Negotiations { seat: x, .. } => {
                    stage = Some(SummitStage::Negotiations);
                    seat = Some(x);
                }
                F::Proposal { proposer: p } => {
                    stage = Some(SummitStage::Proposal);
                    (seat, proposer) = (Some(p), Some(p));
                }
                F::Consent {
                    proposer: p, done, ..
                } => {
                    stage = Some(SummitStage::Consent);
                    (seat, proposer) = (Some(p), Some(p));
                    agreed = s.seat_ids().filter(|x| done & (1 << x.0) != 0).collect();
                }
                _ => {}
            }
        }
        // A deal stays on the table only while it is made or answered.
        let deal = if proposer.is_some() {
            c.summit
                .deal
                .iter()
                .map(|n| DealTermView {
                    by: n.by,
                    to: n.to,
                    act: n.act,
                    words: crate::describe::gate_words(crate::campaign::summit::negotiation_words(
                        s, n,
                    )),
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(SummitView {
            caller,
            stage,
            seat,
            proposer,
            deal,
            agreed,
            proposals: s
                .seat_ids()
                .map(|x| c.summit.proposals[x.index()])
                .collect(),
            max_proposals: crate::campaign::summit::PROPOSALS,
        })
    }
}

/// A seat's Flagship: where the piece is and its board, column by column
/// (Slipstream Drive .. Hull), each with its Upgrade and Armor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagshipView {
    pub seat: Seat,
    pub at: Option<SystemId>,
    pub board: crate::campaign::flagship::FlagshipBoard,
    /// The board in words ("Ship Crane: city; Hull: starport (damaged)").
    pub words: String,
}

/// One finished Act on the log sheet (all public at the Act's end).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastActView {
    pub act: u8,
    pub power: Vec<i32>,
    pub fates: Vec<Option<CardId>>,
    /// Objective markers at the Act's end (0 = met).
    pub objectives: Vec<u8>,
    /// Each seat's Outraged resource types.
    pub outrage: Vec<Vec<Resource>>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl CampaignView {
    fn of(s: &GameState, c: &crate::campaign::Campaign, viewer: Option<Seat>) -> CampaignView {
        let seats = || s.seat_ids();
        CampaignView {
            act: c.act,
            chapters: c.chapters(),
            outlaws: seats().filter(|x| c.is_outlaw(*x)).collect(),
            first_regent: c.first_regent,
            trust: c.trust,
            policy: c.policy(),
            policies: c.policies.iter().rev().copied().collect(),
            authority: c.imperium.authority,
            govern_card: CardId::parse(crate::cards::campaign::steward::act_three::govern_card(
                c.imperium.authority,
                c.policy(),
            ))
            .expect("a Govern card"),
            sponsored: c.imperium.sponsored,
            peace: c
                .ceasefires
                .map(|m| (1..=6u8).filter(|cl| m & (1 << (cl - 1)) != 0).collect()),
            envoys_depart: c.envoys_depart,
            booklet: c.booklet.to_vec(),
            council_decided: c.council.decided,
            council_tucked: c.council.tucked,
            fates: seats().map(|x| c.fates[x.index()]).collect(),
            fate_offer: viewer
                .map(|v| c.fate_offer[v.index()].iter().flatten().copied().collect())
                .unwrap_or_default(),
            objectives: seats().map(|x| c.objective[x.index()]).collect(),
            favors: seats()
                .flat_map(|h| seats().map(move |o| (h, o)))
                .filter_map(|(h, o)| {
                    let n = c.favors[h.index()][o.index()];
                    (n > 0).then_some((h, o, n))
                })
                .collect(),
            events_played: seats()
                .filter(|x| c.events_played & (1 << x.0) != 0)
                .collect(),
            event_die: c.event_die,
            number_die: c.number_die,
            faithful_stack: c.faithful_stack,
            faith: crate::cards::campaign::believer::doctrine::view(s),
            scrapped_actions: c.actions_scrapped.iter().collect(),
            imperial_supply: c.imperial_supply,
            blight_supply: c.blight_supply,
            free_cities: c.free_cities,
            free_starports: c.free_starports,
            stored: seats()
                .flat_map(|x| crate::campaign::stored::held(s, x).map(move |y| (x, y.card, y.res)))
                .collect(),
            golems: crate::cards::campaign::caretaker::view(s),
            commonwealth: crate::cards::campaign::founder::view(s),
            sown: crate::cards::campaign::partisan::view(&c.sown),
            monopolies: crate::cards::campaign::magnate::view(&c.monopolies),
            flagships: seats()
                .filter_map(|x| {
                    let b = c.flagships[x.index()]?;
                    Some(FlagshipView {
                        seat: x,
                        at: s.flagship_at(x),
                        board: b,
                        words: crate::campaign::flagship::board_words(&b),
                    })
                })
                .collect(),
            past_acts: c
                .past
                .iter()
                .map(|p| PastActView {
                    act: p.act,
                    power: seats().map(|x| p.power[x.index()]).collect(),
                    fates: seats().map(|x| p.fates[x.index()]).collect(),
                    objectives: seats().map(|x| p.objective[x.index()]).collect(),
                    outrage: seats()
                        .map(|x| {
                            Resource::ALL
                                .into_iter()
                                .filter(|r| p.outrage[x.index()] & (1 << r.index()) != 0)
                                .collect()
                        })
                        .collect(),
                })
                .collect(),
            summit: SummitView::of(s, c),
        }
    }
}

impl View {
    pub fn new(game: &Game, viewer: Option<Seat>) -> View {
        let mut v = View::of_state(game.state(), viewer);
        v.log = game
            .log()
            .iter()
            .filter(|e| e.visible_to(viewer))
            .map(|e| match &e.scoring {
                Some(sc) => {
                    v.scoring.push((**sc).clone());
                    Event {
                        scoring: None,
                        ..e.clone()
                    }
                }
                None => e.clone(),
            })
            .collect();
        v.power_by_chapter = v.scoring.iter().map(|c| c.power.clone()).collect();
        v
    }

    /// The view of a bare state (no log).
    pub fn of_state(s: &GameState, viewer: Option<Seat>) -> View {
        let seats = s
            .seat_ids()
            .map(|x| {
                let st = s.seat(x);
                SeatView {
                    seat: x,
                    power: st.power,
                    hand_size: st.hand.len(),
                    hand: (viewer == Some(x)).then(|| st.hand.iter().collect()),
                    ships: st.ships,
                    starports: st.starports,
                    agents: st.agents,
                    cities_on_board: st.cities,
                    city_bonus: crate::data::city_bonus(st.cities),
                    resources: st.resources,
                    outrage: Resource::ALL
                        .into_iter()
                        .filter(|r| st.is_outraged(*r))
                        .collect(),
                    trophies: st.trophy_total(),
                    captives: st.captive_total(),
                    trophies_by: (0..MAX_OWNERS)
                        .map(|o| {
                            let n = st.trophies[o].iter().map(|&k| k as u32).sum::<u32>();
                            (Owner::from_index(o), n)
                        })
                        .filter(|&(_, n)| n > 0)
                        .collect(),
                    captives_by: (0..MAX_OWNERS)
                        .map(|o| (Owner::from_index(o), st.captives[o] as u32))
                        .filter(|&(_, n)| n > 0)
                        .collect(),
                    guild: st.guild().to_vec(),
                    lore: st.lore().to_vec(),
                    leader: st.leader(),
                    abilities: st.abilities().to_vec(),
                }
            })
            .collect();
        let systems = SystemId::all()
            .map(|id| {
                let sys = s.sys(id);
                SystemView {
                    id,
                    in_play: s.is_in_play(id),
                    ships: (0..MAX_OWNERS)
                        .filter(|&i| sys.ships[i].total() > 0)
                        .map(|i| (Owner::from_index(i), sys.ships[i]))
                        .collect(),
                    buildings: sys.buildings().collect(),
                    controller: sys.controller(),
                }
            })
            .collect();
        let court = s
            .court
            .iter()
            .enumerate()
            .map(|(pos, c)| CourtView {
                attached: crate::campaign::attach::attached(s, pos),
                card: c.card,
                agents: (0..MAX_OWNERS)
                    .filter(|&i| c.agents[i] > 0)
                    .map(|i| (Owner::from_index(i), c.agents[i]))
                    .collect(),
            })
            .collect();
        let plays = s
            .order_from(s.round.leader)
            .filter_map(|x| {
                s.round.plays[x.index()].map(|p| PlayView {
                    seat: x,
                    kind: p.kind,
                    card: (p.face_up() || viewer == Some(x)).then_some(p.card),
                    seized_with_extra_card: p.seize.is_some(),
                    faithful: p.card.is_faithful(),
                    beside: s
                        .round
                        .unions
                        .iter()
                        .find(|u| u.target == p.card)
                        .map(|u| u.union),
                })
            })
            .collect();
        // The viewer's own decision when several seats decide at once.
        let pending = match viewer.and_then(|v| s.decision_for(v)) {
            Some(d) => Some(PendingView {
                seat: d.seat,
                prompt: d.prompt,
                choices: d.choices,
            }),
            None => s.decision().map(|d| PendingView {
                seat: d.seat,
                prompt: d.prompt,
                choices: if viewer == Some(d.seat) {
                    d.choices
                } else {
                    Vec::new()
                },
            }),
        };
        View {
            viewer,
            players: s.players,
            power_to_win: crate::data::power_to_win(s.players),
            chapter: s.chapter,
            round: s.round.number,
            initiative: s.initiative,
            seized: s.round.seized,
            setup_card: if s.is_campaign() {
                String::new()
            } else {
                crate::data::components().setup_cards[s.setup_card as usize]
                    .id
                    .clone()
            },
            seats,
            systems,
            court,
            court_deck_size: s.court_deck.len(),
            court_discard: s.court_discard.to_vec(),
            action_discard_size: s.action_discard.len() + s.action_discard_up.len(),
            supply: s.supply,
            box_resources: s.box_resources,
            markers: (0..3)
                .map(|i| {
                    let (first, second) = s.markers[i].values(i);
                    MarkerView {
                        first,
                        second,
                        flipped: s.markers[i].flipped,
                        at: s.markers[i].at,
                    }
                })
                .collect(),
            ambitions: Ambition::ALL
                .into_iter()
                .map(|a| AmbitionResult::now(s, a))
                .collect(),
            leader: s.round.leader,
            lead_card: s.lead_card(),
            zero_marker: s.round.zero_marker,
            plays,
            pending,
            leader_row: s.leader_row.to_vec(),
            lore_row: s.lore_row.to_vec(),
            starts: StartView::of(s),
            log: Vec::new(),
            scoring: Vec::new(),
            power_by_chapter: Vec::new(),
            outcome: s.outcome.as_deref().cloned(),
            battle: BattleView::of(s),
            campaign: s.campaign().map(|c| CampaignView::of(s, c, viewer)),
        }
    }
}

/// What a program playing a seat may know, as a state it can simulate
/// from: the full state with every hidden part removed — other hands
/// emptied (their sizes kept), face-down cards of others blanked, the action
/// discard pile emptied, deck orders sorted, the RNG reset. Bots receive
/// this and the legal choices, never the real state (DESIGN.md §Bots).
///
/// Making one copies nothing (issue 19: an observation per decision was
/// half of the agent path): it borrows the game's position and counts
/// what the seat knows of the hidden parts; the redacted state is written
/// when first asked for ([`public_state`](Self::public_state)), and a
/// determinization copies the position once, redacting as it goes. An
/// observation that must outlive the game's borrow (a bot thinking on
/// another thread) is made [`into_owned`](Self::into_owned), one copy. The
/// position is private and every way out of here — the public state,
/// determinizations, `Debug`, equality — redacts it first.
#[derive(Clone)]
pub struct Observation<'a> {
    pub seat: Seat,
    /// The position observed: it holds hidden parts, so it never leaves
    /// this type unredacted.
    real: std::borrow::Cow<'a, GameState>,
    /// The redacted position, made on first use.
    public: std::sync::OnceLock<Box<GameState>>,
}

/// What a seat knows of the hidden parts it cannot see: counted from the
/// position when a determinization (or the public state) needs them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Counts {
    hand_sizes: [u8; MAX_SEATS],
    /// Bit `s`: seat s's played card is hidden; bit `4 + s`: its seize card.
    hidden: u8,
    /// Cards this seat cannot see: other hands, others' face-down cards
    /// and the unknown part of the discard pile.
    unknown: CardSet,
    /// Cards in the action discard pile that this seat can account for.
    known_discard: CardSet,
    discard_size: u8,
}

impl PartialEq for Observation<'_> {
    /// Two observations are equal when they reveal the same: the same
    /// redacted position and the same counts of what is hidden.
    fn eq(&self, o: &Observation<'_>) -> bool {
        self.seat == o.seat
            && self.counts() == o.counts()
            && self.public_state() == o.public_state()
    }
}

impl std::fmt::Debug for Observation<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("hand_sizes", &self.counts().hand_sizes)
            .field("state", self.public_state())
            .finish_non_exhaustive()
    }
}

impl<'a> Observation<'a> {
    /// The observation of `s` by `seat`: it borrows the position and copies
    /// nothing; what the seat knows is counted when it is needed.
    pub fn new(s: &'a GameState, seat: Seat) -> Observation<'a> {
        Observation {
            seat,
            real: std::borrow::Cow::Borrowed(s),
            public: std::sync::OnceLock::new(),
        }
    }

    /// The same observation, owning its copy of the position (to send to
    /// another thread).
    pub fn into_owned(self) -> Observation<'static> {
        Observation {
            seat: self.seat,
            real: std::borrow::Cow::Owned(self.real.into_owned()),
            public: self.public,
        }
    }

    /// What the seat knows of the hidden parts.
    fn counts(&self) -> Counts {
        let (s, seat): (&GameState, Seat) = (&self.real, self.seat);
        let mut hand_sizes = [0u8; MAX_SEATS];
        let mut hidden = 0u8;
        let mut visible = s.seat(seat).hand.0;
        for x in s.seat_ids() {
            hand_sizes[x.index()] = s.seat(x).hand.len() as u8;
            if let Some(p) = s.round.plays[x.index()] {
                if p.face_up() || x == seat {
                    visible |= p.card.bit();
                } else {
                    hidden |= 1 << x.0;
                }
                if let Some(z) = p.seize {
                    if x == seat {
                        visible |= z.bit();
                    } else {
                        hidden |= 1 << (4 + x.0);
                    }
                }
            }
        }
        for c in s.action_discard_up.iter() {
            visible |= c.bit();
        }
        // The Event cards in the deck (campaign p4), Faithful cards added.
        let deck = s.action_deck_cards().0;
        let known_discard = CardSet(s.known_discard[seat.index()].0 & deck & !visible);
        let unknown = CardSet(deck & !visible & !known_discard.0);
        Counts {
            hand_sizes,
            hidden,
            unknown,
            known_discard,
            discard_size: s.action_discard.len() as u8,
        }
    }

    /// Removes from `state` (a copy of the observed position) every hidden
    /// part this seat may not see.
    fn redact(&self, state: &mut GameState, counts: &Counts) {
        use rand::SeedableRng;
        let (s, seat): (&GameState, Seat) = (&self.real, self.seat);
        for x in s.seat_ids() {
            if x != seat {
                state.seat_mut(x).hand = CardSet::default();
            }
            if let Some(p) = state.round.plays[x.index()].as_mut() {
                if counts.hidden & (1 << x.0) != 0 {
                    // A card placed beside it (The Young Light, ARCS-F816)
                    // names it: blanked too.
                    for u in state.round.unions.iter_mut() {
                        if u.target == p.card {
                            u.target = ActionCard(0);
                        }
                    }
                    p.card = ActionCard(0);
                }
                if let Some(z) = p.seize.as_mut() {
                    if counts.hidden & (1 << (4 + x.0)) != 0 {
                        *z = ActionCard(0);
                    }
                }
            }
        }
        state.action_discard.clear();
        sort_cards(&mut state.court_deck);
        sort_cards(&mut state.lore_deck);
        state.forced_dice.clear();
        state.forced_deal = [CardSet::default(); MAX_SEATS];
        // What the other seats know of the discard pile beyond what all
        // know (their own face-down cards) is theirs: each keeps only the
        // cards every seat knows (the face-up plays).
        let common = s.seat_ids().fold(CardSet(u64::MAX), |m, x| {
            CardSet(m.0 & s.known_discard[x.index()].0)
        });
        for x in s.seat_ids().filter(|x| *x != seat) {
            state.known_discard[x.index()] = common;
        }
        state.rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        // Hidden parts of another seat's pending card decision.
        for f in state.stack.iter_mut() {
            if let crate::flow::Frame::Card(c) = f {
                c.redact_for(seat);
            }
            if let crate::flow::Frame::Campaign(c) = f {
                c.redact_for(seat);
            }
        }
        if let Some(c) = state.campaign_mut() {
            // Other seats' Fate cards to choose from, and the dice a
            // scenario forced.
            // In the Intermission (p29: a seat with a Fate draws), the
            // cards they drew go back to the Fate cards left to draw, which
            // are kept in card order (their order is hidden). Act I's
            // offers come from the config's pool and are only blanked.
            for x in 0..MAX_SEATS {
                if x != seat.index() {
                    let offer = if c.fates[x].is_some() {
                        c.fate_offer[x]
                    } else {
                        [None; 2]
                    };
                    for f in offer.into_iter().flatten() {
                        if Some(f) != c.fates[x] {
                            let _ = c.fate_pool.try_push(f);
                        }
                    }
                    c.fate_offer[x] = [None; 2];
                }
            }
            c.fate_pool.as_mut_slice().sort();
            c.forced_event.clear();
            c.forced_number.clear();
        }
        if state.is_campaign() {
            // The Fates' hidden parts (the face-down Golems).
            for h in crate::campaign::fates::HIDDEN_PARTS {
                (h.redact)(state);
            }
        }
    }

    /// The redacted state (safe to read: it holds nothing hidden).
    pub fn public_state(&self) -> &GameState {
        self.public.get_or_init(|| {
            let mut state = Box::new((*self.real).clone());
            self.redact(&mut state, &self.counts());
            state
        })
    }

    pub fn hand_size(&self, s: Seat) -> u8 {
        self.real.seat(s).hand.len() as u8
    }

    /// A full state consistent with what this seat knows: hidden cards
    /// dealt at random from the cards it cannot see, decks shuffled, a
    /// fresh RNG (for search bots).
    pub fn determinize(&self, rng: &mut impl rand::Rng) -> GameState {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let counts = self.counts();
        let mut s = match self.public.get() {
            Some(p) => (**p).clone(),
            None => {
                let mut s = (*self.real).clone();
                self.redact(&mut s, &counts);
                s
            }
        };
        let Counts {
            hand_sizes,
            hidden,
            unknown,
            known_discard,
            discard_size,
        } = counts;
        let mut pool: Vec<ActionCard> = unknown.iter().collect();
        pool.shuffle(rng);
        // A face-down Faithful card shows its own back (R-CAMP-BELIEVER-
        // BACK): such a play gets a Faithful card, set aside first; any
        // other face-down play gets another card (the last one, as before,
        // when the deck has no Faithful card).
        let mut faithful_plays = [None; MAX_SEATS];
        for x in s.seat_ids().filter(|x| *x != self.seat) {
            let real = self.real.round.plays[x.index()];
            if hidden & (1 << x.0) != 0 && real.is_some_and(|r| r.card.is_faithful()) {
                if let Some(i) = pool.iter().rposition(|c| c.is_faithful()) {
                    faithful_plays[x.index()] = Some(pool.remove(i));
                }
            }
        }
        for x in s.seat_ids() {
            if x == self.seat {
                continue;
            }
            let mut h = CardSet::default();
            for _ in 0..hand_sizes[x.index()] {
                if let Some(c) = pool.pop() {
                    h.insert(c);
                }
            }
            s.seat_mut(x).hand = h;
            if let Some(p) = s.round.plays[x.index()].as_mut() {
                if hidden & (1 << x.0) != 0 {
                    p.card = match faithful_plays[x.index()] {
                        Some(c) => c,
                        None => {
                            let i = pool.iter().rposition(|c| !c.is_faithful());
                            i.map_or(p.card, |i| pool.remove(i))
                        }
                    };
                }
                if hidden & (1 << (4 + x.0)) != 0 {
                    if let Some(z) = p.seize.as_mut() {
                        *z = pool.pop().unwrap_or(*z);
                    }
                }
            }
        }
        // A card beside a face-down play names the card dealt there.
        for (i, u) in self.real.round.unions.iter().enumerate() {
            let by = s
                .seat_ids()
                .find(|x| self.real.round.plays[x.index()].is_some_and(|p| p.card == u.target));
            if let (Some(x), Some(t)) = (by, s.round.unions.as_mut_slice().get_mut(i)) {
                if let Some(p) = s.round.plays[x.index()] {
                    t.target = p.card;
                }
            }
        }
        // The discard pile: the cards this seat knows are there, and as
        // many unseen ones as make its size (before a chapter's deal the
        // unseen cards are nowhere yet).
        let room = (discard_size as usize).saturating_sub(known_discard.len() as usize);
        pool.truncate(room);
        let mut discard: Vec<ActionCard> = known_discard.iter().chain(pool).collect();
        discard.shuffle(rng);
        s.action_discard.refill(discard);
        s.court_deck.shuffle(rng);
        s.lore_deck.shuffle(rng);
        s.rng = rand_chacha::ChaCha8Rng::seed_from_u64(rng.gen());
        if s.is_campaign() {
            for h in crate::campaign::fates::HIDDEN_PARTS {
                (h.sample)(&mut s, rng);
            }
        }
        let me = self.seat;
        let players = s.players;
        if let Some(c) = s.campaign_mut() {
            // Other seats still choosing their Fate: two each, from the
            // Fates this seat has not seen.
            if c.fate_offer[me.index()].iter().any(|f| f.is_some()) && c.fates[me.index()].is_some()
            {
                // The Intermission's step F (p29): the others draw from
                // the Fate cards left, keeping their current Fate as an
                // option when they completed their objective.
                c.fate_pool.as_mut_slice().shuffle(rng);
                for x in 0..players as usize {
                    if x == me.index() {
                        continue;
                    }
                    let Some(current) = c.fates[x] else { continue };
                    c.fate_offer[x] = if c.objective[x] == 0 {
                        [Some(current), c.fate_pool.pop()]
                    } else {
                        [c.fate_pool.pop(), c.fate_pool.pop()]
                    };
                }
            } else if c.fate_offer[me.index()].iter().any(|f| f.is_some()) {
                let mut unseen: Vec<CardId> = crate::campaign::fates::group('A')
                    .into_iter()
                    .filter(|f| !c.fate_offer[me.index()].contains(&Some(*f)))
                    .collect();
                unseen.shuffle(rng);
                for x in 0..players as usize {
                    if x != me.index() {
                        c.fate_offer[x] = [unseen.pop(), unseen.pop()];
                    }
                }
            }
        }
        s
    }
}

/// Puts a face-down deck in catalog order (an observation hides its order
/// this way): the cards are distinct, so a bit per card sorts them in one
/// pass.
fn sort_cards<const N: usize>(deck: &mut crate::state::HiddenPile<CardId, N>) {
    let mut bits = [0u64; 16];
    let mut big: arrayvec::ArrayVec<CardId, N> = arrayvec::ArrayVec::new();
    for c in deck.iter() {
        let bit = 1u64 << (c.0 % 64);
        match bits.get_mut(c.0 as usize / 64) {
            Some(w) if *w & bit == 0 => *w |= bit,
            _ => big.push(*c),
        }
    }
    big.sort_unstable();
    let small = bits.iter().enumerate().flat_map(|(i, w)| {
        let mut w = *w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros();
                w &= w - 1;
                CardId((i * 64) as u16 + b as u16)
            })
        })
    });
    let sorted: arrayvec::ArrayVec<CardId, N> = small.chain(big).collect();
    deck.refill(sorted);
}
