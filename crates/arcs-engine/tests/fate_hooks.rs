//! DESIGN: a Fate's rules live in its module and reach the game only through
//! named hooks — `actions/` and `flow/` never call a Fate module by name
//! (campaign::fates holds the tables: AREA_PIECES, SIDED_CARDS, HIDDEN_PARTS,
//! SUMMIT_OPTIONS, the objective hooks).

use std::path::Path;

/// The Fate modules under `cards/campaign/` (every file but `mod.rs` and
/// the campaign Court's `court.rs`, and every folder: a Fate whose cards
/// fill several files, like the Caretaker's).
fn fate_modules() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cards/campaign");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("cards/campaign exists")
        .flatten()
        .filter_map(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            if e.path().join("mod.rs").is_file() {
                return Some(n);
            }
            n.strip_suffix(".rs").map(str::to_owned)
        })
        .filter(|n| n != "mod" && n != "court")
        .collect();
    names.sort();
    names
}

/// Lines of code (comments stripped) in the `.rs` files under `dir`.
fn code_lines(dir: &Path, out: &mut Vec<(String, String)>) {
    for e in std::fs::read_dir(dir).expect("source dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            code_lines(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).expect("readable source");
            for line in text.lines() {
                let code = line.split("//").next().unwrap_or("");
                out.push((p.display().to_string(), code.to_owned()));
            }
        }
    }
}

#[test]
fn actions_and_flow_never_name_a_fate_module() {
    let fates = fate_modules();
    // The test must be able to fail: it knows the Fates that exist.
    assert!(fates.iter().any(|f| f == "caretaker"), "{fates:?}");
    assert!(fates.iter().any(|f| f == "believer"), "{fates:?}");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut lines = Vec::new();
    code_lines(&src.join("actions"), &mut lines);
    code_lines(&src.join("flow"), &mut lines);
    assert!(lines.len() > 1000, "the scan found the sources");
    let mut offenders = Vec::new();
    for (file, code) in &lines {
        for f in &fates {
            if code.contains(&format!("{f}::")) {
                offenders.push(format!("{file}: {}", code.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "actions/ and flow/ must reach Fates through hooks:\n{}",
        offenders.join("\n")
    );
}
