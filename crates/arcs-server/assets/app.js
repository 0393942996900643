// The arcs web UI: a thin client of docs/api.md. It never sees more than
// its seat's snapshot; live updates only say "version N", then it refetches.
"use strict";
const Arcs = (() => {
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  const showError = (msg) => { $("error").textContent = msg || ""; };

  async function api(method, url, body) {
    const opts = { method, headers: {} };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const res = await fetch(url, opts);
    const data = await res.json().catch(() => ({ error: res.statusText }));
    if (!res.ok) {
      const err = new Error(data.error || res.statusText);
      err.status = res.status;
      throw err;
    }
    return data;
  }

  // ---------------------------------------------------------------- lobby
  const BOTS = [["human", "Person"], ["random", "Bot: random"], ["heuristic", "Bot: heuristic"],
    ["search:300ms", "Bot: search (fast)"], ["search:1s", "Bot: search (strong)"]];

  function lobby() {
    const rows = $("seat-rows");
    const addRow = (value) => {
      if (rows.children.length >= 4) return;
      const n = rows.children.length + 1;
      const label = document.createElement("label");
      label.innerHTML = `Seat ${n} <select class="seat">${BOTS.map(([v, t]) => `<option value="${v}">${t}</option>`).join("")}</select>`;
      label.querySelector("select").value = value;
      rows.appendChild(label);
    };
    // The setup card list follows the number of seats.
    let setups = [];
    const fillSetups = () => {
      const n = rows.children.length;
      const sel = $("setup-card");
      const keep = sel.value;
      sel.innerHTML = `<option value="">random</option>` + setups.filter((c) => c.players === n)
        .map((c) => `<option value="${esc(c.id)}">${esc(c.name)}${c.experienced ? " (experienced)" : ""}</option>`).join("");
      sel.value = [...sel.options].some((o) => o.value === keep) ? keep : "";
    };
    api("GET", "/api/setup-cards").then((c) => { setups = c; fillSetups(); }).catch((e) => showError(e.message));
    addRow("human"); addRow("heuristic"); addRow("heuristic");
    $("add-seat").onclick = () => { addRow("heuristic"); fillSetups(); };
    $("remove-seat").onclick = () => { if (rows.children.length > 2) rows.lastChild.remove(); fillSetups(); };
    $("create").onsubmit = async (e) => {
      e.preventDefault();
      showError("");
      const body = {
        seats: [...document.querySelectorAll("select.seat")].map((s) => s.value),
        mode: $("mode").value,
        second_lore: $("mode").value === "leaders-lore" && $("second-lore").checked,
      };
      if ($("setup-card").value.trim()) body.setup_card = $("setup-card").value.trim();
      if ($("seed").value.trim()) body.seed = Number($("seed").value.trim());
      if ($("delay").value.trim()) body.bot_delay_ms = Number($("delay").value.trim());
      try {
        const g = await api("POST", "/api/games", body);
        const list = $("link-list");
        list.innerHTML = "";
        for (const s of g.seats) {
          const li = document.createElement("li");
          if (s.token) {
            const url = `${location.origin}/g/${g.id}#token=${s.token}`;
            li.innerHTML = `Seat ${s.seat} (person): <a class="seat-link" href="${esc(url)}">${esc(url)}</a>`;
          } else {
            li.textContent = `Seat ${s.seat}: bot (${s.player.level})`;
          }
          list.appendChild(li);
        }
        const spec = `${location.origin}/g/${g.id}#token=${g.spectator_token}`;
        const li = document.createElement("li");
        li.innerHTML = `Spectators: <a class="spectator-link" href="${esc(spec)}">${esc(spec)}</a>`;
        list.appendChild(li);
        $("links").hidden = false;
      } catch (err) { showError(err.message); }
    };
  }

  // ----------------------------------------------------------------- game
  let map = null, cards = {}, snap = null, busy = false;
  const gameId = () => location.pathname.split("/")[2];
  const token = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";
  const seatClass = (owner) => (owner && owner.Seat ? `p${owner.Seat}` : "pe");
  const cardName = (id) => (cards[id] ? cards[id].name : id);

  function layout() {
    const pos = {};
    for (const s of map.systems) {
      const angle = ((s.cluster - 1) * 60 - 90) * Math.PI / 180;
      const spread = (s.position - 2) * 17 * Math.PI / 180;
      const r = s.gate ? 170 : 380;
      const a = s.gate ? angle : angle + spread;
      pos[s.id] = [Math.cos(a) * r, Math.sin(a) * r];
    }
    return pos;
  }

  async function game() {
    try {
      [map, cards] = await Promise.all([api("GET", "/api/map"), api("GET", "/api/cards")]);
      // Choice texts name cards by short code (LEAD04, BC20): index both.
      cards = Object.fromEntries(cards.flatMap((c) => [[c.id, c], [c.id.replace(/^ARCS-/, ""), c]]));
      await refresh();
      const es = new EventSource(`/api/games/${gameId()}/updates?token=${encodeURIComponent(token())}`);
      es.onmessage = () => refresh();
      $("undo").onclick = undo;
      if ("Notification" in window && Notification.permission === "default") Notification.requestPermission();
    } catch (err) { showError(err.message); }
  }

  async function refresh() {
    try {
      const wasMine = snap && snap.your_turn;
      snap = await api("GET", `/api/games/${gameId()}?token=${encodeURIComponent(token())}&log=200`);
      render();
      if (snap.your_turn && !wasMine && document.hidden && "Notification" in window && Notification.permission === "granted") {
        new Notification("Arcs: your turn", { body: snap.prompt_text || "" });
      }
    } catch (err) { showError(err.message); }
  }

  async function choose(index) {
    if (busy) return;
    busy = true;
    showError("");
    try {
      snap = await api("POST", `/api/games/${gameId()}/choice?token=${encodeURIComponent(token())}&log=200`, { version: snap.version, index });
      render();
    } catch (err) {
      showError(err.message);
      if (err.status === 409) await refresh();
    } finally { busy = false; }
  }

  async function undo() {
    try {
      snap = await api("POST", `/api/games/${gameId()}/undo?token=${encodeURIComponent(token())}&log=200`, { version: snap.version });
      render();
    } catch (err) { showError(err.message); }
  }

  // Which choices name `needle`: a system id, a card code, or a RegExp
  // for the choice texts (docs/api.md lists the texts' forms).
  const escRe = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  function choicesNaming(needle) {
    const re = needle instanceof RegExp ? needle : new RegExp(`(^|[^\\w.-])${escRe(needle)}($|[^\\w.-])`, "i");
    return snap.choices_text.map((t, i) => [t, i]).filter(([t]) => re.test(t));
  }

  // Acting on a board element: one matching choice is taken at once;
  // several narrow the buttons to those.
  function pick(...needles) {
    const seen = new Set();
    const hits = needles.flatMap(choicesNaming).filter(([, i]) => !seen.has(i) && seen.add(i));
    if (hits.length === 1) return choose(hits[0][1]);
    renderChoices(hits.length ? hits : null);
  }
  const anyNaming = (...needles) => snap.your_turn && needles.some((n) => choicesNaming(n).length > 0);

  function render() {
    const v = snap.view;
    const over = v.outcome;
    document.body.dataset.version = snap.version;
    document.body.dataset.over = over ? "1" : "";
    const header = document.querySelector("header");
    header.classList.toggle("your-turn", snap.your_turn);
    document.title = (snap.your_turn ? "▶ Your turn — " : "") + "Arcs";
    $("status").textContent = over
      ? `Game over: P${over.winner} wins (${over.reason})`
      : snap.you ? `You are P${snap.you}` + (snap.your_turn ? " — your decision" : "") : "Spectating";
    $("prompt").textContent = snap.prompt_text || "";
    $("undo").hidden = !snap.undoable;
    targets = [];
    renderMap(v);
    renderChoices(null);
    renderHand();
    renderRound(v);
    renderCourt(v);
    renderPlayers(v);
    renderLog(v);
    document.querySelectorAll("[data-target]").forEach((el) => {
      el.onclick = () => pick(...targets[Number(el.dataset.target)]);
    });
  }

  function renderChoices(subset) {
    const box = $("choices");
    box.innerHTML = "";
    const list = subset || snap.choices_text.map((t, i) => [t, i]);
    for (const [text, i] of list) {
      const b = document.createElement("button");
      b.className = "choice";
      // Card codes read as names ("card ARCS-LEAD03" -> "card Rebel").
      b.textContent = text.replace(/\b[A-Z][A-Z0-9-]*[0-9][A-Z0-9]*\b/g, (code) => (cards[code] ? cards[code].name : code));
      b.title = text;
      b.onclick = () => choose(i);
      box.appendChild(b);
    }
    if (subset) {
      const all = document.createElement("button");
      all.textContent = "… all choices";
      all.onclick = () => renderChoices(null);
      box.appendChild(all);
    }
  }

  function renderMap(v) {
    const pos = layout();
    const svg = $("map");
    const parts = [];
    const seen = new Set();
    for (const s of map.systems) {
      for (const t of s.adjacent) {
        const key = [s.id, t].sort().join("-");
        if (seen.has(key)) continue;
        seen.add(key);
        const [x1, y1] = pos[s.id], [x2, y2] = pos[t];
        parts.push(`<line class="edge" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
      }
    }
    const byId = Object.fromEntries(v.systems.map((s) => [s.id, s]));
    for (const s of map.systems) {
      const sv = byId[s.id];
      const [x, y] = pos[s.id];
      const clickable = anyNaming(s.id);
      const cls = ["sys", s.gate ? "gate" : "planet", sv && sv.in_play ? "" : "out", clickable ? "clickable" : ""].join(" ");
      const fill = s.gate ? "" : `fill="${({ material: "#6d5a3a", fuel: "#3f6b4f", weapon: "#7a3434", relic: "#5a3f7a", psionic: "#3a5f7a" })[s.planet] || "#333"}"`;
      let inner = `<circle r="${s.gate ? 42 : 58}" ${fill}/>`;
      inner += `<text y="${s.gate ? 6 : -30}">${esc(s.id)}${s.gate ? "" : " " + esc(s.planet || "")}</text>`;
      if (sv) {
        sv.ships.forEach(([owner, n], k) => {
          const dx = -40 + k * 28;
          inner += `<g transform="translate(${dx},${s.gate ? 24 : 4})"><rect class="${seatClass(owner)}" width="24" height="16" rx="3"/><text x="12" y="14" style="fill:#000;font-size:14px">${n.fresh}${n.damaged ? "+" + n.damaged + "d" : ""}</text></g>`;
        });
        // Building slots (empty outlines), then the buildings in them.
        for (let k = 0; k < s.slots; k++) {
          inner += `<rect class="slot" x="${-30 + k * 26}" y="26" width="22" height="22"/>`;
        }
        sv.buildings.forEach(([slot, b], k) => {
          const shape = b.kind === "city" ? `<rect width="22" height="22"/>` : `<polygon points="11,0 22,22 0,22"/>`;
          const at = s.slots ? slot : k;
          inner += `<g class="${seatClass(b.owner)} ${b.damaged ? "damaged" : ""}" transform="translate(${-30 + at * 26},${s.gate ? -30 : 26})">${shape}</g>`;
        });
      }
      parts.push(`<g class="${cls}" data-system="${esc(s.id)}" transform="translate(${x},${y})">${inner}</g>`);
    }
    svg.innerHTML = parts.join("");
    svg.querySelectorAll("g.sys.clickable").forEach((g) => { g.onclick = () => pick(g.dataset.system); });
  }

  function renderHand() {
    const box = $("hand");
    box.innerHTML = snap.hand_text.length ? "<h3>Your hand</h3>" : "";
    for (const c of snap.hand_text) {
      const el = document.createElement("span");
      const clickable = anyNaming(c);
      el.className = "card hand-card" + (clickable ? " clickable" : "");
      el.textContent = c;
      if (clickable) el.onclick = () => pick(c);
      box.appendChild(el);
    }
  }

  function renderRound(v) {
    const plays = snap.plays_text.map(esc);
    const roll = [...v.log].reverse().find((e) => e.tag === "roll" || e.tag === "reroll");
    $("round").innerHTML = `<h3>Chapter ${v.chapter}</h3><p>Initiative: P${v.initiative}${v.seized ? " (seized)" : ""} · Leader: P${v.leader}` +
      (v.zero_marker ? " · zero marker out" : "") + `</p><p>Played: ${plays.join(" · ") || "—"}</p>` +
      `<p>Action deck discards: ${v.action_discard_size} · Court deck: ${v.court_deck_size}</p>` +
      (v.leader_row.length ? `<p>Leaders to draft: ${v.leader_row.map(draftCard).join("")}</p>` : "") +
      (v.lore_row.length ? `<p>Lore to draft: ${v.lore_row.map(draftCard).join("")}</p>` : "") +
      (roll ? `<p class="dice">Last roll: ${esc(roll.text)}</p>` : "");
  }

  function renderCourt(v) {
    const ambitions = v.markers.map((m) => `<span class="card">${m.first}/${m.second}${m.at ? " on " + esc(m.at) : ""}</span>`).join("");
    const kinds = ["material", "fuel", "weapon", "relic", "psionic"];
    const boxes = v.box_resources.some((n) => n) ? `<p>On the ambition boxes: ${v.box_resources.map((n, i) => n ? `${n} ${kinds[i]}` : "").filter(Boolean).join(", ")}</p>` : "";
    $("ambitions").innerHTML = `<h3>Ambitions</h3>${ambitions}${boxes}`;
    const court = $("court");
    court.innerHTML = "<h3>Court</h3>";
    for (const slot of v.court) {
      const el = document.createElement("span");
      const name = slot.card ? cardName(slot.card) : "(empty)";
      const agents = slot.agents.map(([o, n]) => `<b class="${seatClass(o)}" style="background:none">●${n}</b>`).join(" ");
      const pos = v.court.indexOf(slot) + 1;
      const needles = [new RegExp(`^court ${pos}$`), ...(slot.card ? [slot.card, slot.card.replace(/^ARCS-/, "")] : [])];
      const clickable = anyNaming(...needles);
      el.className = "card court-card" + (clickable ? " clickable" : "");
      el.title = slot.card && cards[slot.card] ? cards[slot.card].text : "";
      el.innerHTML = `${esc(name)} ${agents}`;
      if (clickable) el.onclick = () => pick(...needles);
      court.appendChild(el);
    }
  }

  // A clickable piece of a player board: its needles are kept in `targets`.
  let targets = [];
  function target(label, cls, ...needles) {
    if (!anyNaming(...needles)) return `<span class="${cls}">${esc(label)}</span>`;
    targets.push(needles);
    return `<span class="${cls} clickable" data-target="${targets.length - 1}">${esc(label)}</span>`;
  }

  const draftCard = (c) => target(cardName(c), "card", c, c.replace(/^ARCS-/, ""));

  function renderPlayers(v) {
    $("players").innerHTML = v.seats.map((s) => {
      const kind = snap.seats[s.seat - 1];
      const who = kind.kind === "human" ? "person" : `bot ${kind.level}`;
      const mine = s.seat === snap.you;
      const res = s.resources.map((r, k) => target(r || "·", "slot",
        ...(mine ? [new RegExp(`^spend ${k + 1} `), new RegExp(`^slot ${k + 1}$`)] : [new RegExp(`^steal P${s.seat} slot ${k + 1}$`)]))).join(" ");
      const cardsOf = (list) => list.map((c) => target(cardName(c), "guild", c, c.replace(/^ARCS-/, ""))).join(", ");
      return `<div class="player ${mine ? "me" : ""}">${target(`P${s.seat}`, `p${s.seat} name`, `P${s.seat}`)} (${esc(who)}) · power ${s.power} · cards ${s.hand_size}<br>` +
        `resources: ${res} · outrage: ${esc(s.outrage.join(", ") || "—")}<br>` +
        `ships ${s.ships} · agents ${s.agents} · starports ${s.starports} · cities on board ${s.cities_on_board} · trophies ${s.trophies} · captives ${s.captives}<br>` +
        `${s.leader ? "leader: " + cardsOf([s.leader]) + " · " : ""}${s.guild.length ? "guild: " + cardsOf(s.guild) : ""}${s.lore.length ? " · lore: " + cardsOf(s.lore) : ""}</div>`;
    }).join("");
  }

  function renderLog(v) {
    const items = v.log.slice(-200).reverse();
    $("log").innerHTML = items.map((e) => `<li class="${e.private_to ? "private" : ""} tag-${esc(e.tag)}">${esc(e.text)}</li>`).join("");
  }

  return { lobby, game };
})();

// Start the page named by the script tag (no inline script: the server's
// Content-Security-Policy allows scripts from this file only).
{
  const page = document.currentScript && document.currentScript.dataset.page;
  if (page === "lobby") Arcs.lobby();
  else if (page === "game") Arcs.game();
}
