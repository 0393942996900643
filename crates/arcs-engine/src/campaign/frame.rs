//! The campaign's procedures on the frame stack. `flow/mod.rs` forwards
//! `Frame::Campaign` here: who decides, the prompt, the legal choices,
//! resolution, automatic stages, and the words for each choice.

use super::{council, crises, edicts, events, setup, EventIcon};
use crate::choice::{Choice, Prompt};
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState};
use serde::{Deserialize, Serialize};

/// What comes after a Summit called at the round's end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AfterSummit {
    /// An Event card's event: roll the event and number dice (p13).
    RollEvent,
    /// The Imperial Council's steps 2–4 for its securer (p14).
    Council,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "campaign")]
pub enum CampaignFrame {
    // ---- Act I setup (p4–6)
    /// The table's setup, told in the log.
    SetupLog,
    /// Step B: every seat secretly chooses one of its two Fate cards, all
    /// at once. `chosen` has a bit per seat that has chosen; `picks` a bit
    /// per seat that took its second card (secret until all have chosen).
    ChooseFate {
        chosen: u8,
        picks: u8,
    },
    /// Step C: each Fate's Setup side, in turn order from index `idx`.
    FateSetup {
        idx: u8,
    },
    /// Steps G–H: the `step`-th placement of 3 ships and a building.
    PlaceStart {
        step: u8,
    },
    /// Steps I–K: Free cities on the Imperial planets, then the draw.
    FinishSetup,
    // ---- the round's event (p13, p14)
    /// After the initiative check: resolve the Council or an Event card.
    RoundEvent,
    /// `seat` may call the Summit; then `then`.
    CallSummit {
        seat: Seat,
        then: AfterSummit,
    },
    /// p13: roll the event and number dice and resolve what they show.
    EventRoll {
        seat: Seat,
    },
    /// A Summit's Call to Order: the caller's actions until Done (p16).
    CallToOrder {
        caller: Seat,
    },
    /// Negotiations (p17): `seat` proposes a deal or passes; `passes` in a
    /// row so far.
    Negotiations {
        seat: Seat,
        passes: u8,
    },
    /// The proposer adds to its deal, proposes it, or withdraws it.
    Proposal {
        proposer: Seat,
    },
    /// `seat` agrees to the deal or declines; `done` has a bit per party
    /// that agreed.
    Consent {
        proposer: Seat,
        seat: Seat,
        done: u8,
    },
    /// The Council's securer: take the First Regent tile or raid the
    /// Imperial Trust, then choose Crises or Edicts.
    CouncilSteps {
        seat: Seat,
    },
    /// An Outlaw who secured the Council steals `left` more resources
    /// from the Imperial Trust, choosing which (p14 step 3).
    RaidTrust {
        seat: Seat,
        left: u8,
    },
    /// The Council's securer chooses Crises or Edicts (p14 step 4).
    CrisesOrEdicts {
        seat: Seat,
    },
    // ---- Crises (p18)
    /// Blight Crises, then Fate Crises, then Court Crises from position
    /// `pos`; `rolled`: the dice were just rolled for an Event card.
    Crises {
        stage: u8,
        pos: u8,
        rolled: bool,
    },
    // ---- Edicts (p20–21)
    /// Resolve the Edicts with numbers from `from` upward.
    Edicts {
        from: u8,
    },
    /// The card attached to a secured card is secured too (p27).
    SecureAttached {
        seat: Seat,
        card: CardId,
    },
    /// A Fate's Edict card from the rules booklet (`Behavior::edict`).
    ResolveEdict {
        card: CardId,
    },
    /// The First Regent enforces the Imperial Policy or changes it.
    Govern {
        fr: Seat,
    },
    /// The First Regent picks the new Policy.
    ChangePolicy {
        fr: Seat,
    },
    /// Collect the Imperial Demand from the `idx`-th seat in turn order
    /// from the First Regent (the First Regent's own resource included for
    /// Peace and Escalation).
    Demand {
        fr: Seat,
        idx: u8,
    },
    /// The Imperial Action of the Policy, after the Demand (p21).
    ImperialAction {
        fr: Seat,
    },
    /// A Regent with nothing demanded and no agents: the First Regent may
    /// make them an Outlaw.
    MayOutlaw {
        fr: Seat,
        target: Seat,
    },
    /// Escalation: where the 2 fresh Imperial ships go.
    Requisition {
        fr: Seat,
    },
    /// War with too few Weapons: the First Regent picks recipients;
    /// `given` has a bit per Regent already armed.
    DistributeArms {
        fr: Seat,
        given: u8,
    },
    /// War under Govern with Authority (F124): the Regent taking the
    /// Action gives each Regent, in turn order, any 1 resource; `given`
    /// has a bit per Regent already given one.
    Endow {
        fr: Seat,
        given: u8,
    },
    // ---- the Act's end
    ActEnd,
    // ---- Acts II and III (p7, p28–29)
    /// The Intermission's step `step` (A = 0 .. F = 5).
    Intermission {
        step: u8,
    },
    /// Act II / III setup steps 1–5.
    ActSetup,
    /// A seat gains a Flagship (a B Fate's setup, p22): where to place it.
    GainFlagship {
        seat: Seat,
    },
    /// The Slipstream Drive's Catapult (AID10A): the Flagship alone, or
    /// other ships from its system.
    Slipstream {
        seat: Seat,
    },
    /// A C Fate's optional Resettle (p25): `step` 0 asks, 1 places a city
    /// and a starport (`placed`: bit 0 city, bit 1 starport), 2 tops the
    /// Loyal ships on the map up to 8.
    Resettle {
        seat: Seat,
        step: u8,
        placed: u8,
    },
    /// "When you take this resource, you may place it here instead"
    /// (Arsenal Keepers, F1503): `seat` took `r`; onto `card`, or into its
    /// resource slots (`trust`: into the Imperial Trust, taken for it).
    Store {
        seat: Seat,
        card: CardId,
        r: Resource,
        trust: bool,
    },
    /// "Replenish your fleet" (a B Fate's setup): `seat` places 1 ship at
    /// a time in any system until it has `to` Loyal ships on the map.
    Replenish {
        seat: Seat,
        to: u8,
    },
}

impl CampaignFrame {
    /// Who decides now; `None` for an automatic stage. For a decision of
    /// several seats at once, the first of them in turn order.
    pub fn decider(&self, s: &GameState) -> Option<Seat> {
        use CampaignFrame::*;
        match *self {
            ChooseFate { chosen, .. } => s.turn_order().find(|x| chosen & (1 << x.0) == 0),
            PlaceStart { step } => setup::start_placer(s, step),
            CallSummit { seat, .. } | CrisesOrEdicts { seat } | RaidTrust { seat, .. } => {
                Some(seat)
            }
            CallToOrder { caller } => Some(caller),
            Negotiations { seat, .. } | Consent { seat, .. } => Some(seat),
            Proposal { proposer } => Some(proposer),
            Govern { fr } | ChangePolicy { fr } | Requisition { fr } | MayOutlaw { fr, .. } => {
                Some(fr)
            }
            Demand { fr, idx } => edicts::demand_decider(s, fr, idx),
            DistributeArms { fr, .. } => Some(fr),
            Endow { fr, given } => edicts::endow_decider(s, fr, given),
            GainFlagship { seat } | Slipstream { seat } | Resettle { seat, .. } => Some(seat),
            Store { seat, .. } | Replenish { seat, .. } => Some(seat),
            SetupLog
            | FateSetup { .. }
            | FinishSetup
            | RoundEvent
            | EventRoll { .. }
            | CouncilSteps { .. }
            | Crises { .. }
            | Edicts { .. }
            | ImperialAction { .. }
            | ResolveEdict { .. }
            | SecureAttached { .. }
            | ActEnd
            | Intermission { .. }
            | ActSetup => None,
        }
    }

    /// Seats that may decide now, a bit each: several for a decision all
    /// take at once (the Fate choice), else the one decider.
    pub fn deciders(&self, s: &GameState) -> u8 {
        match *self {
            CampaignFrame::ChooseFate { chosen, .. } => {
                let all = (1u8 << s.players) - 1;
                all & !chosen
            }
            _ => self.decider(s).map_or(0, |x| 1 << x.0),
        }
    }

    pub fn prompt(&self, s: &GameState) -> Option<(Seat, Prompt)> {
        use CampaignFrame::*;
        let seat = self.decider(s)?;
        let what: String = match *self {
            ChooseFate { .. } => return Some((seat, Prompt::ChooseFate)),
            PlaceStart { step } => {
                return Some((
                    seat,
                    Prompt::PlaceStart {
                        round: if step < s.players { 1 } else { 2 },
                    },
                ))
            }
            CallSummit { .. } => "call the Summit?".into(),
            CallToOrder { .. } => {
                "the Summit's Call to Order: take an action, or move on to the Negotiations?".into()
            }
            Negotiations { .. } => "Negotiations: propose a deal, or pass?".into(),
            Proposal { .. } => format!(
                "your deal so far: {}. Add to it, propose it, or withdraw it?",
                super::summit::deal_words(s)
            ),
            Consent { proposer, .. } => {
                return Some((
                    seat,
                    Prompt::Consent {
                        proposer,
                        deal: super::summit::deal_words(s),
                    },
                ))
            }
            RaidTrust { left, .. } => {
                format!("steal which resource from the Imperial Trust ({left} more)?")
            }
            CrisesOrEdicts { .. } => "resolve the Crises or the Edicts?".into(),
            Govern { .. } => format!(
                "enforce the Imperial Policy of {} or change it?",
                s.campaign().map_or("", |c| c.policy().name())
            ),
            ChangePolicy { .. } => "which Imperial Policy?".into(),
            Demand { idx, fr } => edicts::demand_prompt(s, fr, idx),
            MayOutlaw { target, .. } => {
                format!("{target} cannot pay the Imperial Demand: make them an Outlaw?")
            }
            Requisition { .. } => format!(
                "place {} fresh Imperial ships where?",
                edicts::requisitioned(s)
            ),
            DistributeArms { .. } => "give a Weapon to which Regent?".into(),
            Endow { given, .. } => match edicts::endow_target(s, given) {
                Some(x) => format!("give {x} which resource?"),
                None => String::new(),
            },
            Slipstream { .. } => {
                "Slipstream Drive: Catapult your Flagship alone, or other ships from its system?".into()
            }
            Resettle { step, placed, .. } => super::flagship::resettle_prompt(step, placed),
            Store { card, r, trust, .. } => super::stored::offer_prompt(card, r, trust),
            Replenish { seat, to } => super::fleet::replenish_prompt(s, seat, to),
            GainFlagship { .. } => {
                "place your Flagship where? (in a system with your pieces; your cities and starports on the map become Free)".into()
            }
            _ => return None,
        };
        Some((seat, Prompt::Campaign { what }))
    }

    /// The legal choices of the decider (for a decision of several seats,
    /// see [`choices_for`](Self::choices_for)).
    pub fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        if let Some(seat) = self.decider(s) {
            self.choices_for(s, seat, out);
        }
    }

    /// The legal choices of `seat`, one of the [`deciders`](Self::deciders).
    pub fn choices_for(&self, s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
        use CampaignFrame::*;
        match *self {
            ChooseFate { .. } => {
                if let Some(c) = s.campaign() {
                    out.extend(
                        c.fate_offer[seat.index()]
                            .iter()
                            .flatten()
                            .map(|f| Choice::Card(*f)),
                    );
                }
            }
            PlaceStart { .. } => {
                let st = s.seat(seat);
                for sys in setup::start_targets(s) {
                    if st.cities > 0 {
                        out.push(Choice::Build {
                            kind: crate::choice::BuildTarget::City,
                            system: sys,
                        });
                    }
                    if st.starports > 0 {
                        out.push(Choice::Build {
                            kind: crate::choice::BuildTarget::Starport,
                            system: sys,
                        });
                    }
                }
            }
            CallSummit { .. } | MayOutlaw { .. } => out.extend([Choice::Yes, Choice::No]),
            CallToOrder { caller } => super::summit::call_to_order_choices(s, caller, out),
            Negotiations { seat, .. } => {
                super::summit::deal_choices(s, seat, true, out);
                if super::fates::summit_option(s, seat).is_some() {
                    out.push(Choice::Summit(crate::choice::SummitAction::Fate));
                }
                out.push(Choice::Done);
            }
            Proposal { proposer } => {
                super::summit::deal_choices(s, proposer, false, out);
                out.extend([Choice::Done, Choice::No]);
            }
            Consent { .. } => out.extend([Choice::Yes, Choice::No]),
            RaidTrust { .. } => {
                if let Some(c) = s.campaign() {
                    out.extend(
                        Resource::ALL
                            .into_iter()
                            .filter(|r| c.trust[r.index()] > 0)
                            .map(Choice::Resource),
                    );
                }
            }
            CrisesOrEdicts { .. } => out.extend([
                Choice::Resolve(EventIcon::Crisis),
                Choice::Resolve(EventIcon::Edict),
            ]),
            Govern { fr } => {
                if edicts::may_enforce(s, fr) {
                    out.push(Choice::Yes);
                }
                out.push(Choice::No);
            }
            ChangePolicy { fr } => edicts::other_policies(s, fr, out),
            Demand { fr, idx } => edicts::demand_choices(s, fr, idx, out),
            Requisition { fr } => edicts::requisition_choices(s, fr, out),
            Slipstream { seat } => super::flagship::slipstream_choices(s, seat, out),
            Resettle { seat, step, placed } => {
                super::flagship::resettle_choices(s, seat, step, placed, out)
            }
            Store { .. } => out.extend([Choice::Yes, Choice::No]),
            Replenish { seat, to } => super::fleet::replenish_choices(s, seat, to, out),
            GainFlagship { seat } => out.extend(
                super::flagship::placement_targets(s, seat)
                    .into_iter()
                    .map(Choice::System),
            ),
            DistributeArms { given, .. } => {
                out.extend(
                    s.turn_order()
                        .filter(|x| s.is_regent(*x) && given & (1 << x.0) == 0)
                        .map(Choice::Player),
                );
            }
            Endow { .. } => edicts::endow_choices(s, out),
            _ => {}
        }
    }

    /// Applies the decider's choice.
    pub fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        if let Some(seat) = self.decider(s) {
            self.resolve_for(s, seat, choice, ev);
        }
    }

    /// Applies `seat`'s choice (a seat among the deciders).
    pub fn resolve_for(self, s: &mut GameState, seat: Seat, choice: Choice, ev: &mut dyn Sink) {
        use CampaignFrame::*;
        match self {
            ChooseFate { chosen, picks } => {
                super::events::choose_fate(s, seat, chosen, picks, choice, ev)
            }
            PlaceStart { step } => {
                if setup::start_placer(s, step + 1).is_none() {
                    s.pop();
                } else {
                    s.set_top(Frame::Campaign(PlaceStart { step: step + 1 }));
                }
                if let Choice::Build { kind, system } = choice {
                    let kind = match kind {
                        crate::choice::BuildTarget::Starport => BuildingKind::Starport,
                        _ => BuildingKind::City,
                    };
                    place_start(s, seat, system, kind, ev);
                }
            }
            CallSummit { seat, then } => {
                s.pop();
                events::after_summit(s, seat, then, ev);
                if choice == Choice::Yes {
                    super::summit::call(s, seat, ev);
                }
            }
            CallToOrder { caller } => super::summit::call_to_order(s, caller, choice, ev),
            Negotiations { seat, passes } => super::summit::negotiate(s, seat, passes, choice, ev),
            Proposal { proposer } => super::summit::propose(s, proposer, choice, ev),
            Consent {
                proposer,
                seat,
                done,
            } => super::summit::consent(s, proposer, seat, done, choice == Choice::Yes, ev),
            RaidTrust { seat, left } => {
                let more = s.campaign().is_some_and(|c| c.trust_total() > 1);
                if left > 1 && more {
                    s.set_top(Frame::Campaign(RaidTrust {
                        seat,
                        left: left - 1,
                    }));
                } else {
                    s.pop();
                }
                if let Choice::Resource(r) = choice {
                    council::steal_from_trust(s, seat, r, ev);
                }
            }
            CrisesOrEdicts { seat } => {
                s.pop();
                match choice {
                    Choice::Resolve(EventIcon::Crisis) => {
                        log!(ev, "council", Some(seat), "{seat} chooses the Crises.");
                        crises::begin(s, false);
                    }
                    _ => {
                        log!(ev, "council", Some(seat), "{seat} chooses the Edicts.");
                        edicts::begin(s);
                    }
                }
            }
            Govern { fr } => edicts::govern(s, fr, choice == Choice::Yes, ev),
            ChangePolicy { fr } => {
                s.pop();
                if let Choice::Policy(p) = choice {
                    edicts::change_policy(s, fr, p, ev);
                }
            }
            Demand { fr, idx } => edicts::demand(s, fr, idx, choice, ev),
            MayOutlaw { fr, target } => {
                s.pop();
                if choice == Choice::Yes {
                    log!(
                        ev,
                        "outlaw",
                        Some(fr),
                        "{fr} makes {target} an Outlaw for failing the Imperial Demand."
                    );
                    super::empire::become_outlaw(s, target, ev);
                }
            }
            Requisition { fr } => {
                s.pop();
                if let Choice::System(x) = choice {
                    edicts::requisition(s, fr, x, ev);
                }
            }
            GainFlagship { seat } => {
                s.pop();
                if let Choice::System(x) = choice {
                    super::flagship::gain(s, seat, x, ev);
                }
            }
            Store {
                seat,
                card,
                r,
                trust,
            } => {
                s.pop();
                super::stored::store_taken(s, seat, card, r, trust, choice == Choice::Yes, ev);
            }
            Replenish { seat, to } => {
                if let Choice::System(x) = choice {
                    super::fleet::replenish(s, seat, to, x, ev);
                }
            }
            Slipstream { seat } => {
                s.pop();
                super::flagship::slipstream(s, seat, choice == Choice::Yes, ev);
            }
            Resettle { seat, step, placed } => {
                super::flagship::resettle(s, seat, step, placed, choice, ev)
            }
            DistributeArms { fr, given } => {
                // The frame's next state first: giving a Weapon may push a
                // decision (the slot rule) above it.
                let Choice::Player(x) = choice else {
                    s.pop();
                    return;
                };
                let given = given | 1 << x.0;
                let regents_left = s
                    .seat_ids()
                    .any(|y| s.is_regent(y) && given & (1 << y.0) == 0);
                if edicts::weapons_left(s) <= 1 || !regents_left {
                    s.pop();
                } else {
                    s.set_top(Frame::Campaign(DistributeArms { fr, given }));
                }
                edicts::arm(s, fr, x, ev);
            }
            Endow { fr, given } => {
                // As for the Weapons: the next state first.
                let (Some(x), Choice::Resource(r)) = (edicts::endow_target(s, given), choice)
                else {
                    s.pop();
                    return;
                };
                let given = given | 1 << x.0;
                if edicts::endow_target(s, given).is_some() {
                    s.set_top(Frame::Campaign(Endow { fr, given }));
                } else {
                    s.pop();
                }
                edicts::endow(s, fr, x, r, ev);
            }
            _ => s.anomalies = s.anomalies.saturating_add(1),
        }
    }

    /// Runs an automatic stage.
    pub fn run_auto(self, s: &mut GameState, ev: &mut dyn Sink) {
        use CampaignFrame::*;
        match self {
            SetupLog => setup::log_table(s, ev),
            FateSetup { idx } => events::fate_setup(s, idx, ev),
            FinishSetup => {
                s.pop();
                setup::fill_free_cities(s);
                log!(
                    ev,
                    "setup",
                    None,
                    "Free cities fill the empty building slots of the Imperial planets."
                );
            }
            RoundEvent => events::round_event(s, ev),
            EventRoll { seat } => events::event_roll(s, seat, ev),
            CouncilSteps { seat } => council::steps(s, seat, ev),
            Crises { stage, pos, rolled } => crises::run(s, stage, pos, rolled, ev),
            Edicts { from } => edicts::run(s, from, ev),
            ImperialAction { fr } => edicts::imperial_action(s, fr, ev),
            ResolveEdict { card } => {
                s.pop();
                crate::cards::resolve_edict(s, card, ev);
            }
            SecureAttached { seat, card } => {
                s.pop();
                log!(
                    ev,
                    "secure",
                    Some(seat),
                    "{seat} also secures the attached {}.",
                    card.name()
                );
                let e = super::fates::FateEvent::Secured { seat, card };
                super::fates::notify(s, e, ev);
                crate::cards::on_secured(s, seat, card, ev);
            }
            Demand { fr, idx } => edicts::demand_auto(s, fr, idx, ev),
            Endow { fr, .. } => {
                s.pop();
                log!(
                    ev,
                    "edict",
                    Some(fr),
                    "Govern with Authority: there is no resource left to give."
                );
            }
            ActEnd => events::act_end(s, ev),
            Intermission { step } => super::next_act::intermission(s, step, ev),
            ActSetup => super::next_act::act_setup(s, ev),
            _ => {
                s.anomalies = s.anomalies.saturating_add(1);
                s.pop();
            }
        }
    }

    /// A choice of this decision in player language (`describe`); `None`
    /// where the general words fit.
    pub fn describe(&self, s: &GameState, seat: Seat, c: &Choice) -> Option<String> {
        use CampaignFrame::*;
        let policy = s.campaign().map(|c| c.policy());
        Some(match (*self, *c) {
            (CallSummit { .. }, Choice::Yes) => "Call the Summit".into(),
            (CallSummit { .. }, Choice::No) => "Do not call the Summit".into(),
            (CallToOrder { .. }, Choice::Done) => "Move on to the Negotiations".into(),
            (CallToOrder { .. }, Choice::Negotiate(n)) => format!(
                "Return {} of {}'s Favors: {}",
                super::summit::favor_cost(s, &n),
                n.by,
                super::summit::negotiation_words(s, &n)
            ),
            (Negotiations { .. }, Choice::Done) => "Pass".into(),
            (Negotiations { .. } | Proposal { .. }, Choice::Negotiate(n)) => {
                format!("Propose: {}", super::summit::negotiation_words(s, &n))
            }
            (Proposal { .. }, Choice::Done) => "Propose this deal".into(),
            (Proposal { .. }, Choice::No) => "Withdraw this deal".into(),
            (Consent { .. }, Choice::Yes) => "Agree to the deal".into(),
            (Consent { .. }, Choice::No) => "Decline the deal".into(),
            (CallToOrder { .. }, Choice::Summit(a)) => summit_words(a).into(),
            (Negotiations { .. }, Choice::Summit(crate::choice::SummitAction::Fate)) => {
                super::fates::summit_option(s, seat)
                    .map_or(summit_words(crate::choice::SummitAction::Fate), |o| o.words)
                    .into()
            }
            (GainFlagship { .. }, Choice::System(x)) => format!("Place your Flagship in {x}"),
            (Store { card, .. }, Choice::Yes) => format!("Place it on {}", card.name()),
            (Store { trust: true, .. }, Choice::No) => "Add it to the Imperial Trust".into(),
            (Store { .. }, Choice::No) => "Keep it in your resource slots".into(),
            (Replenish { .. }, Choice::System(x)) => format!("Place a ship in {x}"),
            (Slipstream { .. }, Choice::Yes) => "Catapult your Flagship alone".into(),
            (Resettle { step: 0, .. }, Choice::Yes) => {
                "Resettle: your Flagship becomes a ship, its board's pieces go home".into()
            }
            (Resettle { step: 0, .. }, Choice::No) => "Keep your Flagship".into(),
            (Resettle { .. }, Choice::Build { kind, system }) => format!(
                "Place a {} in {system}",
                if kind == crate::choice::BuildTarget::City {
                    "city"
                } else {
                    "starport"
                }
            ),
            (Resettle { .. }, Choice::Piece { system, piece }) => format!(
                "Replace the Free {} in {system} with yours",
                crate::campaign::flagship::free_kind_name(s, system, piece)
            ),
            (Resettle { .. }, Choice::System(x)) => format!("Place a ship in {x}"),
            (Slipstream { .. }, Choice::No) => {
                "Catapult other ships from your Flagship's system".into()
            }
            (RaidTrust { .. }, Choice::Resource(r)) => format!(
                "Steal a {} from the Imperial Trust",
                crate::describe::resource_name(r)
            ),
            (Govern { .. }, Choice::Yes) => {
                format!("Enforce the Policy of {}", policy.map_or("", |p| p.name()))
            }
            (Govern { .. }, Choice::No) => "Change the Imperial Policy".into(),
            (ChangePolicy { .. }, Choice::Policy(p)) => {
                format!("Change to the Policy of {}", p.name())
            }
            (Demand { .. }, Choice::Slot(i)) => format!(
                "Add your {} to the Imperial Trust",
                s.seat(seat).resources[i as usize]
                    .map_or("resource", crate::describe::resource_name)
            ),
            (
                Demand { .. },
                Choice::Steal {
                    from,
                    loot: crate::choice::Loot::Slot(i),
                },
            ) => format!(
                "Take {from}'s {} for the Imperial Trust",
                s.seat(from).resources[i as usize]
                    .map_or("resource", crate::describe::resource_name)
            ),
            (
                Demand { .. },
                Choice::Steal {
                    from,
                    loot: crate::choice::Loot::Stored(r),
                },
            ) => format!(
                "Take {from}'s {} from {} for the Imperial Trust",
                crate::describe::resource_name(r),
                super::stored::holding(s, from, r).map_or("a card", |c| c.name())
            ),
            (MayOutlaw { target, .. }, Choice::Yes) => format!("Make {target} an Outlaw"),
            (MayOutlaw { target, .. }, Choice::No) => format!("Leave {target} a Regent"),
            (Requisition { .. }, Choice::System(x)) => {
                format!(
                    "Place {} fresh Imperial ships in {x}",
                    edicts::requisitioned(s)
                )
            }
            (Endow { .. }, Choice::Resource(r)) => {
                format!("Give {}", crate::describe::resource_name(r))
            }
            (DistributeArms { .. }, Choice::Player(x)) => format!("Give a Weapon to {x}"),
            _ => return None,
        })
    }

    /// Blanks what `viewer` may not see: other seats' secret Fate picks.
    pub fn redact_for(&mut self, viewer: Seat) {
        if let CampaignFrame::ChooseFate { picks, .. } = self {
            *picks &= 1 << viewer.0;
        }
    }
}

/// Steps G–H: 3 ships and a building at the planet, and a resource of its
/// type (p6).
fn place_start(
    s: &mut GameState,
    seat: Seat,
    sys: SystemId,
    kind: BuildingKind,
    ev: &mut dyn Sink,
) {
    s.place_ships(seat.owner(), sys, 3, false);
    crate::setup::put_building(s, seat, sys, kind);
    let gained = crate::data::planet_type(sys).is_some_and(|r| s.gain(seat, r, ev));
    log!(
        ev,
        "setup",
        Some(seat),
        { systems: vec![sys] },
        "{seat} places 3 ships and a {} in {sys}{}.",
        kind.name(),
        if gained { " and gains its resource" } else { "" }
    );
}

/// A Call to Order action in words.
pub fn summit_words(a: crate::choice::SummitAction) -> &'static str {
    use crate::choice::SummitAction::*;
    match a {
        Petition => "Petition the Council (flip it to In Session)",
        Leave => "Leave the Empire (become an Outlaw)",
        Revive => "Revive the Empire (become a Regent and the First Regent)",
        Fate => "Take your Fate's own Summit action",
    }
}
