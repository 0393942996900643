//! Issue 11: input typed or piped into the `arcs` binary never crashes it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn arcs() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arcs"))
}

/// Typing `lead ab€x` in `arcs play` panicked on a char boundary and lost
/// the terminal game; now it is an error message and the game goes on.
#[test]
fn play_survives_multibyte_input() {
    let mut child = arcs()
        .args(["play", "--seats", "human,human", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all("lead ab€x\npass junk\nh\nq\n".as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}\n{}",
        stdout,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("cannot read choice \"lead ab€x\""),
        "{stdout}"
    );
    assert!(stdout.contains("unexpected words"), "{stdout}");
}

/// `arcs protocol` answers every line, a blank one included (it used to
/// skip it, and a client waiting for a reply hung).
#[test]
fn protocol_answers_a_blank_line() {
    let mut child = arcs()
        .arg("protocol")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"\n  \n{\"cmd\":\"quit\"}\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].contains("empty line"), "{}", lines[0]);
    assert!(lines[2].contains("bye"));
}

/// Peak memory of a process, from /proc (Linux).
#[cfg(target_os = "linux")]
fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// A 256 MiB line is refused without being held in memory (the rest of
/// an oversized line used to be read whole), and the next line is
/// answered.
#[cfg(target_os = "linux")]
#[test]
fn protocol_memory_is_bounded_by_the_line_cap() {
    let mut child = arcs()
        .arg("protocol")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..256 {
        stdin.write_all(&chunk).unwrap();
    }
    stdin.write_all(b"\n{\"cmd\":\"pending\"}\n").unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(line.contains("line longer than 1048576 bytes"), "{line}");
    line.clear();
    stdout.read_line(&mut line).unwrap();
    assert!(line.contains("no game"), "{line}");
    let peak = peak_rss_kib(child.id());
    stdin.write_all(b"{\"cmd\":\"quit\"}\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    assert!(peak < 64 * 1024, "peak RSS {peak} KiB for a 256 MiB line");
}

/// Issue 11 item 7: the help of `arcs sim` names the modes it has.
#[test]
fn sim_help_names_leaders_and_lore() {
    let out = arcs().args(["sim", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("leaders-lore"), "{help}");
    assert!(!help.contains("comes later"), "{help}");
}

/// Issue 20 §6: `arcs play --campaign FILE` keeps a campaign across runs —
/// each run plays on, and after an Act's end the next run begins the
/// Intermission and the next Act; after Act III the campaign is over.
#[test]
fn play_campaign_continues_across_runs() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("campaign.json");
    let run = || {
        let out = arcs()
            .args([
                "play",
                "--seats",
                "random,random",
                "--fates",
                "none",
                "--seed",
                "3",
            ])
            .arg("--campaign")
            .arg(&file)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let one = run();
    assert!(one.contains("run `arcs play --campaign"), "{one}");
    assert!(
        one.contains("No winner is named at the end of Act I"),
        "{one}"
    );
    let two = run();
    assert!(
        two.contains("Act I is over. The Intermission begins, then Act II"),
        "{two}"
    );
    assert!(
        two.contains("No winner is named at the end of Act II"),
        "{two}"
    );
    let three = run();
    assert!(three.contains("Act III"), "{three}");
    assert!(three.contains("The campaign is over"), "{three}");
    assert!(!three.contains("run `arcs play --campaign"), "{three}");
    // The campaign is over: a fourth run shows the end again.
    let four = run();
    assert!(four.contains("The campaign is over"), "{four}");
    assert!(!four.contains("The Intermission begins"), "{four}");
}

/// `arcs cards --text | head` closed the pipe early and the binary
/// panicked on the failed write ("failed printing to stdout"); now it
/// ends quietly like other command-line tools.
#[test]
fn a_report_into_a_closed_pipe_ends_without_a_panic() {
    let mut child = arcs()
        .args(["cards", "--text"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("ARCS-"), "{first}");
    // The reader is gone: the pipe is closed.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}
