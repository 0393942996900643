//! The browser test (issues 5 and 12): headless Chromium, driven through
//! chromedriver, creates games in the lobby and plays them to the end by
//! clicking — choice buttons, keys, and systems, pieces, cards and slots
//! on the table — once in the base game and once with Leaders & Lore
//! (drafting with the leaders' and lore cards' texts on screen). Along the
//! way it checks what a player must see (card texts, pips, ambition
//! counts, choices in words, the hand and choices on a laptop screen) and
//! saves screenshots at three sizes under `target/screenshots/`. Then a
//! campaign goes on: its Act I ended, the server restarts, and the page
//! continues through the Intermission into Act II and plays on (issue 20).
//!
//! Needs Debian's `chromium` and `chromium-driver`; `.ci/run` installs them
//! and sets `ARCS_BROWSER_TEST=1`, which makes a missing browser a failure.
//! Elsewhere the test is skipped when chromedriver is absent.

use arcs_server::streams::StreamLimits;
use arcs_server::{http, CreateGame, Hub, HubSettings, SqliteStore};
use fantoccini::actions::{
    InputSource, MouseActions, PointerAction, WheelAction, WheelActions, MOUSE_BUTTON_LEFT,
};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn find(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(program))
            .find(|p| p.is_file())
    })
}

fn screenshots_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let dir = target.join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The three screen sizes of issue 12: desktop, laptop, phone.
const SIZES: [(&str, u32, u32); 3] = [
    ("1600x1000", 1600, 1000),
    ("1280x720", 1280, 720),
    ("390x844", 390, 844),
];

/// The layout check of [`Table::fits`], run in the page.
const FITS: &str = r#"
const W = innerWidth, H = innerHeight, desk = W > 900;
const out = {off: [], scroll: false, cut: [], hidden: [], errors: window.arcsErrors || []};
// A box to type a name in or a menu is never squeezed to a few letters.
for (const e of document.querySelectorAll('input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=hidden]), select')) {
  if (e.offsetParent && e.clientWidth < 80) out.cut.push(`${e.getAttribute('aria-label') || e.id || e.tagName}: ${e.clientWidth}px wide`);
}
// No page (the lobby included) scrolls sideways.
const root = document.documentElement;
if (root.scrollWidth > root.clientWidth + 1) {
  const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > root.clientWidth + 1)
    .slice(0, 3).map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && e.className.baseVal === undefined ? '.' + e.className : ''}`);
  out.off.push(`page: ${root.scrollWidth}px wide in ${root.clientWidth}px (${wide.join(', ')})`);
}
if (!document.querySelector('[data-region]')) return out;
out.scroll = desk && document.documentElement.scrollHeight > H + 1;
const need = desk ? ['map', 'hand', 'choices', 'players', 'ambitions', 'court'] : ['map', 'choices'];
for (const name of need) {
  const e = document.querySelector(`[data-region="${name}"]`);
  if (!e) { out.off.push(`${name}: missing`); continue; }
  const b = e.getBoundingClientRect();
  if (b.left < -1 || b.top < -1 || b.right > W + 1 || b.bottom > H + 1)
    out.off.push(`${name}: ${Math.round(b.left)},${Math.round(b.top)} to ${Math.round(b.right)},${Math.round(b.bottom)}`);
}
for (const e of document.querySelectorAll('body *')) {
  if (!e.offsetParent || e.children.length) continue;
  const cs = getComputedStyle(e);
  if (cs.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1) out.cut.push(e.textContent.slice(0, 40));
}
// An action card's suit name is never clipped ("Administratio").
for (const e of document.querySelectorAll('.card.action .name')) {
  if (e.offsetParent && e.scrollWidth > e.clientWidth + 1) out.cut.push(`card name: ${e.textContent}`);
}
// What the decision names: in the window and inside every panel that
// clips it (a dialog over the table excepted).
if (desk && document.getElementById('overlay').hidden) {
  for (const e of document.querySelectorAll('main.table [data-target]')) {
    if (!e.getClientRects().length) continue;
    const r = e.getBoundingClientRect();
    let bad = r.bottom < 0 || r.top > H || r.right < 0 || r.left > W;
    for (let p = e.parentElement; p && !bad; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (!/(auto|scroll|hidden)/.test(cs.overflowX + cs.overflowY)) continue;
      const q = p.getBoundingClientRect();
      bad = r.bottom <= q.top + 2 || r.top >= q.bottom - 2 || r.right <= q.left + 2 || r.left >= q.right - 2;
    }
    if (bad && out.hidden.length < 5) out.hidden.push(e.dataset.target);
  }
}
return out;
"#;

/// Pieces stay inside their system (issue 21): every piece's box on the
/// map (ship groups, buildings and slots, Flagships, Golems) lies inside
/// its system circle's box. Returns how many were looked at and the
/// ones that stick out.
const INSIDE: &str = r#"
const out = {pieces: 0, out: []};
for (const g of document.querySelectorAll('svg#board g.sys')) {
  const c = g.querySelector('circle.body').getBoundingClientRect();
  for (const p of g.querySelectorAll('.shipgroup, .slotg, .flagship, .golem')) {
    const r = p.getBoundingClientRect();
    if (!r.width) continue;
    out.pieces += 1;
    if (r.left < c.left - 1 || r.top < c.top - 1 || r.right > c.right + 1 || r.bottom > c.bottom + 1)
      out.out.push(`${g.dataset.system}: ${p.getAttribute('class')} ${(p.querySelector('title') || {}).textContent || ''}`);
  }
}
return out;
"#;

/// A clickable thing on the map that is in sight (its centre in the map,
/// clear of the zoom buttons, and what a click there hits): the one
/// marked `data-zoom-test` if it still is, else the first found, which
/// gets the mark. Returns its key and centre, or null.
const MAP_TARGET_IN_SIGHT: &str = r#"
const svg = document.getElementById('board').getBoundingClientRect();
const bar = document.querySelector('.map-zoom').getBoundingClientRect();
const seen = (e) => {
  const r = e.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  if (x < svg.left + 8 || x > svg.right - 8 || y < svg.top + 8 || y > svg.bottom - 8) return null;
  if (x > bar.left - 8 && x < bar.right + 8 && y > bar.top - 8 && y < bar.bottom + 8) return null;
  const hit = document.elementFromPoint(x, y);
  return hit && e.contains(hit) ? {key: e.dataset.target, x: Math.round(x), y: Math.round(y)} : null;
};
const marked = document.querySelector('svg#board [data-zoom-test]');
if (marked && seen(marked)) return seen(marked);
document.querySelectorAll('[data-zoom-test]').forEach((e) => e.removeAttribute('data-zoom-test'));
for (const e of document.querySelectorAll('svg#board [data-target]')) {
  const at = seen(e);
  if (!at) continue;
  e.setAttribute('data-zoom-test', '1');
  return at;
}
return null;
"#;

/// Raw engine grammar a player must never read on a button.
const RAW: &[&str] = &[
    r"\bP[1-4] (fresh|damaged)\b",
    r"\bslot [0-9]\b",
    r"\b(ARCS-)?[A-Z]{2,5}[0-9]{2}[A-Z]?\b",
    r"\b(ADM|AGG|CON|MOB)[1-7]\b",
    r"\breroll (skirmish|assault|raid) [0-9]\b",
    r"\bas (material|fuel|weapon|relic|psionic) for\b",
    r"\bpiece [0-9]\.[0-9]\b",
    // The map names a gate "6": never "6.0" (issue 21, 13).
    r"\b[1-6]\.0\b",
    r"\b1 (ships|cards|agents|resources|hits|keys|pips|Trophies|Captives|cities|starports)\b",
    r"[{}]|_",
];

struct Table {
    client: Client,
    base: String,
    shots: PathBuf,
    taken: BTreeSet<String>,
}

impl Table {
    async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.unwrap()
    }

    async fn resize(&self, w: u32, h: u32) {
        // The window is larger than the viewport by the browser's chrome;
        // size the viewport itself.
        self.client.set_window_size(w, h).await.unwrap();
        let inner = self
            .js("return [window.innerWidth, window.innerHeight];")
            .await;
        let (iw, ih) = (
            inner[0].as_u64().unwrap() as u32,
            inner[1].as_u64().unwrap() as u32,
        );
        if (iw, ih) != (w, h) {
            self.client
                .set_window_size(w + (w - iw.min(w)), h + (h - ih.min(h)))
                .await
                .unwrap();
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }

    /// Screenshots of the page at the three sizes (once per name), then
    /// back to the laptop size the games are played at.
    async fn shoot(&mut self, name: &str) {
        if !self.taken.insert(name.to_string()) {
            return;
        }
        for (size, w, h) in SIZES {
            self.resize(w, h).await;
            // The picture first, so a table that does not fit can be seen.
            let png = self.client.screenshot().await.unwrap();
            std::fs::write(self.shots.join(format!("{name}-{size}.png")), png).unwrap();
            self.fits(size).await;
        }
        self.resize(1280, 720).await;
    }

    async fn version(&self) -> String {
        self.js("return document.body.dataset.version || '';")
            .await
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// Creates a game in the lobby; returns the link of seat 1.
    async fn create(&mut self, mode: &str, seats: &[&str], name: &str) -> String {
        self.client.goto(&format!("{}/", self.base)).await.unwrap();
        self.client
            .wait()
            .for_element(Locator::Css(".seat-row select"))
            .await
            .unwrap();
        // Lobby starts with three seats.
        let rows = seats.len();
        for _ in rows..3 {
            self.click_id("remove-seat").await;
        }
        for _ in 3..rows {
            self.click_id("add-seat").await;
        }
        let set = format!(
            "const rows = document.querySelectorAll('.seat-row');
             const kinds = {};
             rows.forEach((r, i) => {{ const s = r.querySelector('select'); s.value = kinds[i]; s.dispatchEvent(new Event('change')); }});
             rows[0].querySelector('.seat-name').value = {};
             const m = document.getElementById('mode'); m.value = {}; m.dispatchEvent(new Event('input'));
             document.querySelector('details').open = true;
             const d = document.getElementById('delay'); d.value = '0'; d.dispatchEvent(new Event('input'));
             return true;",
            serde_json::to_string(seats).unwrap(),
            serde_json::to_string(name).unwrap(),
            serde_json::to_string(mode).unwrap(),
        );
        self.js(&set).await;
        self.shoot(&format!("lobby-{mode}")).await;
        if mode == "campaign" {
            // Each seat's Fate chosen in the lobby: one select per seat,
            // different Fates; then back to the secret draw.
            self.click_id("fates-choose").await;
            let picks = self
                .js("return [...document.querySelectorAll('.fate-pick')].filter((s) => s.offsetParent).map((s) => s.value);")
                .await;
            assert_eq!(picks.as_array().map(Vec::len), Some(seats.len()), "{picks}");
            assert_ne!(picks[0], picks[1], "seats start with different Fates");
            assert_eq!(
                self.js("return document.getElementById('setup-block').offsetParent === null;")
                    .await,
                Value::Bool(true),
                "the campaign uses no setup card"
            );
            self.shoot("lobby-campaign-fates").await;
            self.click_id("fates-draw").await;
        }
        self.click_id("create-game").await;
        let link = self
            .client
            .wait()
            .for_element(Locator::Css("#link-list a.seat-link"))
            .await
            .unwrap();
        link.attr("href").await.unwrap().unwrap()
    }

    /// Opens a Court card that is not a choice (or the ⤢ of one that is)
    /// and reads its whole text in the enlarged card; then closes it.
    async fn read_a_court_card(&self) -> bool {
        let r = self
            .js("const c = [...document.querySelectorAll('#court .card.court[data-card]')].find((x) => x.offsetParent);
                 if (!c) return 0;
                 (c.dataset.target ? c.querySelector('.zoom-btn') : c).click();
                 const d = document.getElementById('card-zoom');
                 const n = d.open ? (d.querySelector('.text') || {textContent: ''}).textContent.trim().length : -1;
                 d.close();
                 return n;")
            .await;
        assert_ne!(r, Value::from(-1), "a Court card did not enlarge");
        r.as_i64().unwrap_or(0) > 20
    }

    async fn click_id(&self, id: &str) {
        self.client
            .find(Locator::Id(id))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    /// Asserts the table fits the window (issue 21): on a desktop the map,
    /// hand, choices, players, ambitions and Court lie inside it with no
    /// page scroll; on a phone the map and the choices do. Everything the
    /// current decision names is in sight (inside the window and inside
    /// any panel that scrolls), no label is cut with an ellipsis, and the
    /// page has no script error.
    async fn fits(&self, size: &str) {
        let r = self.js(FITS).await;
        assert_eq!(
            r,
            serde_json::json!({"off": [], "scroll": false, "cut": [], "hidden": [], "errors": []}),
            "the table at {size} does not fit"
        );
    }

    /// Asserts that every piece on the map lies inside its system;
    /// returns how many pieces there were.
    async fn pieces_inside(&self, when: &str) -> u64 {
        let r = self.js(INSIDE).await;
        assert_eq!(
            r["out"],
            serde_json::json!([]),
            "pieces leave their system ({when})"
        );
        r["pieces"].as_u64().unwrap_or(0)
    }

    async fn view_box(&self) -> String {
        self.js("return document.getElementById('board').getAttribute('viewBox');")
            .await
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// Zoom and pan (issue 21): the + button zooms the map in (its
    /// viewBox narrows), a drag pans it without choosing anything, "fit"
    /// shows the whole map again; the mouse wheel over a clickable piece
    /// or system zooms in around it, a click on it then still makes a
    /// choice, and the zoom survives the re-render that follows. Returns
    /// false when nothing on the map is clickable in sight.
    async fn zoom_and_click(&self) -> bool {
        const FIT: &str = "-575 -575 1150 1150";
        let width = |vb: &str| {
            vb.split_whitespace()
                .nth(2)
                .and_then(|w| w.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        assert_eq!(self.view_box().await, FIT, "the map starts whole");
        let Some(at) = self.js(MAP_TARGET_IN_SIGHT).await.as_object().cloned() else {
            return false;
        };
        self.click_id_css(".map-zoom .zoom-in").await;
        let zoomed = self.view_box().await;
        assert!(
            width(&zoomed) > 0.0 && width(&zoomed) < 1150.0,
            "+ did not zoom in: {zoomed}"
        );
        // A drag from the map's middle pans it and chooses nothing.
        let before = self.version().await;
        let board = self.client.find(Locator::Id("board")).await.unwrap();
        let drag = MouseActions::new("mouse".into())
            .then(PointerAction::MoveToElement {
                element: board,
                duration: None,
                x: 0.0,
                y: 0.0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::MoveBy {
                duration: Some(Duration::from_millis(100)),
                x: -40.0,
                y: -30.0,
            })
            .then(PointerAction::MoveBy {
                duration: Some(Duration::from_millis(100)),
                x: -40.0,
                y: -30.0,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client.perform_actions(drag).await.unwrap();
        self.client.release_actions().await.unwrap();
        let panned = self.view_box().await;
        assert_ne!(panned, zoomed, "a drag did not pan the zoomed map");
        assert_eq!(width(&panned), width(&zoomed), "a drag changed the zoom");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(self.version().await, before, "a drag made a choice");
        self.click_id_css(".map-zoom .zoom-fit").await;
        assert_eq!(self.view_box().await, FIT, "fit did not show the whole map");
        // The wheel over a clickable thing zooms in around it.
        let (x, y) = (at["x"].as_i64().unwrap(), at["y"].as_i64().unwrap());
        let mut wheel = WheelActions::new("wheel".into());
        wheel.push(WheelAction::Scroll {
            duration: None,
            x,
            y,
            delta_x: 0,
            delta_y: -300,
        });
        self.client.perform_actions(wheel).await.unwrap();
        self.client.release_actions().await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        let wheeled = self.view_box().await;
        assert!(
            width(&wheeled) < 1150.0,
            "the wheel did not zoom in: {wheeled}"
        );
        let Some(at) = self.js(MAP_TARGET_IN_SIGHT).await.as_object().cloned() else {
            panic!("the wheel lost sight of what was under the pointer ({wheeled})");
        };
        let key = at["key"].as_str().unwrap_or("").to_string();
        self.client
            .find(Locator::Css("svg#board [data-zoom-test]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap_or_else(|e| panic!("clicking {key} on the zoomed map: {e}"));
        let wait_until = Instant::now() + Duration::from_secs(10);
        let mut narrowed = false;
        while self.version().await == before {
            // One element named by several choices narrows the buttons.
            if !narrowed
                && self
                    .js("return !!document.querySelector('#choices button.all-choices');")
                    .await
                    == Value::Bool(true)
            {
                narrowed = true;
                self.click_id_css("#choices button.choice").await;
            }
            assert!(
                Instant::now() < wait_until,
                "a click on {key} on the zoomed map made no choice"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(
            self.view_box().await,
            wheeled,
            "the zoom did not survive a re-render"
        );
        self.click_id_css(".map-zoom .zoom-fit").await;
        assert_eq!(self.view_box().await, FIT, "fit did not show the whole map");
        eprintln!("zoomed (+, drag, wheel) and chose {key} on the zoomed map");
        true
    }

    async fn click_id_css(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    /// A Summit decision shows the deal builder (js/summit.js), not a
    /// numbered list: one step through it as a person would — agree or
    /// decline a deal; propose a deal of two terms; else pick a Rival,
    /// open a menu of one kind and add its first term (or, now and then,
    /// pass or withdraw). Returns what it did, empty outside a Summit.
    async fn summit_step(&self, n: usize) -> String {
        let script = format!(
            "const N = {n};
             const q = (sel) => document.querySelector('#choices .summit ' + sel);
             const all = (sel) => [...document.querySelectorAll('#choices .summit ' + sel)];
             const s = document.querySelector('#choices .summit');
             if (!s || !document.querySelector('header.top').classList.contains('your-turn')) return '';
             const stage = s.dataset.stage;
             if (stage === 'consent') {{ q(N % 2 ? 'button.agree' : 'button.decline').click(); return 'consent'; }}
             const acts = all('.acts button.choice');
             if (stage === 'proposal' && all('.deal-terms li').length >= 2) {{ q('.acts button.primary').click(); return 'propose'; }}
             const rivals = all('button[data-rival]');
             if (rivals.length) rivals[N % rivals.length].click();
             const menus = all('button.menu');
             if (!menus.length || N % 5 === 4) {{ acts[N % acts.length].click(); return 'act'; }}
             menus[N % menus.length].click();
             const term = q('.menu-items button.choice');
             if (!term) return 'menu without terms';
             term.click();
             return 'term';"
        );
        let r = self.js(&script).await;
        let r = r.as_str().unwrap_or("").to_string();
        assert_ne!(r, "menu without terms", "a Summit menu opened empty");
        r
    }

    /// Opens the Replay tab, steps back to the game's first half and
    /// checks that the past point is drawn (the map, where it is), then
    /// closes the tab.
    async fn replay_back(&mut self, mode: &str) {
        let r = self
            .js("document.querySelector('[data-tab=replay]').click(); return 1;")
            .await;
        assert_eq!(r, 1);
        tokio::time::sleep(Duration::from_millis(800)).await;
        let moved = self
            .js("const r = document.querySelector('#replay input[type=range]');
                 if (!r || Number(r.max) < 4) return 'no slider';
                 r.value = String(Math.floor(Number(r.max) / 2)); r.dispatchEvent(new Event('input'));
                 return r.max;")
            .await;
        assert_ne!(moved, "no slider", "the replay slider is missing");
        tokio::time::sleep(Duration::from_millis(800)).await;
        let seen = self
            .js(
                "return {where: document.querySelector('#replay .replay-where').textContent,
                  systems: document.querySelectorAll('#replay svg.replay-board g.sys').length};",
            )
            .await;
        let place = seen["where"].as_str().unwrap_or("");
        assert!(place.starts_with("After choice "), "replay: {seen}");
        assert!(!place.contains("(now)"), "the slider went back: {seen}");
        assert!(
            seen["systems"].as_u64().unwrap_or(0) >= 20,
            "replay map: {seen}"
        );
        self.shoot(&format!("replay-{mode}")).await;
        self.js("document.getElementById('side-size').click(); document.querySelector('[data-tab=log]').click(); document.getElementById('side-size').click(); return 1;")
            .await;
    }

    /// Plays seat 1 to the end of the game by clicking. Returns the number
    /// of clicks and of clicks on the table itself (not a choice button).
    async fn play(&mut self, link: &str, mode: &str) -> (usize, usize) {
        self.play_up_to(link, mode, None).await
    }

    /// [`play`](Self::play), stopping after `limit` clicks if given.
    async fn play_up_to(&mut self, link: &str, mode: &str, limit: Option<usize>) -> (usize, usize) {
        self.client.goto(link).await.unwrap();
        self.client
            .wait()
            .for_element(Locator::Css("svg#board g.sys"))
            .await
            .unwrap();
        self.shoot(&format!("start-{mode}")).await;
        let raw: Vec<regex_lite::Regex> = RAW
            .iter()
            .map(|r| regex_lite::Regex::new(r).unwrap())
            .collect();
        // `attempts` picks what to click, so an element that cannot be
        // clicked is not tried again and again.
        let (mut clicks, mut table_clicks, mut keys, mut attempts) =
            (0usize, 0usize, 0usize, 0usize);
        let (mut saw_court_text, mut saw_pips, mut saw_counts, mut saw_draft) =
            (false, false, false, false);
        let (mut saw_fates, mut saw_campaign, mut saw_summit) = (false, false, false);
        let mut saw_battle = false;
        // Zoom and pan once a game (from a few moves in); pieces checked
        // inside their systems along the way.
        let (mut zoomed, mut inside_checked) = (false, 0u64);
        // Starting spots marked on the map (the Leaders & Lore draft, the
        // campaign's setup).
        let mut saw_starts = false;
        let start = Instant::now();
        let (mut last_version, mut last_change) = (String::new(), Instant::now());
        loop {
            let v = self.version().await;
            if v != last_version {
                (last_version, last_change) = (v, Instant::now());
            }
            if last_change.elapsed() > Duration::from_secs(90)
                || start.elapsed() > Duration::from_secs(900)
            {
                let png = self.client.screenshot().await.unwrap();
                std::fs::write(self.shots.join(format!("stuck-{mode}.png")), png).unwrap();
                let why = self
                    .js("return {status: document.getElementById('status').textContent,
                         prompt: document.getElementById('prompt').textContent,
                         error: document.getElementById('error').textContent,
                         errors: window.arcsErrors, version: document.body.dataset.version,
                         buttons: [...document.querySelectorAll('#choices button')].map((b) => b.innerText),
                         overlay: !document.getElementById('overlay').hidden};")
                    .await;
                panic!("the {mode} game stopped moving (after {clicks} clicks): {why}");
            }
            let state = self
                .js("return {
                  over: document.body.dataset.over === '1',
                  mine: document.querySelector('header.top').classList.contains('your-turn'),
                  court: [...document.querySelectorAll('#court .card.court .title')].filter((t) => t.offsetParent && t.textContent.trim().length > 3).length >= 3,
                  pips: [...document.querySelectorAll('#hand .card.action .pips')].some((p) => p.offsetParent && p.textContent.includes('●')),
                  counts: [...document.querySelectorAll('table.ambitions td.count')].some((c) => c.offsetParent && /\\d/.test(c.textContent)),
                  draft: [...document.querySelectorAll('#draft .card.court .title')].filter((t) => t.offsetParent && t.textContent.trim().length > 3).length,
                  fates: [...document.querySelectorAll('#offer .card.clickable')].filter((c) => c.offsetParent).length,
                  campaign: [...document.querySelectorAll('#players .player .tag')].filter((r) => r.offsetParent).length,
                  dice: !!document.querySelector('#round .dice .die'),
                  battle: (() => { const b = document.querySelector('#round .battle'); return b ? {sides: b.querySelectorAll('.side').length, head: b.querySelector('h3').textContent} : null; })(),
                  scoring: !!document.querySelector('#overlay .scoring'),
                  starts: document.querySelectorAll('svg#board .start').length,
                  buttons: [...document.querySelectorAll('#choices button.choice')].map((b) => b.innerText),
                  markup: [...document.querySelectorAll('.card .text')].map((t) => t.textContent).filter((t) => /symbol:|\\*\\*/.test(t)),
                };")
                .await;
            // Card texts show icons and bold, never the catalog's markup.
            assert_eq!(
                state["markup"],
                serde_json::json!([]),
                "card text shows raw markup"
            );
            // A Court card's whole text: it enlarges on a click.
            if state["court"] == true && !saw_court_text {
                saw_court_text = self.read_a_court_card().await;
            }
            saw_pips |= state["pips"] == true;
            saw_counts |= state["counts"] == true;
            saw_draft |= state["draft"].as_u64().unwrap_or(0) >= 2;
            if state["fates"].as_u64().unwrap_or(0) >= 2 && !saw_fates {
                saw_fates = true;
                self.shoot(&format!("fates-{mode}")).await;
            }
            saw_campaign |= state["campaign"].as_u64().unwrap_or(0) >= 2;
            if state["starts"].as_u64().unwrap_or(0) > 0 && !saw_starts {
                saw_starts = true;
                self.shoot(&format!("starts-{mode}")).await;
            }
            if state["dice"] == true {
                self.shoot(&format!("battle-{mode}")).await;
            }
            // A battle in progress: the panel names both sides and the
            // system, and the table still fits around it.
            if state["battle"].is_object() && !saw_battle {
                saw_battle = true;
                assert_eq!(
                    state["battle"]["sides"], 2,
                    "the battle panel shows both sides"
                );
                let head = state["battle"]["head"].as_str().unwrap_or("");
                assert!(
                    head.starts_with("Battle in ") || head.starts_with("Battle at gate "),
                    "battle panel heading: {head:?}"
                );
                self.fits("1280x720").await;
                self.shoot(&format!("battle-panel-{mode}")).await;
            }
            if state["scoring"] == true {
                self.shoot(&format!("scoring-{mode}")).await;
                let _ = self.js("const b = document.querySelector('#overlay button.close'); if (b) b.click(); return 1;").await;
                continue;
            }
            if state["over"] == true {
                break;
            }
            if limit.is_some_and(|l| clicks >= l) {
                return (clicks, table_clicks);
            }
            if state["mine"] != true {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
            for b in state["buttons"].as_array().unwrap() {
                let text = b.as_str().unwrap();
                for re in &raw {
                    assert!(
                        !re.is_match(text),
                        "a choice shows engine grammar: {text:?} ({re})"
                    );
                }
            }
            if clicks % 25 == 5 {
                self.fits("1280x720").await;
                inside_checked += self.pieces_inside(&format!("{mode}, click {clicks}")).await;
            }
            let before = self.version().await;
            // Act on the table every third move when something on it is
            // clickable, pick by key every seventh, else press a button.
            let on_table = self
                .client
                .find_all(Locator::Css("main.table [data-target]"))
                .await
                .unwrap_or_default();
            attempts += 1;
            let summit = self.summit_step(attempts).await;
            let clicked = if !summit.is_empty() {
                saw_summit = true;
                true
            } else if !zoomed
                && clicks >= 8
                && attempts % 2 == 0
                && self
                    .js("return !!document.querySelector('svg#board [data-target]');")
                    .await
                    == Value::Bool(true)
            {
                zoomed = self.zoom_and_click().await;
                table_clicks += usize::from(zoomed);
                zoomed
            } else if attempts % 3 == 0 && !on_table.is_empty() {
                let ok = on_table[attempts % on_table.len()].click().await.is_ok();
                table_clicks += usize::from(ok);
                // One element named by several choices narrows the buttons.
                if ok && self.version().await == before {
                    if let Ok(b) = self
                        .client
                        .find(Locator::Css("#choices button.choice"))
                        .await
                    {
                        let _ = b.click().await;
                    }
                }
                ok
            } else if attempts % 7 == 1 {
                keys += 1;
                self.js(
                    "document.dispatchEvent(new KeyboardEvent('keydown', {key: '1'})); return 1;",
                )
                .await;
                true
            } else {
                let buttons = self
                    .client
                    .find_all(Locator::Css("#choices button.choice"))
                    .await
                    .unwrap_or_default();
                !buttons.is_empty() && buttons[attempts % buttons.len()].click().await.is_ok()
            };
            if clicked {
                clicks += 1;
            }
            let wait_until = Instant::now() + Duration::from_secs(10);
            while self.version().await == before && Instant::now() < wait_until {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            if clicks == 30 {
                self.shoot(&format!("middle-{mode}")).await;
                self.replay_back(mode).await;
            }
        }
        self.client
            .wait()
            .for_element(Locator::Css("#overlay .results"))
            .await
            .unwrap();
        self.shoot(&format!("results-{mode}")).await;
        let status = self
            .client
            .find(Locator::Id("status"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let over = if mode == "campaign" {
            "Act I over"
        } else {
            "Game over"
        };
        assert!(status.starts_with(over), "{status}");
        assert!(saw_court_text, "a Court card's text was never visible");
        assert!(saw_pips, "an action card's pips were never visible");
        assert!(saw_counts, "ambition counts were never visible");
        if mode == "leaders-lore" {
            assert!(
                saw_draft,
                "the draft's leader and lore texts were never visible"
            );
        }
        if mode == "leaders-lore" || mode == "campaign" {
            assert!(saw_starts, "the starting spots were never marked");
        }
        if mode == "campaign" {
            assert!(saw_fates, "the Fate offer was never shown as cards");
            assert!(saw_campaign, "the campaign panel was never filled");
        }
        assert!(keys > 0);
        assert!(
            inside_checked > 0,
            "pieces were never checked inside their systems"
        );
        if limit.is_none() {
            assert!(zoomed, "the map was never zoomed to click on it");
        }
        if saw_summit {
            eprintln!("the {mode} game went through a Summit with the deal builder");
        }
        if saw_battle {
            eprintln!("the {mode} game showed the battle panel");
        }
        (clicks, table_clicks)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_whole_games_by_clicking() {
    let required = std::env::var_os("ARCS_BROWSER_TEST").is_some();
    let (Some(chromedriver), Some(chromium)) = (
        find("chromedriver"),
        find("chromium").or_else(|| find("chromium-browser")),
    ) else {
        assert!(
            !required,
            "ARCS_BROWSER_TEST is set but chromium/chromedriver are missing"
        );
        eprintln!("skipped: chromium and chromedriver are not installed");
        return;
    };

    // The server, in-process, on a free loopback port.
    // Live-update streams end every few seconds here (10 minutes in
    // service), so the games are also played across the page's
    // reconnections (issue 18 item 3).
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arcs.sqlite3");
    let open_hub = || {
        Hub::open_with(
            Arc::new(SqliteStore::open(&db).unwrap()),
            HubSettings {
                streams: StreamLimits {
                    lifetime: Duration::from_secs(8),
                    ..StreamLimits::default()
                },
                ..HubSettings::default()
            },
        )
        .unwrap()
    };
    let hub = open_hub();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let base = format!("http://{addr}");
    let served = hub.clone();
    let server = tokio::spawn(async move { axum::serve(listener, http::router(served)).await });

    let port = free_port();
    let _driver = Driver(
        Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1280,720",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--no-first-run", "--hide-scrollbars"],
        }),
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    let client = loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => break c,
            Err(e) if Instant::now() < deadline => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("cannot reach chromedriver: {e}"),
        }
    };
    let mut table = Table {
        client,
        base,
        shots: screenshots_dir(),
        taken: BTreeSet::new(),
    };
    table.resize(1280, 720).await;

    // A name with markup is shown as text, never as markup.
    let link = table
        .create("base", &["human", "heuristic"], "<b>Ann</b>")
        .await;
    let (clicks, table_clicks) = table.play(&link, "base").await;
    assert!(clicks > 20, "only {clicks} clicks");
    assert!(table_clicks > 0, "never acted on the table itself");
    let bold = table
        .js("return document.querySelectorAll('main.table b b, #whoami b').length;")
        .await;
    assert_eq!(bold, Value::from(0), "a player's name was read as markup");
    // Issue 18 item 8: the page sends its token in a header, never in a
    // URL, and follows the game with a stream opened by a ticket.
    let urls = table
        .js("return performance.getEntriesByType('resource').map((e) => e.name);")
        .await;
    let urls: Vec<&str> = urls
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        urls.iter().all(|u| !u.contains("token=")),
        "a token in a URL: {urls:?}"
    );
    assert!(
        urls.iter().any(|u| u.contains("/stream-ticket")),
        "no stream ticket asked for: {urls:?}"
    );
    let start = Instant::now();
    while hub.streams().open() == 0 {
        // Between two streams for a moment (a reconnection).
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the page does not follow the game"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let link = table
        .create("leaders-lore", &["human", "heuristic", "random"], "Bo")
        .await;
    table.play(&link, "leaders-lore").await;

    // The Blighted Reach, Act I: Fates drawn and chosen in secret.
    let link = table
        .create("campaign", &["human", "heuristic"], "Cy")
        .await;
    table.play(&link, "campaign").await;

    // The Summit's deal builder (issue 21): a campaign of two people is
    // played through the API until a Summit's Negotiations come to seat
    // 1; its page builds a deal by clicking and proposes it, and seat 2's
    // page answers it.
    summit_by_clicking(&mut table, &hub).await;

    // Issue 20: a campaign without Fates goes on past Act I. Its Act I is
    // played through the API (the clicking was shown above) ...
    let g = hub
        .create(
            CreateGame {
                seats: vec!["human".into(), "random".into(), "random".into()],
                mode: Some("campaign".into()),
                without_fates: true,
                bot_delay_ms: Some(0),
                names: Some(vec![Some("Di".into()), None, None]),
                ..CreateGame::default()
            },
            None,
        )
        .await
        .unwrap();
    let tok = g.seats[0].token.clone().unwrap();
    play_out_by_api(&hub, &g.id, &tok).await;
    // ... then the server restarts (the page's game is read back from the
    // database) ...
    server.abort();
    let _ = server.await;
    drop(hub);
    let hub = open_hub();
    let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
    let served = hub.clone();
    tokio::spawn(async move { axum::serve(listener, http::router(served)).await });
    // ... and the page continues through the Intermission into Act II.
    let next = continue_to_next_act(
        &mut table,
        &g.id,
        &tok,
        "Act II",
        "results-campaign-act-one-continue",
    )
    .await;
    let sheet = table
        .js("return [...document.querySelectorAll('#campaign details.log-sheet tbody tr')].length;")
        .await;
    assert_eq!(sheet, Value::from(3), "the log sheet lists the three seats");
    table.shoot("campaign-act-two").await;
    // The campaign page (linked from the table): the log sheet of both
    // Acts so far and Act I's report.
    let page = format!("{}/c/{}#token={tok}", table.base, g.id);
    table.client.goto(&page).await.unwrap();
    table
        .client
        .wait()
        .for_element(Locator::Css("#sheet table.sheet tbody tr"))
        .await
        .unwrap();
    let cols = table
        .js("return document.querySelectorAll('#sheet table.sheet thead th').length;")
        .await;
    assert_eq!(cols, Value::from(3), "a column per Act so far");
    let reports = table
        .js("return document.querySelectorAll('#reports .report').length;")
        .await;
    assert_eq!(reports, Value::from(1), "Act I's report");
    let errors = table.js("return window.arcsErrors.length;").await;
    assert_eq!(errors, Value::from(0));
    table.shoot("campaign-page").await;
    let (clicks, _) = table.play_up_to(&next, "campaign-act-two", Some(25)).await;
    assert!(clicks >= 25, "Act II was not played on: {clicks} clicks");

    // Issue 22: a campaign with A Fates that play all three Acts (kept
    // while the B and C Fates are not built) goes on into Act III: Acts I
    // and II are played through the API, each continued from its results
    // on the page.
    let g = hub
        .create(
            CreateGame {
                seats: vec!["human".into(), "random".into(), "random".into()],
                mode: Some("campaign".into()),
                fates: Some(vec![
                    "Caretaker".into(),
                    "Steward".into(),
                    "Advocate".into(),
                ]),
                bot_delay_ms: Some(0),
                names: Some(vec![Some("Ev".into()), None, None]),
                ..CreateGame::default()
            },
            None,
        )
        .await
        .unwrap();
    let tok = g.seats[0].token.clone().unwrap();
    play_out_by_api(&hub, &g.id, &tok).await;
    let act2 = continue_to_next_act(
        &mut table,
        &g.id,
        &tok,
        "Act II",
        "campaign-fates-act-one-end",
    )
    .await;
    let act2_id = game_id(&act2);
    // Off the table while the bots play it out fast: the page would redraw
    // every move.
    table.client.goto("about:blank").await.unwrap();
    play_out_by_api(&hub, &act2_id, &tok).await;
    let act3 = continue_to_next_act(
        &mut table,
        &act2_id,
        &tok,
        "Act III",
        "campaign-fates-act-two-end",
    )
    .await;
    table.shoot("campaign-fates-act-three").await;
    // The Caretaker's Act III edict is in the rules booklet on the page.
    let text = table.js("return document.body.textContent;").await;
    assert!(
        text.as_str()
            .is_some_and(|s| s.contains("Golems Sate Their Appetite")),
        "the rules booklet lists the Caretaker's edict"
    );
    let (clicks, _) = table
        .play_up_to(&act3, "campaign-fates-act-three", Some(15))
        .await;
    assert!(clicks >= 15, "Act III was not played on: {clicks} clicks");
    // Once every Fate is set up: the Steward's Act III edict is in the
    // booklet, Govern with Authority is the Policy's card and the panel
    // says where the Sponsored token lies.
    table.shoot("campaign-steward-act-three").await;
    let text = table.js("return document.body.textContent;").await;
    for (words, what) in [
        ("Imperial Sponsor", "the Steward's edict"),
        ("(Govern with Authority)", "the Steward's Govern cards"),
        ("Sponsored token:", "where the Sponsored token lies"),
    ] {
        assert!(
            text.as_str().is_some_and(|s| s.contains(words)),
            "the campaign panel shows {what}"
        );
    }
    let errors = table.js("return window.arcsErrors.length;").await;
    assert_eq!(errors, Value::from(0));
    table.client.close().await.unwrap();
}

/// The game id in a table's address (`…/g/ID#token=…`).
fn game_id(url: &str) -> String {
    let path = url.split('#').next().unwrap_or(url);
    path.rsplit("/g/").next().unwrap_or(path).to_string()
}

/// Plays seat 0's decisions through the API, any legal choice, until the
/// game (an Act) is over.
async fn play_out_by_api(hub: &Arc<Hub>, id: &str, tok: &str) {
    for _ in 0..40_000 {
        let s = hub.snapshot(id, tok).await.unwrap();
        if s.view.outcome.is_some() {
            return;
        }
        if s.your_turn {
            let n = s.choices_text.len();
            let _ = hub
                .act(id, tok, s.version, (s.version as usize * 5) % n)
                .await;
        } else {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
    panic!("the Act of game {id} did not end");
}

/// On a finished Act's page, clicks "Continue to the Intermission" and
/// waits for the next Act's table, whose counter names `act`; returns its
/// address.
async fn continue_to_next_act(
    table: &mut Table,
    id: &str,
    tok: &str,
    act: &str,
    shot: &str,
) -> String {
    let page = format!("{}/g/{id}#token={tok}", table.base);
    table.client.goto(&page).await.unwrap();
    let button = table
        .client
        .wait()
        .for_element(Locator::Css("#overlay .results button.next-act"))
        .await
        .unwrap();
    table.shoot(shot).await;
    button.click().await.unwrap();
    let start = Instant::now();
    let on_this = format!("/g/{id}");
    while table
        .client
        .current_url()
        .await
        .unwrap()
        .as_str()
        .contains(&on_this)
    {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the page stayed on the finished Act"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let next = table.client.current_url().await.unwrap().to_string();
    assert!(next.ends_with(&format!("#token={tok}")), "{next}");
    table
        .client
        .wait()
        .for_element(Locator::Css("svg#board g.sys"))
        .await
        .unwrap();
    let start = Instant::now();
    loop {
        let status = table
            .js("return document.getElementById('counter').textContent;")
            .await;
        // "Act II" is also the start of "Act III": match the whole word.
        let shown = status.as_str().is_some_and(|s| {
            s.split(|c: char| !c.is_alphanumeric() && c != ' ')
                .any(|part| {
                    part.split_whitespace()
                        .collect::<Vec<_>>()
                        .windows(2)
                        .any(|w| w[0] == "Act" && format!("Act {}", w[1]) == act)
                })
        });
        if shown {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "not {act}: {status}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    next
}

/// Plays campaign games of two people through the API (any choice, but
/// calling every Summit) until seat 1 may propose a deal to seat 2; then
/// builds one on seat 1's page, proposes it, and answers it on seat 2's.
async fn summit_by_clicking(table: &mut Table, hub: &Arc<Hub>) {
    let mut found = None;
    'games: for game in 0..6usize {
        let g = hub
            .create(
                CreateGame {
                    seats: vec!["human".into(), "human".into()],
                    mode: Some("campaign".into()),
                    bot_delay_ms: Some(0),
                    names: Some(vec![Some("Eve".into()), Some("Flo".into())]),
                    ..CreateGame::default()
                },
                None,
            )
            .await
            .unwrap();
        let toks: Vec<String> = g.seats.iter().map(|s| s.token.clone().unwrap()).collect();
        for _ in 0..5_000 {
            let mut moved = false;
            for (k, tok) in toks.iter().enumerate() {
                let s = hub.snapshot(&g.id, tok).await.unwrap();
                if s.view.outcome.is_some() {
                    continue 'games;
                }
                if !s.your_turn {
                    continue;
                }
                let summit = s.view.campaign.as_ref().and_then(|c| c.summit.as_ref());
                let stage = summit.and_then(|x| x.stage);
                let to_seat_2 = s.view.pending.as_ref().is_some_and(|p| {
                    p.choices.iter().any(
                        |c| matches!(c, arcs_engine::Choice::Negotiate(n) if n.by.0 + n.to.0 == 1),
                    )
                });
                if k == 0
                    && stage == Some(arcs_engine::view::SummitStage::Negotiations)
                    && to_seat_2
                {
                    found = Some((g.id.clone(), toks.clone()));
                    break 'games;
                }
                let words = &s.choices_described;
                let pick = ["Call the Summit", "Propose this deal"]
                    .iter()
                    .find_map(|w| words.iter().position(|d| d == w))
                    .unwrap_or((s.version as usize * 7 + game) % words.len().max(1));
                hub.act(&g.id, tok, s.version, pick).await.unwrap();
                moved = true;
                break;
            }
            if !moved {
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        }
    }
    let (id, toks) = found.expect("no Summit came to seat 1 in six campaign games");
    let base = table.base.clone();
    let page = |k: usize| format!("{base}/g/{id}#token={}", toks[k]);
    let browser = table.client.clone();
    let wait_for = |sel: &'static str| {
        let client = browser.clone();
        async move {
            client
                .wait()
                .at_most(Duration::from_secs(20))
                .for_element(Locator::Css(sel))
                .await
                .unwrap_or_else(|e| panic!("{sel}: {e}"));
        }
    };
    // Seat 1: the Rivals in their colours, menus by kind and direction.
    table.client.goto(&page(0)).await.unwrap();
    wait_for("#choices .summit[data-stage=negotiations] button[data-rival]").await;
    let _ = table
        .js("const b = document.querySelector('#overlay button.close'); if (b) b.click(); return 1;")
        .await;
    let shape = table
        .js("const s = document.querySelector('#choices .summit');
             return {rivals: [...s.querySelectorAll('button[data-rival]')].map((b) => b.dataset.rival),
                     menus: [...s.querySelectorAll('button.menu')].map((b) => b.textContent),
                     numbered: document.querySelectorAll('#choices kbd').length,
                     region: s.closest('[data-region]').dataset.region};")
        .await;
    assert_eq!(shape["rivals"], serde_json::json!(["2"]), "{shape}");
    assert_eq!(shape["numbered"], 0, "the builder numbers its buttons");
    assert_eq!(shape["region"], "choices");
    assert!(
        shape["menus"].as_array().is_some_and(|m| !m.is_empty()),
        "{shape}"
    );
    // Pick the Rival, open the first menu, add its first term.
    let before = table.version().await;
    let added = table
        .js(
            "document.querySelector('#choices .summit button[data-rival=\"2\"]').click();
             document.querySelector('#choices .summit button.menu').click();
             const t = document.querySelector('#choices .summit .menu-items button.choice');
             const words = t.innerText;
             t.click();
             return words;",
        )
        .await;
    let added = added.as_str().unwrap().to_string();
    assert!(!added.starts_with("Propose"), "{added}");
    while table.version().await == before {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    wait_for("#choices .summit[data-stage=proposal] .deal-terms li").await;
    let deal = table
        .js("return [...document.querySelectorAll('#choices .summit .deal-terms li')].map((l) => l.innerText);")
        .await;
    assert_eq!(deal, serde_json::json!([added]), "the deal so far");
    // Cede Control on the map: a term pointed at rings its system, and a
    // system clicked on the map lists the terms that cede a piece there.
    let pointed = table
        .js("const m = document.querySelector('#choices .summit button.menu[data-menu$=\":cede\"]');
             if (!m) return 'no Cede Control menu';
             m.click();
             const t = document.querySelector('#choices .summit .menu-items button.choice');
             t.dispatchEvent(new MouseEvent('mouseenter'));
             const on = [...document.querySelectorAll('#board .sys.pointed')].map((g) => g.dataset.system);
             t.dispatchEvent(new MouseEvent('mouseleave'));
             const off = document.querySelectorAll('#board .sys.pointed').length;
             return {on, off, words: t.innerText};")
        .await;
    assert_eq!(
        pointed["on"].as_array().map(|a| a.len()),
        Some(1),
        "{pointed}"
    );
    assert_eq!(pointed["off"], 0, "{pointed}");
    let sys = pointed["on"][0].as_str().unwrap().to_string();
    let before = table.version().await;
    table
        .js(&format!(
            "document.querySelector('#board g.sys[data-target=\"sys:{sys}\"]').dispatchEvent(new MouseEvent('click', {{bubbles: true}})); return 1;"
        ))
        .await;
    // One term there is added at once; several are listed first.
    let from_map = table
        .js(
            "const f = document.querySelector('#choices .summit .from-map');
             return f ? [...f.querySelectorAll('button.choice')].map((b) => b.innerText) : null;",
        )
        .await;
    if let Some(list) = from_map.as_array() {
        assert!(list.len() > 1, "{from_map}");
        let t = table
            .js("const b = document.querySelector('#choices .summit .from-map button.choice'); const w = b.innerText; b.click(); return w;")
            .await;
        assert!(list.contains(&t), "{t}");
    }
    while table.version().await == before {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    wait_for("#choices .summit .deal-terms li[data-system]").await;
    let ring = table
        .js("return [...document.querySelectorAll('#board .start text')].map((t) => t.textContent);")
        .await;
    assert!(
        ring.as_array().is_some_and(|r| r
            .iter()
            .any(|t| t.as_str().is_some_and(|t| t.contains("ceded to")))),
        "the ceded system is ringed on the map: {ring}"
    );
    let deal = table
        .js("return [...document.querySelectorAll('#choices .summit .deal-terms li')].map((l) => l.innerText);")
        .await;
    assert_eq!(deal[0], serde_json::json!(added), "{deal}");
    assert_eq!(deal.as_array().map(|d| d.len()), Some(2), "{deal}");
    // A second menu open for the screenshot: the deal, the Rival, a menu.
    table
        .js("const m = document.querySelectorAll('#choices .summit button.menu'); m[m.length > 1 ? 1 : 0].click(); return 1;")
        .await;
    table.shoot("summit-builder").await;
    let before = table.version().await;
    table
        .js("document.querySelector('#choices .summit .acts button.primary').click(); return 1;")
        .await;
    while table.version().await == before {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Everyone sees the deal on the table.
    wait_for("#choices .waiting-deal .deal-terms li").await;
    // Seat 2: the deal term by term, Agree or Decline.
    // (Only the fragment differs: a blank page between makes it a load.)
    table.client.goto("about:blank").await.unwrap();
    table.client.goto(&page(1)).await.unwrap();
    wait_for("#choices .summit .consent button.agree").await;
    let _ = table
        .js("const b = document.querySelector('#overlay button.close'); if (b) b.click(); return 1;")
        .await;
    let consent = table
        .js("const c = document.querySelector('#choices .consent');
             return {title: c.querySelector('h3').innerText,
                     terms: [...c.querySelectorAll('.deal-terms li')].map((l) => l.innerText),
                     buttons: [...c.querySelectorAll('.acts button')].map((b) => b.innerText)};")
        .await;
    assert_eq!(consent["terms"], deal, "{consent}");
    assert_eq!(
        consent["buttons"],
        serde_json::json!(["Agree", "Decline"]),
        "{consent}"
    );
    assert!(
        consent["title"].as_str().unwrap().contains("Eve"),
        "{consent}"
    );
    table.shoot("summit-consent").await;
    let before = table.version().await;
    table
        .js("document.querySelector('#choices .consent button.agree').click(); return 1;")
        .await;
    while table.version().await == before {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let log = table
        .js("return [...document.querySelectorAll('#log li')].map((l) => l.innerText).join('\\n');")
        .await;
    assert!(
        log.as_str().unwrap().contains("agrees"),
        "the deal was not agreed: {log}"
    );
    let errors = table.js("return window.arcsErrors.length;").await;
    assert_eq!(errors, Value::from(0));
}
