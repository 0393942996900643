//! Leaders (Leaders & Lore): LEAD01–08 of the base game and LEAD09–16 of
//! the pack. A leader's powers are persistent (B-LL-09); each is a hook.
//! Each module holds its leaders' behaviours and procedures; this one the
//! Copy/Pivot bonus procedure several leaders share ([`Effect`]).

pub mod base;
pub mod pack;

use super::frame::Procedure;
use super::{Behavior, CopyPivotBonus};
use crate::choice::{Act, Choice};
use crate::describe::{std_name, std_with_article, Describer};
use crate::event::Sink;
use crate::flow::Source;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// Every implemented leader, by family.
pub static FAMILIES: &[&[&Behavior]] = &[base::CARDS, pack::CARDS];

/// Setup: agents from supply cover these Outrage icons (Mystic *Cryptic*,
/// Quartermaster *Greedy*).
pub(crate) fn outrage_in_setup(
    s: &mut GameState,
    seat: Seat,
    types: &[Resource],
    ev: &mut dyn Sink,
) {
    for r in types {
        let st = s.seat_mut(seat);
        let bit = 1 << r.index();
        if st.outrage & bit == 0 {
            st.outrage |= bit;
            if st.agents > 0 {
                st.agents -= 1;
            } else {
                st.placeholders |= bit;
            }
        }
    }
    let names: Vec<String> = types.iter().map(|r| r.to_string()).collect();
    crate::log!(
        ev,
        "setup",
        Some(seat),
        "{seat} places agents on their {} Outrage {}.",
        names.join(" and "),
        if names.len() == 1 { "icon" } else { "icons" }
    );
}

/// "When you Copy or Pivot in order to tax, you gain 1 X along with the
/// taxed resource" (Mystic, Fuel-Drinker, Agitator).
pub(crate) fn tax_bonus(
    s: &mut GameState,
    seat: Seat,
    done: &crate::cards::TaxDone,
    r: Resource,
    ev: &mut dyn Sink,
) {
    if done.copy_pivot && !done.repeat {
        s.gain(seat, r, ev);
    }
}

/// Starts a leader's Copy/Pivot bonus around the `main` action (Warrior,
/// Feastbringer, Noble). When the extra action may come first and is
/// possible now, the bonus asks and then takes charge of the main action
/// (returns true); otherwise it waits below the main action, which the
/// caller pushes, to offer the extra one after it (returns false).
pub(crate) fn start_bonus(
    s: &mut GameState,
    seat: Seat,
    card: CardId,
    main: StdAction,
    bonus: CopyPivotBonus,
) -> bool {
    if bonus.before_or_after && crate::flow::act_possible(s, seat, Act::std(bonus.extra)) {
        s.push(
            Effect::Bonus {
                seat,
                card,
                main,
                extra: bonus.extra,
                stage: BonusStage::Ask,
            }
            .into(),
        );
        return true;
    }
    s.push(
        Effect::Bonus {
            seat,
            card,
            main,
            extra: bonus.extra,
            stage: BonusStage::After,
        }
        .into(),
    );
    false
}

// ------------------------------------------------------------ procedures

/// The leaders' shared procedure.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// A leader's Copy/Pivot bonus action around a standard action.
    Bonus {
        seat: Seat,
        card: CardId,
        main: StdAction,
        extra: StdAction,
        stage: BonusStage,
    },
}

/// Where a Copy/Pivot bonus stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusStage {
    /// Ask whether to take the extra action first.
    Ask,
    /// The extra action was taken first; the main one is next.
    ThenMain,
    /// The main action is done; offer the extra one after.
    After,
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Bonus { seat, card, .. } => (seat, card),
        }
    }

    /// After the extra action taken first, the main one follows by itself.
    fn automatic(&self) -> bool {
        matches!(
            self,
            Effect::Bonus {
                stage: BonusStage::ThenMain,
                ..
            }
        )
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::Bonus {
                stage: BonusStage::Ask,
                extra,
                main,
                ..
            } => format!(
                "take {} before the {}? (no: after it, if you wish)",
                std_with_article(extra),
                std_name(main)
            ),
            Effect::Bonus {
                stage: BonusStage::After,
                extra,
                ..
            } => format!("also take {}?", std_with_article(extra)),
            // ThenMain runs by itself: no prompt.
            Effect::Bonus { .. } => String::new(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        let Effect::Bonus {
            seat,
            extra,
            main,
            stage,
            ..
        } = *self;
        let possible = crate::flow::act_possible(s, seat, Act::std(extra));
        if possible && stage != BonusStage::ThenMain {
            out.push(Choice::Yes);
        }
        // Taking the main action first needs it to be possible now.
        let main_now = crate::flow::act_possible(s, seat, Act::std(main));
        if stage != BonusStage::Ask || main_now || out.is_empty() {
            out.push(Choice::No);
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        let Effect::Bonus {
            seat,
            card,
            main,
            extra,
            stage,
        } = self;
        let yes = choice == Choice::Yes;
        match (stage, yes) {
            (BonusStage::Ask, true) => {
                s.set_top(
                    Effect::Bonus {
                        seat,
                        card,
                        main,
                        extra,
                        stage: BonusStage::ThenMain,
                    }
                    .into(),
                );
                log!(
                    ev,
                    "action",
                    Some(seat),
                    "{seat} takes {extra} first ({card})."
                );
                s.push(crate::flow::std_frame(seat, extra, Source::Effect));
            }
            (BonusStage::Ask, false) if !crate::flow::act_possible(s, seat, Act::std(main)) => {
                s.pop();
            }
            (BonusStage::Ask, false) => {
                s.set_top(
                    Effect::Bonus {
                        seat,
                        card,
                        main,
                        extra,
                        stage: BonusStage::After,
                    }
                    .into(),
                );
                s.push(crate::flow::std_frame(seat, main, Source::Pip));
            }
            (_, true) => {
                log!(
                    ev,
                    "action",
                    Some(seat),
                    "{seat} also takes {extra} ({card})."
                );
                s.set_top(crate::flow::std_frame(seat, extra, Source::Effect));
            }
            _ => s.pop(),
        }
    }

    /// The stage that runs without a decision.
    fn run_auto(self, s: &mut GameState, ev: &mut dyn Sink) {
        if let Effect::Bonus {
            seat,
            main,
            stage: BonusStage::ThenMain,
            ..
        } = self
        {
            // The extra action came first; the main one may have become
            // impossible (nothing left to battle), and then it is lost.
            if crate::flow::act_possible(s, seat, Act::std(main)) {
                s.set_top(crate::flow::std_frame(seat, main, Source::Pip));
            } else {
                log!(
                    ev,
                    "action",
                    Some(seat),
                    "{seat} has no {main} left to take."
                );
                s.pop();
            }
            return;
        }
        s.pop();
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        let Effect::Bonus {
            seat,
            main,
            extra,
            stage,
            ..
        } = *self;
        Some(match (stage, c) {
            (BonusStage::Ask, Choice::Yes) => format!(
                "Take {} first, then the {}",
                std_with_article(extra),
                std_name(main)
            ),
            (BonusStage::Ask, Choice::No) => {
                if crate::flow::act_possible(d.s, seat, Act::std(main)) {
                    format!(
                        "{} first ({} after it, if you wish)",
                        std_name(main),
                        std_with_article(extra)
                    )
                } else {
                    format!("Take no {}", std_name(extra))
                }
            }
            (_, Choice::Yes) => format!("Also take {}", std_with_article(extra)),
            (_, Choice::No) => format!("Take no extra {}", std_name(extra)),
            _ => return None,
        })
    }
}
