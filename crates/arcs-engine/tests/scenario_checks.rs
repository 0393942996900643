//! Scenario checks can fail (issue 11 item 8): every `expect` form added
//! for rules tests has a scenario where it passes and one where it fails,
//! and `refuse` of text that is not a choice fails the file.

use arcs_engine::scenario::{run_text, Report};

fn report(text: &str) -> Report {
    run_text(text)
}

#[track_caller]
fn passes(text: &str) {
    let r = report(text);
    assert!(r.passed(), "expected PASS:\n{text}\n{r:#?}");
}

/// Fails, and some failed check (or the stop message) mentions `why`.
#[track_caller]
fn fails(text: &str, why: &str) {
    let r = report(text);
    assert!(!r.passed(), "expected FAIL:\n{text}");
    let said = r
        .checks
        .iter()
        .filter(|c| !c.ok)
        .map(|c| c.detail.clone())
        .chain(r.stopped.clone())
        .collect::<Vec<_>>()
        .join(" | ");
    assert!(said.contains(why), "{why:?} not in {said:?}");
}

const THREE: &str = "players 3\ninitiative P1\nsystem 3.1: P1 city, P1 ship\n\
                     P1 hand ADM3 CON2\nP2 hand AGG4 MOB5\nP3 hand MOB4\n";

fn with(setup: &str, steps: &str) -> String {
    format!("{setup}\n{steps}\n")
}

#[test]
fn refuse_of_text_that_is_not_a_choice_fails() {
    // A typo must not pass as a refusal.
    fails(&with(THREE, "refuse P1 leadd AGG3"), "not a choice");
    fails(&with(THREE, "refuse P1 lead"), "not a choice");
    fails(&with(THREE, "refuse P1 pass junk"), "not a choice");
    // A real choice that is refused still passes; an accepted one fails.
    passes(&with(THREE, "refuse P1 lead AGG3"));
    passes(&with(THREE, "refuse P2 lead AGG4"));
    fails(&with(THREE, "refuse P1 lead ADM3"), "was accepted");
}

#[test]
fn court_and_court_deck_sizes() {
    // 31 base Court cards: 3 in the row, 2 in the discard, 26 in the deck.
    let setup = "players 3\ncourt BC01 BC02 BC03\ncourt-discard BC04 BC05\n\
                 P1 hand ADM3\nP2 hand ADM4\nP3 hand ADM5\n";
    passes(&with(
        setup,
        "expect court size 3\nexpect court-deck size 26",
    ));
    fails(&with(setup, "expect court size 4"), "Court positions");
    fails(&with(setup, "expect court-deck size 31"), "Court deck size");
}

#[test]
fn ambition_counts_use_the_scoring_count() {
    // B-SCORE-03: Tycoon counts Material and Fuel tokens and Guild icons
    // (BC02 Mining Interest is a Material card).
    let setup = "players 3\nP1 resources material fuel\nP1 guild BC02\n\
                 P1 captives: P2 2\nP1 hand ADM3\nP2 hand ADM4\nP3 hand ADM5\n";
    passes(&with(
        setup,
        "expect P1 ambition tycoon 3\nexpect P1 ambition tyrant 2\n\
         expect P1 ambition keeper 0\nexpect P2 ambition tycoon 0",
    ));
    fails(&with(setup, "expect P1 ambition tycoon 2"), "Tycoon count");
    fails(
        &with(setup, "expect P1 ambition greed 3"),
        "unknown ambition",
    );
}

#[test]
fn two_player_ambition_boxes() {
    let setup = "players 2\nbox weapon 2 fuel 1\nP1 hand ADM3\nP2 hand ADM4\n";
    passes(&with(setup, "expect box fuel 1 weapon 2"));
    passes(&with(setup, "expect box weapon 2 fuel 1"));
    fails(&with(setup, "expect box weapon 2"), "ambition boxes");
    fails(
        &with(setup, "expect box weapon 2 fuel 1 relic 1"),
        "ambition boxes",
    );
    fails(&with(setup, "expect box empty"), "ambition boxes");
    fails(&with(setup, "expect box weapon"), "expect box R N");
    passes("players 2\nP1 hand ADM3\nP2 hand ADM4\nexpect box empty\n");
}

#[test]
fn pips_left_this_turn() {
    passes(&with(
        THREE,
        "do P1 lead ADM3\nexpect pips 3\ndo P1 tax\nexpect pips 2",
    ));
    fails(&with(THREE, "do P1 lead ADM3\nexpect pips 2"), "pips left");
    fails(&with(THREE, "expect pips 0"), "no turn is in progress");
}

#[test]
fn top_of_the_action_discard() {
    // Every other 3-player card is in a hand: the pile is exactly these.
    let setup = "players 3\ninitiative P1\nsystem 3.1: P1 ship\n\
                 P1 hand ADM6 AGG3 ADM2 ADM3 ADM4 ADM5 AGG2\n\
                 P2 hand CON3 CON2 CON4 CON5 AGG4 AGG5\n\
                 P3 hand MOB3 MOB2 MOB4 MOB5 AGG6\n\
                 action-discard MOB6 CON6\n";
    passes(&with(
        setup,
        "expect action-discard top CON6\nexpect action-discard bottom MOB6",
    ));
    fails(
        &with(setup, "expect action-discard top MOB6"),
        "action discard top",
    );
}

#[test]
fn an_event_shown_to_one_seat_only() {
    let steps = "do P1 lead ADM3\ndo P1 end\ndo P2 copy AGG4\n";
    passes(&with(
        THREE,
        &format!("{steps}expect private-log P2 \"You copied with AGG4\""),
    ));
    fails(
        &with(
            THREE,
            &format!("{steps}expect private-log P1 \"You copied with AGG4\""),
        ),
        "is shown to P2",
    );
    // The public half of the same play.
    fails(
        &with(
            THREE,
            &format!("{steps}expect private-log P2 \"copies (face down)\""),
        ),
        "is shown to everyone",
    );
    fails(
        &with(
            THREE,
            &format!("{steps}expect private-log P2 \"You copied with MOB5\""),
        ),
        "no event contains",
    );
}

#[test]
fn log_checks_need_text() {
    // `expect log` with nothing to find would pass on any game.
    fails(&with(THREE, "expect log"), "which text?");
    fails(&with(THREE, "expect no-log"), "which text?");
    fails(&with(THREE, "expect private-log P1"), "which text?");
}

#[test]
fn view_check_takes_yes_or_no_only() {
    passes(&with(
        THREE,
        "expect view P1 sees-hand P2 no\nexpect view P1 sees-hand P1 yes",
    ));
    fails(&with(THREE, "expect view P1 sees-hand P2 maybe"), "yes|no");
    fails(
        &with(THREE, "expect view P1 sees-hand P2 yes"),
        "sees P2's hand",
    );
}

#[test]
fn what_the_engine_chose_automatically() {
    // P1 has one city: the tax target is its only option, taken for it.
    let steps = "do P1 lead ADM3\ndo P1 tax\n";
    passes(&with(
        THREE,
        &format!("{steps}expect auto P1 piece 3.1 building 1\nexpect pips 2"),
    ));
    fails(
        &with(
            THREE,
            &format!("{steps}expect auto P2 piece 3.1 building 1"),
        ),
        "was not taken automatically",
    );
    fails(
        &with(
            THREE,
            &format!("{steps}expect auto P1 piece 3.1 building 2"),
        ),
        "was not taken automatically",
    );
    // Only the last `do`: the next choice takes nothing automatically.
    fails(
        &with(
            THREE,
            &format!("{steps}do P1 end\nexpect auto P1 piece 3.1 building 1"),
        ),
        "taken: none",
    );
    fails(
        &with(THREE, &format!("{steps}expect auto P1 pice 3.1")),
        "not a choice",
    );
}

const CAMPAIGN: &str = "players 3\nmode campaign\ncourt CC01 CC02 CC03 CC04\n\
                        system 1.1: P1 ship\nsystem 2.1: P2 ship\nsystem 3.1: P3 ship\n";

#[test]
fn intermission_phases_and_fate_checks() {
    // `expect phase` and `fate-pool size` pass and fail.
    let setup = format!("{CAMPAIGN}phase intermission");
    passes(&with(
        &setup,
        "expect phase play\nexpect act 2\nexpect fate-pool size 0",
    ));
    fails(&with(&setup, "expect phase intermission"), "phase");
    fails(&with(&setup, "expect fate-pool size 2"), "Fate cards left");
    passes(&with(
        &format!("{CAMPAIGN}phase setup act 2"),
        "expect act 2\nexpect flipped 1",
    ));
    fails(
        &with(&format!("{CAMPAIGN}phase setup act 2"), "expect act 1"),
        "act",
    );
    // A seat that keeps an A Fate into Act II plays its Act II (every A
    // Fate has one); a seat that failed keeps it too while no B Fate is
    // built (R-CAMP-KEEP-UNBUILT).
    let kept = format!("{CAMPAIGN}fate P1 Steward\nobjective P1 0\nphase intermission");
    passes(&with(&kept, "expect act 2\nexpect booklet has F113"));
    fails(&with(&kept, "expect booklet lacks F113"), "booklet");
    let failed = format!("{CAMPAIGN}fate P1 Steward\nobjective P1 5\nphase intermission");
    passes(&with(&failed, "expect act 2\nexpect fate P1 Steward"));
    // Malformed phases.
    fails(
        &with(&format!("{CAMPAIGN}phase intermission g"), ""),
        "phase",
    );
    fails(&with(&format!("{CAMPAIGN}phase setup act 4"), ""), "phase");
    fails(
        &with(&format!("{THREE}phase intermission"), ""),
        "mode campaign",
    );
    fails(
        &with(&format!("{CAMPAIGN}act 3\nphase intermission"), ""),
        "no Intermission follows Act III",
    );
    fails(
        &with(&setup, "expect phase lunch"),
        "phase setup|intermission",
    );
}

#[test]
fn campaign_act_one_setup_from_a_scenario() {
    // `phase setup` in a campaign runs Act I's setup: forced dice, named
    // Fates or a draw; position lines would be lost, so they are refused.
    let base = "players 3\nmode campaign\nseed 2\n";
    passes(&with(
        &format!("{base}dice number 2\nphase setup"),
        "expect phase setup\nexpect prompt choose_fate\nexpect number-die 2",
    ));
    fails(
        &with(
            &format!("{base}dice number 2\nphase setup"),
            "expect number-die 3",
        ),
        "number",
    );
    fails(
        &with(
            &format!("{base}system 1.1: P1 ship\nphase setup"),
            "expect act 1",
        ),
        "builds the table itself",
    );
    fails(
        &with(
            &format!("{base}fate P1 Steward\nphase setup"),
            "expect act 1",
        ),
        "name every seat's Fate",
    );
}
