//! Base-game leaders LEAD01–LEAD08 (rules-base.md §3.4).

use super::{outrage_in_setup, tax_bonus};
use crate::cards::effects::Effect;
use crate::cards::{Behavior, CopyPivotBonus, ScoreRule};
use crate::flow::Frame;
use crate::ids::*;

/// Elder: *Beloved* (influence after defending if the attacker took
/// Trophies; no Ransack against the Elder in battle), *Just* (Tyrant).
pub static ELDER: Behavior = Behavior {
    code: "ARCS-LEAD01",
    no_ransack_against: true,
    after_battle: Some(|s, seat, b, _| {
        if b.defender == seat.owner()
            && b.took_trophies
            && crate::actions::court::can_influence(s, seat)
        {
            let card = s.seat(seat).leader().expect("the Elder's leader card");
            s.push(Frame::Effect(Effect::Influence { seat, card }));
        }
    }),
    score_rule: Some(ScoreRule::SecondForFirst(Ambition::Tyrant)),
    ..Behavior::NONE
};

/// Mystic: *Attuned* (+1 Psionic on a Copy/Pivot tax), *Cryptic* (starts
/// Material- and Fuel-Outraged).
pub static MYSTIC: Behavior = Behavior {
    code: "ARCS-LEAD02",
    after_tax: Some(|s, seat, done, ev| tax_bonus(s, seat, done, Resource::Psionic, ev)),
    setup: Some(|s, seat, _, ev| {
        outrage_in_setup(s, seat, &[Resource::Material, Resource::Fuel], ev)
    }),
    ..Behavior::NONE
};

/// Fuel-Drinker: *Insatiable* (+1 Fuel on a Copy/Pivot tax), *Lavish*
/// (after scoring, discard all Fuel if Tycoon was scored).
pub static FUEL_DRINKER: Behavior = Behavior {
    code: "ARCS-LEAD03",
    after_tax: Some(|s, seat, done, ev| tax_bonus(s, seat, done, Resource::Fuel, ev)),
    after_scoring: Some(|s, seat, ev| {
        if s.ambition_declared(Ambition::Tycoon) {
            let mut n = 0;
            for slot in 0..7 {
                if s.seat(seat).resources[slot] == Some(Resource::Fuel) {
                    s.discard_slot(seat, slot);
                    n += 1;
                }
            }
            crate::log!(
                ev,
                "discard",
                Some(seat),
                "{seat} discards {n} Fuel (Lavish)."
            );
        }
    }),
    ..Behavior::NONE
};

/// Upstart: *Ambitious* (gain any resource when declaring), *Callow* (tax
/// Loyal cities only where you control them).
pub static UPSTART: Behavior = Behavior {
    code: "ARCS-LEAD04",
    on_declare: Some(|s, seat, _, _| {
        let card = s.seat(seat).leader().expect("the Upstart's leader card");
        s.push(Frame::Effect(Effect::Ambitious { seat, card }));
    }),
    tax_loyal: Some(|s, seat, sys| s.controls(seat, sys)),
    ..Behavior::NONE
};

/// Rebel: *Committed* (+2 dice), *Disorganized* (at most 2 ships a move).
pub static REBEL: Behavior = Behavior {
    code: "ARCS-LEAD05",
    extra_dice: Some(|_, _, _| 2),
    max_move: Some(2),
    ..Behavior::NONE
};

/// Warrior: *Tactical* (a Move before or after a Copy/Pivot Battle),
/// *Violent* (Empath).
pub static WARRIOR: Behavior = Behavior {
    code: "ARCS-LEAD06",
    copy_pivot: Some(CopyPivotBonus {
        main: StdAction::Battle,
        extra: StdAction::Move,
        before_or_after: true,
    }),
    score_rule: Some(ScoreRule::SecondForFirst(Ambition::Empath)),
    ..Behavior::NONE
};

/// Feastbringer: *Charismatic* (an Influence before or after a Copy/Pivot
/// Secure), *Generous* (declaring costs a Guild card).
pub static FEASTBRINGER: Behavior = Behavior {
    code: "ARCS-LEAD07",
    copy_pivot: Some(CopyPivotBonus {
        main: StdAction::Secure,
        extra: StdAction::Influence,
        before_or_after: true,
    }),
    declare_costs_guild: true,
    ..Behavior::NONE
};

/// Demagogue: *Bold* (influence any Court cards once each when declaring),
/// *Paranoid* (2 agents to secure a Guild card; not when Ransacking).
pub static DEMAGOGUE: Behavior = Behavior {
    code: "ARCS-LEAD08",
    on_declare: Some(|s, seat, _, _| {
        let card = s.seat(seat).leader().expect("the Demagogue's leader card");
        s.push(Frame::Effect(Effect::Bold {
            seat,
            card,
            done: 0,
        }));
    }),
    guild_secure_min: 2,
    ..Behavior::NONE
};
