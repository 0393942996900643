//! Card procedures on the frame stack, dispatched per family.
//!
//! A card procedure that needs decisions (or runs between decisions) is a
//! small `Copy` value of its family's `Effect` type, which lives in the
//! family's module next to the cards' [`Behavior`](super::Behavior)s:
//! `court/vox.rs`, `lore/pack.rs`, … Each family implements
//! [`Procedure`]: the prompt text, the legal choices, the resolution, each
//! choice in player language and what other seats may not see. The frame
//! stack holds them as `Frame::Card(CardFrame)`, and [`CardFrame`] — one
//! variant per family — forwards to the family. Nothing outside a family
//! names its effects: cards push them (`s.push(Effect::… .into())`), and
//! the rules reach cards through the hook functions of `cards/mod.rs`.
//! Procedures that cards of several families share are the `Shared`
//! family (`cards/shared.rs`).
//!
//! Adding a family (a campaign Fate, say): its module with its cards'
//! behaviours, its `CARDS` list and its `Effect` type implementing
//! [`Procedure`]; one line in `card_families!` below and one in its
//! group's `FAMILIES` list (the card registry); its scenarios
//! (`scenarios/…/<card id>-….scn`, checked by
//! `cards::testing::family_scenarios`). A family's `Effect` must stay
//! small: `Frame` is copied on every step (docs/performance.md).

use crate::choice::{Choice, Prompt};
use crate::describe::Describer;
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// One family's card procedures: what a family's `Effect` type does on
/// the frame stack. A frame is read from the top of the stack; `resolve`
/// and `run_auto` replace it (`GameState::set_top`), pop it, or push the
/// next frame above it.
pub trait Procedure: Copy + Into<CardFrame> {
    /// The deciding seat and the card whose procedure this is (the prompt
    /// names the card).
    fn seat_card(&self) -> (Seat, CardId);

    /// A stage that runs by itself, without a decision: `run_auto` runs it.
    fn automatic(&self) -> bool {
        false
    }

    /// The prompt text (after the card's name: "steal which Guild card?");
    /// never asked for an [`automatic`](Self::automatic) stage.
    fn what(&self, s: &GameState) -> String;

    /// Every legal choice, in a stable order (bots pick by position, so
    /// seeded games depend on it), into an empty `out`.
    fn choices(&self, s: &GameState, out: &mut Vec<Choice>);

    /// Applies a legal choice.
    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink);

    /// Runs an [`automatic`](Self::automatic) stage.
    fn run_auto(self, s: &mut GameState, _ev: &mut dyn Sink) {
        s.pop();
    }

    /// A choice of this decision in player language (`describe`); `None`
    /// where the general words fit.
    fn describe(&self, d: &Describer, c: Choice) -> Option<String>;

    /// Blanks what `viewer` may not see (another seat's observation).
    fn redact_for(&mut self, _viewer: Seat) {}
}

/// Declares [`CardFrame`] with one variant per family, the dispatch of
/// each [`Procedure`] method, and `From` conversions from each family's
/// type into `CardFrame` and `Frame`.
macro_rules! card_families {
    ($( $(#[$doc:meta])* $name:ident($ty:ty), )*) => {
        /// A card procedure on the frame stack: one variant per family.
        /// Its JSON form names the family and the effect
        /// (`{"family": "vox", "effect": "populist", …}`), so effect
        /// names need only be unique within a family.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case", tag = "family")]
        pub enum CardFrame {
            $( $(#[$doc])* $name($ty), )*
        }

        impl CardFrame {
            pub fn seat_card(&self) -> (Seat, CardId) {
                match self { $( CardFrame::$name(e) => e.seat_card(), )* }
            }
            pub fn automatic(&self) -> bool {
                match self { $( CardFrame::$name(e) => e.automatic(), )* }
            }
            pub fn what(&self, s: &GameState) -> String {
                match self { $( CardFrame::$name(e) => e.what(s), )* }
            }
            pub fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
                match self { $( CardFrame::$name(e) => e.choices(s, out), )* }
            }
            pub fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
                match self { $( CardFrame::$name(e) => e.resolve(s, choice, ev), )* }
            }
            pub fn run_auto(self, s: &mut GameState, ev: &mut dyn Sink) {
                match self { $( CardFrame::$name(e) => e.run_auto(s, ev), )* }
            }
            pub fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
                match self { $( CardFrame::$name(e) => e.describe(d, c), )* }
            }
            pub fn redact_for(&mut self, viewer: Seat) {
                match self { $( CardFrame::$name(e) => e.redact_for(viewer), )* }
            }
        }

        $(
            impl From<$ty> for CardFrame {
                fn from(e: $ty) -> CardFrame {
                    CardFrame::$name(e)
                }
            }
            impl From<$ty> for Frame {
                fn from(e: $ty) -> Frame {
                    Frame::Card(CardFrame::$name(e))
                }
            }
        )*
    };
}

card_families! {
    /// Procedures cards of several families share (cards/shared.rs).
    Shared(super::shared::Effect),
    /// Material Guild cards BC01–BC05 and the Unions (court/guild_material.rs).
    Material(super::court::guild_material::Effect),
    /// Fuel Guild cards BC06–BC10 (court/guild_fuel.rs).
    Fuel(super::court::guild_fuel::Effect),
    /// Weapon Guild cards BC11–BC15 (court/guild_weapon.rs).
    Weapon(super::court::guild_weapon::Effect),
    /// Psionic Guild cards BC16–BC20 (court/guild_psionic.rs).
    Psionic(super::court::guild_psionic::Effect),
    /// Relic Guild cards BC21–BC25 (court/guild_relic.rs).
    Relic(super::court::guild_relic::Effect),
    /// Vox cards BC26–BC31 (court/vox.rs).
    Vox(super::court::vox::Effect),
    /// Base-game lore L01–L14 (lore/base.rs).
    LoreBase(super::lore::base::Effect),
    /// Pack lore L15–L28 (lore/pack.rs).
    LorePack(super::lore::pack::Effect),
    /// The leaders' Copy/Pivot bonus (leaders/mod.rs).
    Leaders(super::leaders::Effect),
    /// Base-game leaders LEAD01–LEAD08 (leaders/base.rs).
    LeadersBase(super::leaders::base::Effect),
    /// Pack leaders LEAD09–LEAD16 (leaders/pack.rs).
    LeadersPack(super::leaders::pack::Effect),
    /// The campaign Court's Vox cards CC11–CC15 (campaign/court.rs).
    CampaignCourt(super::campaign::court::Effect),
    /// The Admiral's cards (campaign/admiral.rs).
    Admiral(super::campaign::admiral::Effect),
    /// The Founder's cards (campaign/founder.rs).
    Founder(super::campaign::founder::Effect),
    /// The Magnate's cards (campaign/magnate.rs).
    Magnate(super::campaign::magnate::Effect),
    /// The Caretaker's cards (campaign/caretaker.rs).
    Caretaker(super::campaign::caretaker::Effect),
    /// The Partisan's cards (campaign/partisan.rs).
    Partisan(super::campaign::partisan::Effect),
    /// The Advocate's cards (campaign/advocate.rs).
    Advocate(super::campaign::advocate::Effect),
    /// The Steward's cards (campaign/steward/mod.rs).
    Steward(super::campaign::steward::Effect),
    /// The Steward's Act II (cards/campaign/steward/act_two.rs).
    StewardActTwo(super::campaign::steward::act_two::Effect),
    /// The Steward's Act III (cards/campaign/steward/act_three.rs).
    StewardActThree(super::campaign::steward::act_three::Effect),
    /// The Believer's cards (campaign/believer.rs).
    Believer(super::campaign::believer::Effect),
    /// The Peacekeeper's Act III (cards/campaign/peacekeeper/act_three.rs).
    PeacekeeperActThree(super::campaign::peacekeeper::act_three::Effect),
}

impl CardFrame {
    /// Who decides now (cheap: no text), `None` for a stage that runs by
    /// itself.
    #[inline]
    pub fn decider(&self) -> Option<Seat> {
        (!self.automatic()).then(|| self.seat_card().0)
    }

    /// Who decides and about what; `None` for a stage that runs by itself.
    pub fn prompt(&self, s: &GameState) -> Option<(Seat, Prompt)> {
        if self.automatic() {
            return None;
        }
        let (seat, card) = self.seat_card();
        Some((
            seat,
            Prompt::Card {
                card,
                what: self.what(s),
            },
        ))
    }
}

/// Removes the nearest card frame matching `f` from the stack (a
/// procedure that ends one below the top).
pub(crate) fn remove_card_frame(s: &mut GameState, f: impl Fn(&CardFrame) -> bool) {
    if let Some(p) = s
        .stack
        .iter()
        .rposition(|x| matches!(x, Frame::Card(y) if f(y)))
    {
        s.stack.remove(p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{court, leaders, lore, shared};

    /// Each family's effects go through JSON and back inside a `Frame`,
    /// named by family and effect (the sim's `--deep` check covers the
    /// frames random games reach).
    #[test]
    fn card_frames_round_trip_through_json() {
        let (seat, card) = (Seat(1), CardId(3));
        let frames: Vec<CardFrame> = vec![
            shared::Effect::Steal {
                seat,
                card,
                filter: shared::StealFilter::Resource(Resource::Fuel),
                left: 2,
                optional: true,
            }
            .into(),
            court::guild_relic::Effect::Trade {
                seat,
                card,
                city: Some((SystemId(5), 1)),
            }
            .into(),
            court::guild_psionic::Effect::FarseersSwap {
                seat,
                card,
                rival: Seat(2),
                give: Some(ActionCard(4)),
            }
            .into(),
            court::vox::Effect::SongOfFreedom {
                seat,
                card,
                returned: true,
            }
            .into(),
            lore::base::Effect::Rifles {
                seat,
                card,
                stage: 3,
                from: SystemId(2),
                at: SystemId(3),
                defender: Seat(0),
                hits: 1,
                roll: Default::default(),
            }
            .into(),
            lore::pack::Effect::Ego { seat, card }.into(),
            leaders::Effect::Bonus {
                seat,
                card,
                main: StdAction::Battle,
                extra: StdAction::Move,
                stage: leaders::BonusStage::ThenMain,
            }
            .into(),
            crate::cards::campaign::partisan::Effect::SpyReturn {
                seat,
                card,
                rival: Seat(2),
            }
            .into(),
            leaders::pack::Effect::Learned {
                seat,
                card,
                drawn: [Some(CardId(7)), None, Some(CardId(9)), None, None],
                kept: 1,
            }
            .into(),
            crate::cards::campaign::founder::Effect::Parade { seat, card }.into(),
            crate::cards::campaign::founder::Effect::Defect { seat, card }.into(),
            crate::cards::campaign::advocate::Effect::Recover {
                seat,
                card,
                guild: CardId(11),
            }
            .into(),
            crate::cards::campaign::advocate::Effect::Search {
                seat,
                card,
                deck: true,
            }
            .into(),
            crate::cards::campaign::steward::Effect::Bargain { seat, card }.into(),
            crate::cards::campaign::steward::Effect::Next {
                seat,
                card,
                left: 2,
            }
            .into(),
            crate::cards::campaign::steward::Effect::Influence {
                seat,
                card,
                left: 1,
            }
            .into(),
            crate::cards::campaign::steward::Effect::Secure { seat, card }.into(),
            crate::cards::campaign::magnate::Effect::League {
                seat,
                card,
                left: 2,
            }
            .into(),
        ];
        for c in frames {
            let f = Frame::Card(c);
            let json = serde_json::to_value(f).unwrap();
            assert_eq!(json["frame"], "card", "{json}");
            assert!(json["family"].is_string(), "{json}");
            assert!(json["effect"].is_string(), "{json}");
            let back: Frame = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(back, f, "{json}");
        }
    }
}
