// The lobby: choose who sits where (people and bots), the mode and the
// setup card, then share each seat's secret link. Games created in this
// browser are remembered here (localStorage) so they can be resumed.

import { $, esc, el } from "./util.js";
import { api } from "./api.js";

const KINDS = [
  ["human", "Person", "Someone with this seat's link plays it."],
  ["random", "Bot: random", "Plays any legal move. For learning the rules."],
  ["heuristic", "Bot: heuristic", "Follows simple good habits: quick and fair."],
  ["search", "Bot: search", "Thinks ahead for about half a second a move."],
  ["search:2s", "Bot: search (2 s)", "Thinks ahead for about two seconds a move."],
  ["search:5s", "Bot: search (5 s)", "The strongest: about five seconds a move."],
];
const STORE = "arcs.games";

function remembered() {
  try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
}
function remember(game) {
  const list = remembered().filter((g) => g.id !== game.id);
  list.unshift(game);
  try { localStorage.setItem(STORE, JSON.stringify(list.slice(0, 50))); } catch (e) { /* private mode */ }
}
function forget(id) {
  try { localStorage.setItem(STORE, JSON.stringify(remembered().filter((g) => g.id !== id))); } catch (e) { /* ignore */ }
}

const seatLink = (id, token) => `${location.origin}/g/${id}#token=${token}`;

function seatRow(n, kind = n === 1 ? "human" : "heuristic") {
  const select = el("select", { class: "seat-kind", "aria-label": `Seat ${n}` },
    ...KINDS.map(([v, label]) => el("option", { value: v, selected: v === kind, text: label })));
  const name = el("input", { class: "seat-name", maxlength: 24, placeholder: `P${n}`, "aria-label": `Name for seat ${n}` });
  const help = el("span", { class: "help" });
  const sync = () => {
    help.textContent = (KINDS.find(([v]) => v === select.value) || [])[2] || "";
    name.hidden = select.value !== "human";
  };
  select.addEventListener("change", () => { sync(); validate(); });
  sync();
  return el("div", { class: `seat-row p${n}` }, el("span", { class: "seat-no", text: `P${n}` }), select, name, help);
}

let setupCards = [];
let map = null;
/** The Fates a campaign can be played with so far: `{id, name}`. */
let fates = [];

const campaign = () => $("mode").value === "campaign";

/** One Fate select per seat, kept in step with the seat rows. */
function syncFateRows(n) {
  const rows = $("fate-rows");
  while (rows.children.length > n) rows.lastChild.remove();
  while (rows.children.length < n) {
    const i = rows.children.length;
    const select = el("select", { class: "fate-pick", "aria-label": `Fate for seat ${i + 1}` },
      ...fates.map((f, j) => el("option", { value: f.id, selected: j === i, text: f.name })));
    rows.append(el("label", { class: `fate-row p${i + 1}` }, el("span", { class: "seat-no", text: `P${i + 1}` }), select));
  }
}

/** The campaign's part of the form: Fates drawn or chosen, no setup card. */
function validateCampaign(n, problems) {
  const on = campaign();
  $("fates").hidden = !on;
  $("campaign-note").hidden = !on;
  $("setup-block").hidden = on;
  if (!on) return;
  const canDraw = fates.length >= 2 * n;
  $("fates-draw").disabled = !canDraw;
  if (!canDraw && $("fates-draw").checked) $("fates-choose").checked = true;
  const choose = $("fates-choose").checked;
  const none = $("fates-none").checked;
  syncFateRows(n);
  $("fate-rows").hidden = !choose;
  const names = fates.map((f) => f.name).join(", ");
  // Said plainly (issue 20 §2 F): with Fates, Act II waits for the B Fates.
  const later = "With Fates the campaign stops after Act I for now: Act II draws from the B Fates, which are still being built. Without Fates it goes on through all three Acts.";
  $("fates-help").textContent = none
    ? "The campaign's shared systems alone, through Acts I, II and III (not the campaign as printed: no objectives, no Fate cards)."
    : canDraw
    ? `Playable so far: ${names}. ${later}`
    : `Playable so far: ${names}. Drawing needs two per player, so choose each seat's Fate. ${later}`;
  if (choose) {
    const picks = [...document.querySelectorAll(".fate-pick")].map((s) => s.value);
    if (new Set(picks).size !== picks.length) problems.push("Each seat needs a different Fate.");
  }
  if (!none && fates.length < n) problems.push(`Only ${fates.length} Fates are playable so far: at most ${fates.length} players.`);
}

function validate() {
  const rows = [...document.querySelectorAll(".seat-row")];
  const n = rows.length;
  const people = rows.filter((r) => r.querySelector("select").value === "human").length;
  const problems = [];
  const seed = $("seed").value.trim();
  if (seed && !/^\d{1,19}$/.test(seed)) problems.push("The seed is a whole number.");
  if (seed && people > 1) problems.push("A chosen seed lets its chooser see every hand, so it is only for games with at most one person.");
  const delay = $("delay").value.trim();
  if (delay && !(/^\d+$/.test(delay) && Number(delay) <= 10000)) problems.push("Bot pace is 0 to 10000 milliseconds.");
  $("add-seat").disabled = n >= 4;
  $("remove-seat").disabled = n <= 2;
  $("second-lore").disabled = $("mode").value !== "leaders-lore";
  validateCampaign(n, problems);
  // Setup cards for this many players.
  const sel = $("setup-card");
  const keep = sel.value;
  sel.innerHTML = `<option value="">Random (${n} players)</option>` + setupCards
    .filter((c) => c.players === n)
    .map((c) => `<option value="${esc(c.id)}"${c.id === keep ? " selected" : ""}>${esc(c.name)}${c.experienced ? " (experienced)" : ""}</option>`).join("");
  preview();
  $("problems").innerHTML = problems.map((p) => `<li>${esc(p)}</li>`).join("");
  $("create-game").disabled = problems.length > 0;
  return problems.length === 0;
}

/** A small map: which clusters the chosen setup card leaves out. */
function preview() {
  const box = $("preview");
  const card = setupCards.find((c) => c.id === $("setup-card").value);
  if (!map || !card) {
    box.innerHTML = `<p class="muted">A setup card for ${document.querySelectorAll(".seat-row").length} players is drawn at random.</p>`;
    return;
  }
  const out = new Set(card.out_of_play || []);
  const wedges = [1, 2, 3, 4, 5, 6].map((c) => {
    const a0 = ((-120 + (c - 1) * 60) * Math.PI) / 180, a1 = ((-60 + (c - 1) * 60) * Math.PI) / 180;
    const p = (a, r) => `${(Math.cos(a) * r).toFixed(1)},${(Math.sin(a) * r).toFixed(1)}`;
    const am = ((-90 + (c - 1) * 60) * Math.PI) / 180;
    return `<path class="wedge${out.has(c) ? " out" : ""}" d="M${p(a0, 20)} L${p(a0, 90)} A90 90 0 0 1 ${p(a1, 90)} L${p(a1, 20)} A20 20 0 0 0 ${p(a0, 20)} Z"/>` +
      `<text x="${(Math.cos(am) * 58).toFixed(1)}" y="${(Math.sin(am) * 58 + 5).toFixed(1)}">${c}</text>`;
  }).join("");
  box.innerHTML = `<svg viewBox="-100 -100 200 200" role="img" aria-label="Clusters in play">${wedges}</svg>` +
    `<p>${out.size ? `Clusters ${[...out].join(" and ")} are out of play.` : "Every cluster is in play."}</p>`;
}

const MODES = { base: "Base game", "leaders-lore": "Leaders & Lore", campaign: "The Blighted Reach, Act I" };

function renderRemembered() {
  const list = remembered();
  $("your-games").hidden = list.length === 0;
  $("game-list").innerHTML = "";
  for (const g of list) {
    const seats = g.seats.filter((s) => s.token).map((s) =>
      el("a", { href: seatLink(g.id, s.token), class: "seat-link", text: s.name ? `${s.name} (P${s.seat})` : `P${s.seat}` }));
    const when = new Date(g.created).toLocaleString();
    $("game-list").append(el("li", {},
      el("span", { text: `${MODES[g.mode] || "Base game"}, ${g.seats.length} players — ${when}` }), " ",
      ...seats.flatMap((a) => [a, " "]),
      el("button", { type: "button", class: "link", text: "Forget", onclick: () => { forget(g.id); renderRemembered(); } })));
  }
}

function copyButton(text) {
  return el("button", {
    type: "button", class: "copy", text: "Copy link",
    onclick: async (e) => {
      try { await navigator.clipboard.writeText(text); e.target.textContent = "Copied"; } catch (err) { e.target.textContent = "Select and copy the link"; }
    },
  });
}

export async function lobby() {
  const seats = $("seat-rows");
  seats.append(seatRow(1), seatRow(2), seatRow(3));
  $("add-seat").onclick = () => { seats.append(seatRow(seats.children.length + 1)); validate(); };
  $("remove-seat").onclick = () => { if (seats.children.length > 2) seats.lastChild.remove(); validate(); };
  for (const id of ["mode", "seed", "delay", "setup-card", "second-lore", "fates-draw", "fates-choose", "fates-none", "fate-rows"]) $(id).addEventListener("input", validate);
  $("setup-card").addEventListener("change", preview);
  renderRemembered();
  try {
    let cards;
    [setupCards, map, cards] = await Promise.all([api("GET", "/api/setup-cards"), api("GET", "/api/map"), api("GET", "/api/cards")]);
    fates = cards.filter((c) => c.kind === "fate" && c.implemented).map((c) => ({ id: c.id, name: c.name }));
  } catch (err) {
    $("error").textContent = err.message;
  }
  validate();
  $("create").addEventListener("submit", async (e) => {
    e.preventDefault();
    $("error").textContent = "";
    if (!validate()) return;
    const rows = [...document.querySelectorAll(".seat-row")];
    const body = {
      seats: rows.map((r) => r.querySelector("select").value),
      mode: $("mode").value,
      second_lore: $("mode").value === "leaders-lore" && $("second-lore").checked,
    };
    const names = rows.map((r) => (r.querySelector("select").value === "human" ? r.querySelector(".seat-name").value.trim() : ""));
    if (names.some(Boolean)) body.names = names.map((n) => n || null);
    if (!campaign() && $("setup-card").value) body.setup_card = $("setup-card").value;
    if (campaign() && $("fates-choose").checked) body.fates = [...document.querySelectorAll(".fate-pick")].map((s) => s.value);
    if (campaign() && $("fates-none").checked) body.without_fates = true;
    if ($("seed").value.trim()) body.seed = Number($("seed").value.trim());
    if ($("delay").value.trim()) body.bot_delay_ms = Number($("delay").value.trim());
    $("create-game").disabled = true;
    try {
      const g = await api("POST", "/api/games", body);
      const seatsOut = g.seats.map((s, i) => ({ seat: s.seat, kind: s.player.kind, name: names[i] || "", token: s.token }));
      remember({ id: g.id, created: Date.now(), mode: body.mode, seats: seatsOut, spectator: g.spectator_token });
      const list = $("link-list");
      list.innerHTML = "";
      for (const s of g.seats) {
        if (!s.token) {
          list.append(el("li", {}, el("span", { class: `seat p${s.seat}`, text: `P${s.seat}` }), ` a bot (${s.player.level})`));
          continue;
        }
        const url = seatLink(g.id, s.token);
        list.append(el("li", {},
          el("span", { class: `seat p${s.seat}`, text: names[s.seat - 1] ? `${names[s.seat - 1]} (P${s.seat})` : `P${s.seat}` }), " ",
          el("a", { class: "seat-link", href: url, text: "Open this seat" }), " ", copyButton(url)));
      }
      const watch = seatLink(g.id, g.spectator_token);
      list.append(el("li", {}, el("span", { class: "seat", text: "Spectators" }), " ", el("a", { href: watch, text: "Watch" }), " ", copyButton(watch)));
      $("links").hidden = false;
      renderRemembered();
      $("links").scrollIntoView({ behavior: "smooth" });
    } catch (err) {
      $("error").textContent = err.message;
    } finally {
      $("create-game").disabled = false;
    }
  });
}
