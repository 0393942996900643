//! `arcs protocol`: drive games with JSON lines on stdin/stdout
//! (docs/protocol.md). One request per line; one response per line. A
//! malformed line gets `{"ok":false,"error":...}` and the session goes on.

use arcs_engine::journal::Save;
use arcs_engine::scenario::Scenario;
use arcs_engine::{Choice, Config, Game, Pending, Seat};
use serde_json::{json, Value};
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

/// Longest request line accepted (bytes).
const MAX_LINE: usize = 1 << 20;

pub fn run() -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut session = Session { game: None };
    let mut reader = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = reader
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)?;
        if n == 0 {
            break;
        }
        let resp = if buf.len() > MAX_LINE {
            // Skip the rest of an oversized line.
            let mut rest = Vec::new();
            reader.read_until(b'\n', &mut rest)?;
            json!({"ok": false, "error": format!("line longer than {MAX_LINE} bytes")})
        } else {
            match std::str::from_utf8(&buf) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => session.handle(line.trim()),
                Err(_) => json!({"ok": false, "error": "line is not UTF-8"}),
            }
        };
        writeln!(out, "{resp}")?;
        out.flush()?;
        if resp.get("bye").is_some() {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub struct Session {
    pub game: Option<Game>,
}

fn fail(msg: impl std::fmt::Display) -> Value {
    json!({"ok": false, "error": msg.to_string()})
}

fn seat_arg(req: &Value, key: &str) -> Result<Option<Seat>, String> {
    match req.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value::<Seat>(v.clone())
            .map(Some)
            .map_err(|e| format!("bad {key}: {e}")),
    }
}

fn pending_json(g: &Game) -> Value {
    match g.pending() {
        Pending::Decision(d) => json!({
            "status": "decision",
            "seat": d.seat,
            "prompt": d.prompt,
            "text": d.prompt.describe(),
            "choices": d.choices,
            "choices_text": d.choices.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        }),
        Pending::Over(o) => json!({"status": "over", "outcome": o}),
    }
}

impl Session {
    pub fn handle(&mut self, line: &str) -> Value {
        let req: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => return fail(format!("bad JSON: {e}")),
        };
        let mut resp = self.dispatch(&req);
        if let (Some(id), Some(obj)) = (req.get("id"), resp.as_object_mut()) {
            obj.insert("id".into(), id.clone());
        }
        resp
    }

    fn game(&self) -> Result<&Game, Value> {
        self.game
            .as_ref()
            .ok_or_else(|| fail("no game: send {\"cmd\":\"new\",...} first"))
    }

    fn dispatch(&mut self, req: &Value) -> Value {
        let Some(cmd) = req.get("cmd").and_then(|c| c.as_str()) else {
            return fail("missing \"cmd\"");
        };
        match cmd {
            "new" => {
                let config: Config = match req.get("config") {
                    Some(c) => match serde_json::from_value(c.clone()) {
                        Ok(c) => c,
                        Err(e) => return fail(format!("bad config: {e}")),
                    },
                    None => return fail("\"new\" needs a \"config\" object, e.g. {\"players\":3}"),
                };
                let seed = req.get("seed").and_then(|s| s.as_u64()).unwrap_or(0);
                match Game::new(config, seed) {
                    Ok(g) => {
                        let p = pending_json(&g);
                        self.game = Some(g);
                        json!({"ok": true, "pending": p})
                    }
                    Err(e) => fail(e),
                }
            }
            "load" => {
                let save = match req.get("save") {
                    Some(Value::String(s)) => Save::from_json(s),
                    Some(v) => Save::from_json(&v.to_string()),
                    None => return fail("\"load\" needs a \"save\""),
                };
                match save.and_then(|s| s.load()) {
                    Ok(g) => {
                        let p = pending_json(&g);
                        self.game = Some(g);
                        json!({"ok": true, "pending": p})
                    }
                    Err(e) => fail(e),
                }
            }
            "scenario" => {
                let text = match (req.get("text").and_then(|t| t.as_str()), req.get("path").and_then(|p| p.as_str())) {
                    (Some(t), _) => t.to_string(),
                    (None, Some(p)) => match std::fs::read_to_string(p) {
                        Ok(t) => t,
                        Err(e) => return fail(format!("cannot read {p}: {e}")),
                    },
                    _ => return fail("\"scenario\" needs \"text\" or \"path\""),
                };
                match Scenario::parse(&text).and_then(|s| s.build()) {
                    Ok(g) => {
                        let p = pending_json(&g);
                        self.game = Some(g);
                        json!({"ok": true, "pending": p})
                    }
                    Err(e) => fail(e),
                }
            }
            "pending" => match self.game() {
                Ok(g) => json!({"ok": true, "pending": pending_json(g)}),
                Err(e) => e,
            },
            "view" => {
                let seat = match seat_arg(req, "seat") {
                    Ok(s) => s,
                    Err(e) => return fail(e),
                };
                match self.game() {
                    Ok(g) if seat.is_some_and(|s| s.0 >= g.state().players) => fail("no such seat"),
                    Ok(g) => json!({"ok": true, "view": g.view(seat)}),
                    Err(e) => e,
                }
            }
            "events" => {
                let seat = match seat_arg(req, "seat") {
                    Ok(s) => s,
                    Err(e) => return fail(e),
                };
                let since = req.get("since").and_then(|s| s.as_u64()).unwrap_or(0) as usize;
                match self.game() {
                    Ok(g) => {
                        let evs: Vec<_> = g.log().iter().skip(since).filter(|e| e.visible_to(seat)).collect();
                        json!({"ok": true, "events": evs, "next": g.log().len()})
                    }
                    Err(e) => e,
                }
            }
            "apply" => {
                let seat = match seat_arg(req, "seat") {
                    Ok(Some(s)) => s,
                    Ok(None) => return fail("\"apply\" needs a \"seat\""),
                    Err(e) => return fail(e),
                };
                let Some(game) = self.game.as_mut() else { return fail("no game") };
                let choice = match req.get("choice") {
                    Some(Value::String(t)) => match t.parse::<Choice>() {
                        Ok(c) => c,
                        Err(e) => return fail(e),
                    },
                    Some(Value::Object(o)) if o.contains_key("index") => {
                        let Pending::Decision(d) = game.pending() else { return fail("the game is over") };
                        match o.get("index").and_then(|i| i.as_u64()).and_then(|i| d.choices.get(i as usize)) {
                            Some(c) => *c,
                            None => return fail("choice index out of range"),
                        }
                    }
                    Some(v) => match serde_json::from_value::<Choice>(v.clone()) {
                        Ok(c) => c,
                        Err(e) => return fail(format!("bad choice: {e}")),
                    },
                    None => return fail("\"apply\" needs a \"choice\""),
                };
                match game.apply(seat, choice) {
                    Ok(events) => {
                        let visible: Vec<_> = events.into_iter().filter(|e| e.visible_to(Some(seat))).collect();
                        json!({"ok": true, "events": visible, "pending": pending_json(game)})
                    }
                    Err(e) => fail(e),
                }
            }
            "undo" => {
                let n = req.get("n").and_then(|n| n.as_u64()).unwrap_or(1) as usize;
                let Some(game) = self.game.as_mut() else { return fail("no game") };
                match game.undo(n) {
                    Ok(()) => json!({"ok": true, "pending": pending_json(game)}),
                    Err(e) => fail(e),
                }
            }
            "save" => match self.game() {
                Ok(g) => json!({"ok": true, "save": Save::of(g)}),
                Err(e) => e,
            },
            "quit" => json!({"ok": true, "bye": true}),
            other => fail(format!("unknown cmd {other:?} (new, load, scenario, pending, view, events, apply, undo, save, quit)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn req(s: &mut Session, line: &str) -> Value {
        s.handle(line)
    }

    #[test]
    fn a_short_session() {
        let mut s = Session { game: None };
        assert_eq!(req(&mut s, r#"{"cmd":"pending"}"#)["ok"], false);
        let r = req(
            &mut s,
            r#"{"cmd":"new","config":{"players":3},"seed":5,"id":7}"#,
        );
        assert_eq!(r["ok"], true);
        assert_eq!(r["id"], 7);
        let seat = r["pending"]["seat"].as_u64().unwrap();
        let choice = r["pending"]["choices_text"][0]
            .as_str()
            .unwrap()
            .to_string();
        // Wrong seat, bad choice, bad JSON: errors; the game goes on.
        let other = seat % 3 + 1;
        assert_eq!(
            req(
                &mut s,
                &format!(r#"{{"cmd":"apply","seat":{other},"choice":"{choice}"}}"#)
            )["ok"],
            false
        );
        assert_eq!(
            req(
                &mut s,
                &format!(r#"{{"cmd":"apply","seat":{seat},"choice":"system 9.9"}}"#)
            )["ok"],
            false
        );
        assert_eq!(req(&mut s, "{not json")["ok"], false);
        assert_eq!(
            req(&mut s, r#"{"cmd":"apply","seat":9,"choice":"pass"}"#)["ok"],
            false
        );
        let r = req(
            &mut s,
            &format!(r#"{{"cmd":"apply","seat":{seat},"choice":"{choice}"}}"#),
        );
        assert_eq!(r["ok"], true, "{r}");
        let r = req(
            &mut s,
            &format!(
                r#"{{"cmd":"apply","seat":{},"choice":{{"index":0}}}}"#,
                r["pending"]["seat"]
            ),
        );
        assert_eq!(r["ok"], true, "{r}");
        // Views: own hand only.
        let v = req(&mut s, r#"{"cmd":"view","seat":2}"#);
        let seats = v["view"]["seats"].as_array().unwrap();
        assert!(seats[1]["hand"].is_array());
        assert!(seats[0].get("hand").is_none() && seats[2].get("hand").is_none());
        // Save and load.
        let save = req(&mut s, r#"{"cmd":"save"}"#)["save"].clone();
        let r = req(
            &mut s,
            &serde_json::to_string(&json!({"cmd":"load","save":save})).unwrap(),
        );
        assert_eq!(r["ok"], true, "{r}");
        assert_eq!(req(&mut s, r#"{"cmd":"undo","n":1}"#)["ok"], true);
        let ev = req(&mut s, r#"{"cmd":"events"}"#);
        assert!(ev["events"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e.get("private_to").is_none()));
        assert_eq!(req(&mut s, r#"{"cmd":"quit"}"#)["bye"], true);
    }

    #[test]
    fn scenario_command() {
        let mut s = Session { game: None };
        let r = req(
            &mut s,
            r#"{"cmd":"scenario","text":"players 2\nP1 hand ADM2\nP2 hand ADM3\n"}"#,
        );
        assert_eq!(r["ok"], true, "{r}");
        assert_eq!(r["pending"]["seat"], 1);
        assert_eq!(
            req(&mut s, r#"{"cmd":"scenario","text":"players 9"}"#)["ok"],
            false
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
        /// Malformed lines get an error object; the session continues and
        /// the game is unchanged.
        #[test]
        fn arbitrary_lines_never_panic(lines in prop::collection::vec(prop_oneof![
            "\\PC{0,80}",
            Just(r#"{"cmd":"apply","seat":1,"choice":"end"}"#.to_string()),
            Just(r#"{"cmd":"apply","seat":1,"choice":{"index":99}}"#.to_string()),
            Just(r#"{"cmd":"apply","seat":"P2","choice":{"lead":3}}"#.to_string()),
            Just(r#"{"cmd":"view","seat":0}"#.to_string()),
            Just(r#"{"cmd":"new","config":{"players":3,"bogus":1}}"#.to_string()),
            Just(r#"{"cmd":"load","save":"{}"}"#.to_string()),
            Just(r#"{"cmd":"undo","n":1000}"#.to_string()),
        ], 1..20)) {
            let mut s = Session { game: None };
            s.handle(r#"{"cmd":"new","config":{"players":2},"seed":1}"#);
            for l in lines {
                let before = s.game.as_ref().map(|g| g.state().clone());
                let r = s.handle(&l);
                prop_assert!(r.get("ok").is_some());
                if r["ok"] == false {
                    prop_assert_eq!(s.game.as_ref().map(|g| g.state().clone()), before);
                }
            }
        }
    }
}
