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
