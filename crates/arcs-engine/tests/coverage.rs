//! Every requirement id of rules-base.md §1 (B-…) and every worked example
//! (EX-…, DT-…) appears in at least one test or scenario file.
//! Leaders & Lore ids (B-LL-…, EX-16) belong to the Leaders & Lore issue.

use std::path::Path;

fn collect(dir: &Path, out: &mut String) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name()
                .is_some_and(|n| n != "pending" && n != "target")
            {
                collect(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "scn" || x == "rs")
            && p.file_name().is_some_and(|n| n != "coverage.rs")
        {
            out.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
            out.push('\n');
        }
    }
}

/// Ids deliberately not covered yet, with the reason (kept in sync with
/// the closing notes).
const NOT_YET: &[(&str, &str)] = &[(
    "B-GLOS-03",
    "Clear is used by no base-game rule or card (campaign only)",
)];

#[test]
fn every_requirement_id_is_tested() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut corpus = String::new();
    collect(&root.join("scenarios"), &mut corpus);
    collect(&root.join("crates"), &mut corpus);
    let ids = include_str!("requirement_ids.txt");
    let mut missing = Vec::new();
    for id in ids.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        if NOT_YET.iter().any(|(x, _)| *x == id) {
            continue;
        }
        // An id counts when followed by a non-digit (B-TAX-1 ≠ B-TAX-10).
        let found = corpus
            .match_indices(id)
            .any(|(i, _)| !corpus[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()));
        if !found {
            missing.push(id);
        }
    }
    assert!(
        missing.is_empty(),
        "{} requirement ids have no test: {}",
        missing.len(),
        missing.join(" ")
    );
}

/// Every campaign requirement marked *done* in docs/campaign-rules.md is
/// named by a test or scenario (the ids of the rows still *later* are not).
#[test]
fn every_done_campaign_requirement_is_tested() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/campaign-rules.md")).unwrap();
    let mut corpus = String::new();
    // Scenarios and test files only: a comment in the engine's source
    // naming an id is no test.
    collect(&root.join("scenarios"), &mut corpus);
    collect(&root.join("crates/arcs-engine/tests"), &mut corpus);
    let mut missing = Vec::new();
    let mut done = 0;
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (Some(id), Some(status)) = (cells.get(1), cells.get(3)) else {
            continue;
        };
        if !id.starts_with("C-") || !status.starts_with("done") {
            continue;
        }
        done += 1;
        let found = corpus
            .match_indices(id)
            .any(|(i, _)| !corpus[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()));
        if !found {
            missing.push(*id);
        }
    }
    assert!(done > 40, "the table of campaign requirements was not read");
    assert!(
        missing.is_empty(),
        "{} campaign requirements have no test: {}",
        missing.len(),
        missing.join(" ")
    );
}
