// A seat's page: fetches its snapshot (docs/api.md), follows live
// updates (which carry only a version number), and renders the board,
// the decision, the hand, the panels and the log.

import { $, esc, seatLabel, isBot } from "./util.js";
import { api } from "./api.js";
import { loadData } from "./data.js";
import { renderBoard } from "./board.js";
import { targetIndex, renderChoices } from "./prompt.js";
import { renderLog, setUpLogOptions } from "./log.js";
import * as panels from "./panels.js";
import { setUpZoom } from "./zoom.js";
import { setUpMapZoom } from "./mapzoom.js";
import { renderHelp, topicOf, topicTitle, loadHelp } from "./help.js";
import { isSummitDecision, renderSummit, summitWaiting, closeMenu, wireDealRings } from "./summit.js";
import { renderReplay } from "./replay.js";

const gameId = () => location.pathname.split("/").pop();
// The link's secret sits in the fragment (#token=…), which the browser
// never sends; the page sends it in a header (api.js).
const token = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";
const q = () => "log=400";

let data = null;
let snap = null;
let targets = new Map();
let subset = null; // choice indices after a board click
let busy = false;
let recent = new Set(); // systems changed by the latest events
let shownLog = 0; // events shown so far (numbered from the game's start)
let tab = "log"; // the side panel's open tab
let helpTopic = null; // the help topic asked for
let reopened = null; // a chapter scoring reopened from the history

/** A short note that something happened as asked (an undo). */
let noteTimer = null;
function showNote(msg) {
  const box = $("note");
  box.textContent = msg;
  box.hidden = false;
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => { box.hidden = true; }, 4000);
}

/** A short-lived message (a refused move, a lost connection): it never
 * stays over the table. */
let errorTimer = null;
function showError(msg) {
  $("error").textContent = msg || "";
  $("error").hidden = !msg;
  clearTimeout(errorTimer);
  if (msg) errorTimer = setTimeout(() => showError(""), 6000);
}

export async function game() {
  try {
    [data] = await Promise.all([loadData(), loadHelp()]);
    await refresh();
    follow();
    $("undo").onclick = undo;
    $("results").onclick = () => {
      try { localStorage.removeItem(`arcs.results.${gameId()}`); } catch (e) { /* ignore */ }
      render();
    };
    document.addEventListener("keydown", onKey);
    // One handler for every clickable piece, slot, card and die on the table.
    document.querySelector("main.table").addEventListener("click", onTargetClick);
    setUpZoom(data);
    setUpMapZoom($("board"), $("board-wrap"));
    setUpTabs();
    setUpLogOptions(() => render());
    $("side-size").onclick = () => setSideLarge(!$("side").classList.contains("large"));
    document.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && e.target.dataset && e.target.dataset.target) onTargetClick(e);
    });
    setUpNotifications();
  } catch (err) {
    showError(err.message);
  }
}

/**
 * Follows the game's live updates. The stream opens with a single-use
 * ticket (EventSource cannot send the token in a header), and the server
 * ends every stream after a while and refuses new ones when too many are
 * open (docs/api.md, Limits): on any end or error the page asks for a new
 * ticket and opens a new stream, waiting longer after each failure
 * (1 s, 2 s, 4 s … at most a minute).
 */
let stream = null;
let retries = 0;
let retryTimer = null;
async function follow() {
  clearTimeout(retryTimer);
  if (stream) stream.close();
  stream = null;
  let ticket;
  try {
    ticket = (await api("POST", `/api/games/${gameId()}/stream-ticket`, undefined, token())).ticket;
  } catch (err) {
    followLater();
    return;
  }
  const es = new EventSource(`/api/games/${gameId()}/updates?ticket=${encodeURIComponent(ticket)}`);
  stream = es;
  es.onopen = () => { retries = 0; };
  // Each message is the game's version: the first one the version now, so
  // after a reconnection the page fetches only if it missed something.
  es.onmessage = (e) => {
    let v = null;
    try { v = JSON.parse(e.data).version; } catch (err) { v = null; }
    if (!snap || v !== snap.version) refresh();
  };
  es.onerror = () => {
    // The browser would retry with the used ticket: take over instead.
    es.close();
    if (stream !== es) return;
    stream = null;
    followLater();
  };
}

function followLater() {
  const wait = Math.min(60000, 1000 * 2 ** Math.min(retries, 6));
  retries += 1;
  // After a stream that ended, the next one's first message says whether
  // anything changed; while streams keep failing, look at the game at
  // each try instead.
  const look = retries > 1;
  retryTimer = setTimeout(() => { if (look) refresh(); follow(); }, wait);
}

async function refresh() {
  try {
    const wasMine = snap && snap.your_turn;
    const next = await api("GET", `/api/games/${gameId()}?${q()}`, undefined, token());
    if (!window.arcsErrors.length) showError("");
    show(next);
    if (snap.your_turn && !wasMine && document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification("Arcs: your turn", { body: snap.prompt_described || snap.prompt_text || "" });
    }
  } catch (err) {
    showError(err.message);
  }
}

/** Where this browser last looked (the log's length), per game and seat. */
const seenKey = () => `arcs.seen.${gameId()}.${token().slice(0, 8)}`;

/**
 * Takes a new snapshot. The systems named by the events since the last
 * one — on opening the page, since this browser last looked, else the
 * last move — are highlighted as what changed.
 */
function show(next) {
  // Events are numbered for good by log_start + their place in `log`.
  const log = next.view.log;
  const start = next.log_start || 0;
  const total = start + log.length;
  let since = shownLog;
  if (!snap) {
    try { since = Number(localStorage.getItem(seenKey()) || 0); } catch (e) { since = 0; }
  }
  const fresh = log.slice(Math.min(Math.max(since - start, 0), log.length));
  const changed = new Set();
  for (const e of fresh) for (const s of e.systems || []) changed.add(s);
  if (!snap && !changed.size) {
    const last = [...log].reverse().find((e) => e.systems && e.systems.length);
    if (last) last.systems.forEach((s) => changed.add(s));
  }
  if (changed.size || !snap) recent = changed;
  if (!snap || next.version !== snap.version) subset = null;
  shownLog = total;
  try { localStorage.setItem(seenKey(), String(total)); } catch (e) { /* private mode */ }
  snap = next;
  render();
}

async function choose(index) {
  if (busy || !snap.your_turn) return;
  busy = true;
  showError("");
  try {
    show(await api("POST", `/api/games/${gameId()}/choice?${q()}`, { version: snap.version, index }, token()));
  } catch (err) {
    showError(err.message);
    if (err.status === 409) await refresh();
  } finally {
    busy = false;
  }
}

/** Starts the next campaign Act (or finds it started) and opens it with
 * this seat's link: the token carries over (issue 20 §6). */
async function continueCampaign(button) {
  if (busy) return;
  busy = true;
  button.disabled = true;
  showError("");
  try {
    const r = await api("POST", `/api/games/${gameId()}/continue`, undefined, token());
    location.assign(`/g/${encodeURIComponent(r.id)}${location.hash}`);
  } catch (err) {
    showError(err.message);
    button.disabled = false;
  } finally {
    busy = false;
  }
}

async function undo() {
  showError("");
  const what = snap.undo_words;
  try {
    show(await api("POST", `/api/games/${gameId()}/undo?${q()}`, { version: snap.version }, token()));
    showNote(what ? `Taken back: ${what}.` : "Your last choice was taken back.");
  } catch (err) {
    showError(err.message);
    if (err.status === 409) await refresh();
  }
}

/** A board element, card or slot was clicked: act or narrow. */
function onTargetClick(e) {
  const node = e.target.closest && e.target.closest("[data-target]");
  if (!node || !snap || !snap.your_turn) return;
  const hits = targets.get(node.dataset.target);
  if (!hits || !hits.length) return;
  e.preventDefault();
  if (hits.length === 1) return choose(hits[0]);
  subset = hits;
  renderDecision();
}

function onKey(e) {
  if (e.target.closest && e.target.closest("input, select, textarea")) return;
  if (e.key === "Escape" && $("side").classList.contains("large")) {
    setSideLarge(false);
    return;
  }
  if (e.key === "Escape" && $("dock").classList.contains("summit") && closeMenu()) {
    renderDecision();
    return;
  }
  if (e.key === "Escape" && subset) {
    subset = null;
    renderDecision();
    return;
  }
  if ((e.key === "u" || e.key === "U") && snap && snap.undoable) return undo();
  const n = Number(e.key);
  // The Summit's deal builder has no numbered list: its buttons are
  // reached with Tab and Enter.
  if (n >= 1 && n <= 9 && snap && snap.your_turn && !$("dock").classList.contains("summit")) {
    const buttons = $("choices").querySelectorAll("button.choice");
    if (buttons[n - 1]) buttons[n - 1].click();
  }
}

/** The "Notify me" dialog: browser notifications and the seat's webhook. */
function setUpNotifications() {
  if (!snap.you) return;
  const dialog = $("notify-dialog");
  $("notify").hidden = false;
  $("notify").onclick = () => {
    $("webhook-state").textContent = snap.webhook ? "A web address is set for this seat." : "";
    $("browser-notify-state").textContent = "Notification" in window ? `(${Notification.permission === "granted" ? "on" : Notification.permission === "denied" ? "blocked by the browser" : "off"})` : "(not available)";
    dialog.showModal();
  };
  $("browser-notify").onclick = async () => {
    if (!("Notification" in window)) return;
    await Notification.requestPermission();
    $("browser-notify-state").textContent = `(${Notification.permission === "granted" ? "on" : "off"})`;
  };
  const hook = async (method, body) => {
    $("webhook-state").textContent = "";
    try {
      const r = await api(method, `/api/games/${gameId()}/webhook`, body, token());
      snap.webhook = !!(r && r.webhook);
      $("webhook-state").textContent = snap.webhook ? "Saved: it is called when this seat must decide." : "Removed.";
    } catch (err) {
      $("webhook-state").textContent = err.message;
    }
  };
  $("webhook-save").onclick = () => hook("PUT", { url: $("webhook-url").value.trim() });
  $("webhook-remove").onclick = () => hook("DELETE");
}

/** The side panel's tabs (the campaign, the log, the history, the rules
 *  help); links elsewhere may open one (`data-tab-open`). */
function setUpTabs() {
  document.addEventListener("click", (e) => {
    const t = e.target.closest && e.target.closest("[data-tab], [data-tab-open], [data-help], [data-scoring]");
    if (!t) return;
    if (t.dataset.scoring) {
      reopened = Number(t.dataset.scoring);
      render();
      return;
    }
    if (t.dataset.help) {
      helpTopic = t.dataset.help;
      tab = "help";
    } else {
      tab = t.dataset.tab || t.dataset.tabOpen;
      if (tab !== "help") helpTopic = null;
    }
    // A tab asked for opens large over the right column (the strip at the
    // bottom is too small to read); Esc or "Smaller" brings it back.
    setSideLarge(true);
    renderTabs();
    if (tab === "help") renderHelp($("help"), snap.view, helpTopic);
    if (tab === "replay") renderReplay($("replay"), snap, data, gameId(), token());
  });
}

function setSideLarge(on) {
  $("side").classList.toggle("large", on);
  $("side-size").textContent = on ? "Smaller" : "Enlarge";
}

function renderTabs() {
  const v = snap.view;
  const campaignTab = document.querySelector('[data-tab="campaign"]');
  campaignTab.hidden = !v.campaign;
  if (tab === "campaign" && !v.campaign) tab = "log";
  document.querySelectorAll("#tabs [data-tab]").forEach((b) => {
    b.setAttribute("aria-selected", b.dataset.tab === tab ? "true" : "false");
  });
  document.querySelectorAll("#side .tab-panel").forEach((p) => { p.hidden = p.dataset.panel !== tab; });
}

/** Whether this browser closed the scoring of `what` (a chapter, or "results"). */
function dismissed(what) {
  try {
    if (what === "results") return localStorage.getItem(`arcs.results.${gameId()}`) === "closed";
    return Number(localStorage.getItem(`arcs.scored.${gameId()}`) || 0) >= what;
  } catch (e) { return false; }
}

function closeOverlay(what) {
  if (what === -1) {
    reopened = null;
    render();
    return;
  }
  try {
    if (what === "results") localStorage.setItem(`arcs.results.${gameId()}`, "closed");
    else localStorage.setItem(`arcs.scored.${gameId()}`, String(what));
  } catch (e) { /* ignore */ }
  render();
}

/** Who we wait for, in words. */
function banner() {
  const v = snap.view;
  // Acts I and II name no winner (campaign p8): the seat ranked first.
  if (v.outcome && v.outcome.winner == null) return { mine: false, text: `${panels.counter(v)}: ${seatLabel(snap, (v.outcome.ranking || [])[0])} has the most Power` };
  if (v.outcome && v.campaign) return { mine: false, text: `The campaign is over: ${seatLabel(snap, v.outcome.winner)} wins` };
  if (v.outcome) return { mine: false, text: `Game over: ${seatLabel(snap, v.outcome.winner)} wins` };
  const p = v.pending;
  if (!p) return { mine: false, text: "" };
  if (snap.your_turn) return { mine: true, text: "Your turn" };
  const others = (snap.deciding || []).filter((s) => s !== snap.you);
  if (others.length > 1) return { mine: false, text: `Waiting for ${others.map((s) => seatLabel(snap, s)).join(", ")}` };
  const seat = others.length ? others[0] : p.seat;
  if (isBot(snap, seat)) return { mine: false, text: `${seatLabel(snap, seat)} (bot) is thinking…` };
  return { mine: false, text: `Waiting for ${seatLabel(snap, seat)}` };
}

function render() {
  const t0 = performance.now();
  const v = snap.view;
  targets = targetIndex(snap);
  const has = (key) => targets.has(key);
  document.body.dataset.version = snap.version;
  document.body.dataset.over = v.outcome ? "1" : "";
  const b = banner();
  const header = document.querySelector("header");
  header.classList.toggle("your-turn", b.mine);
  document.title = (b.mine ? "▶ Your turn — " : "") + "Arcs";
  $("status").textContent = b.text;
  $("whoami").textContent = snap.you ? `You are ${seatLabel(snap, snap.you)}` : "Spectating";
  $("whoami").className = snap.you ? `seat p${snap.you}` : "seat";
  $("counter").textContent = panels.counter(v);
  // The question in full above the choices (the header says whose turn
  // it is, so the question does not repeat it).
  const ask = (snap.prompt_described || snap.prompt_text || "").replace(/^Your turn:\s*/, "");
  $("prompt").textContent = ask ? ask[0].toUpperCase() + ask.slice(1) : "";
  $("prompt").hidden = !ask || !snap.your_turn;
  $("undo").hidden = !snap.undoable;
  // The Undo button says what it takes back.
  const undoWhat = snap.undo_words ? `Take back: ${snap.undo_words} (U)` : "Take back your last choice (U)";
  $("undo").title = undoWhat;
  $("undo").setAttribute("aria-label", undoWhat);
  $("board").innerHTML = renderBoard(v, data, has, recent, startSpots(v));
  panels.renderHand($("hand"), v, snap, data, has);
  renderDecision();
  panels.renderCampaign($("campaign"), v, snap, data, has);
  panels.renderOffer($("offer"), v, data, has);
  renderTabs();
  panels.renderHistory($("history"), v, snap, data);
  if (tab === "help") renderHelp($("help"), v, helpTopic);
  if (tab === "replay") renderReplay($("replay"), snap, data, gameId(), token());
  panels.renderRound($("round"), v, snap, data, has);
  panels.renderAmbitions($("ambitions"), v, snap, has);
  panels.renderCourt($("court"), v, data, has);
  panels.renderDraft($("draft"), v, data, has);
  panels.renderPlayers($("players"), v, snap, data, has);
  showTargets($("players"));
  renderLog($("log"), v, data, snap);
  panels.renderOverlay($("overlay"), v, snap, data, dismissed, closeOverlay, continueCampaign, reopened);
  $("results").hidden = !(v.outcome && dismissed("results"));
  // How long a render took (for measuring, not shown).
  document.body.dataset.renderMs = (performance.now() - t0).toFixed(1);
}

/**
 * Rings to mark on the map: in the campaign's setup, the systems this
 * seat's legal choices name (where it may place); the systems of the
 * Summit deal's Cede Control terms; in a
 * Leaders & Lore game while the draft is on, each seat's A, B and C
 * systems on the setup card (`view.starts`, from the engine).
 */
function startSpots(v) {
  const out = new Map();
  const add = (sys, label, seat) => {
    const m = out.get(sys) || { labels: [], seat };
    if (!m.labels.includes(label)) m.labels.push(label);
    if (m.seat !== seat) m.seat = null;
    out.set(sys, m);
  };
  const p = v.pending && v.pending.prompt;
  if (p && p.kind === "place_start" && snap.your_turn) {
    for (const key of targets.keys()) if (key.startsWith("sys:")) add(key.slice(4), "start", snap.you);
  }
  // The Summit's deal on the table: each Cede Control term rings the
  // system whose piece changes hands, in the receiver's colour.
  const sm = v.campaign && v.campaign.summit;
  for (const t of (sm && sm.deal) || []) {
    const cede = t.act && typeof t.act === "object" && t.act.cede;
    if (cede) add(cede.system, `ceded to P${t.to}`, t.to);
  }
  for (const st of v.starts || []) {
    add(st.a, `P${st.seat} A`, st.seat);
    add(st.b, `P${st.seat} B`, st.seat);
    for (const c of st.c) add(c, `P${st.seat} C`, st.seat);
  }
  return out;
}

// A smaller window shrinks the players' panel: keep what the decision
// names there in sight.
addEventListener("resize", () => showTargets($("players")));

/** Scrolls a panel that scrolls by itself so that what the decision
 *  names there (slots, cards, players) is in sight: all of it when it fits
 *  the panel (three Guild cards of two strips), else from the first. */
function showTargets(box) {
  if (!box) return;
  const rects = [...box.querySelectorAll("[data-target]")]
    .filter((e) => e.getClientRects().length)
    .map((e) => e.getBoundingClientRect());
  if (!rects.length) return;
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const q = box.getBoundingClientRect();
  if (bottom - top > q.height - 8 || top < q.top) box.scrollTop += top - q.top - 4;
  else if (bottom > q.bottom) box.scrollTop += bottom - q.bottom + 4;
}

/** The decision the choice list shows (a new one starts at its top). */
let listed = "";

function renderDecision() {
  const box = $("choices");
  const top = box.scrollTop;
  // A Summit decision shows as the deal builder (js/summit.js): the same
  // legal choices, grouped by Rival, kind and direction.
  const summit = isSummitDecision(snap);
  $("dock").classList.toggle("summit", summit);
  if (summit) renderSummit(box, snap, choose, subset, () => { subset = null; renderDecision(); });
  else renderChoices(box, snap, subset, choose, () => { subset = null; renderDecision(); });
  const now = `${snap.version}/${subset ? subset.join(",") : ""}`;
  box.scrollTop = now === listed ? top : 0;
  listed = now;
  $("dock").classList.toggle("waiting", !snap.your_turn);
  if (!snap.your_turn) {
    // During a Summit everyone sees the deal on the table.
    box.innerHTML = `<p class="wait">${esc(banner().text)}</p>${summitWaiting(snap)}`;
    wireDealRings(box);
  }
  // Help where the decision is: the rules term this prompt is about.
  const p = snap.view.pending && snap.view.pending.prompt;
  if (p && snap.your_turn) {
    const topic = summit ? "summit" : topicOf(p);
    box.insertAdjacentHTML("beforeend", `<button type="button" class="help-link link" data-help="${esc(topic)}">Rules help: ${esc(topicTitle(topic))}</button>`);
  }
  // Mark what the narrowed choices name.
  document.querySelectorAll(".narrowed").forEach((n) => n.classList.remove("narrowed"));
}
