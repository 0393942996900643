// The panels beside the board: the round, ambitions, Court, draft rows,
// player boards, your hand, and the chapter-scoring and results overlays.

import { esc, cap, seatLabel, ownerClass, ownerSeat, ownerName, withCardNames, RESOURCES } from "./util.js";
import { actionCard, courtCard, cardBack, kindLabel, RES_ICON } from "./cards.js";
import { actionName } from "./data.js";
import { ICON } from "./icons.js";
import { renderBattle } from "./battle.js";
import { renderDice } from "./dice.js";

/** Raid cost (keys) of each resource slot, left to right (components.md §6). */
const SLOT_KEYS = [3, 1, 1, 2, 1, 3];
/** Resource slots open with N cities still on the player board. */
const OPEN_SLOTS = [6, 6, 6, 4, 3, 2];

const ACT_NAME = ["", "Act I", "Act II", "Act III"];

export function counter(v) {
  const round = v.round ? ` · Round ${v.round}` : "";
  if (v.outcome) return v.campaign ? `${ACT_NAME[v.campaign.act] || "Act"} over` : "Game over";
  const act = v.campaign ? `${ACT_NAME[v.campaign.act] || ""} · ` : "";
  const of = v.campaign ? ` of ${v.campaign.chapters}` : "";
  return `${act}Chapter ${v.chapter}${of}${round}`;
}

// Each Imperial Policy's Demand and Action (campaign p20–21), and its
// Govern the Imperial Reach card (the card's own text is shown too).
const POLICY = {
  war: { card: "ARCS-AID03", text: "Demand: a Trophy or Captive from each Regent. Action: Distribute Arms (a Weapon to each Regent)." },
  peace: { card: "ARCS-AID04", text: "Demand: a Relic or Psionic from each Regent. Action: Celebrate Regency (each Regent gains its bonus city Power)." },
  escalation: { card: "ARCS-AID05", text: "Demand: a Material, Fuel or Weapon from each Regent. Action: Requisition Ships (2 fresh Imperial ships)." },
};
// Govern with Authority (F124–F126), Edict 03 in the Steward's Act III.
const AUTHORITY = {
  war: "Demand: a Trophy or Captive from each Rival Regent and from each Outlaw with a Loyal city or Flagship the Empire controls. Action: a Weapon and any 1 resource to each Regent.",
  peace: "Demand: a Relic or Psionic from each Regent and from each Outlaw with a Loyal city or Flagship the Empire controls. Action: each Regent gains double its bonus city Power.",
  escalation: "Demand: a Material, Fuel or Weapon from each Regent and from each Outlaw with a Loyal city or Flagship the Empire controls. Action: 4 fresh Imperial ships.",
};
const SYMBOL_NAME = { 1: "arrow", 2: "moon", 3: "hex" };
const SYMBOL_GLYPH = { 1: "➤", 2: "☾", 3: "⬡" };

/**
 * The campaign's table (campaign rules): the Act and its chapters, the
 * Imperial Policy, the First Regent's Imperial Trust, the Imperial
 * Council, Fates and objectives, Favors, the last event roll and the
 * Empire's, the Free States' and the Blight's supplies. Hidden while no
 * campaign is played.
 */
/** The pips of Faithful card `n` (the Believer's objective, F801B). */
function faithfulPips(data, n) {
  const a = data.action(`FAI${n}`);
  return a ? a.pips : "?";
}

const pipsText = (n) => `${n} pip${n === 1 ? "" : "s"}`;

/** The Fate offer while this seat chooses (its secret), as cards in the
 *  dock beside the choices: each Fate's card and what it does this Act. */
export function renderOffer(box, v, data, has) {
  const c = v.campaign;
  if (!c || !c.fate_offer || !c.fate_offer.length) {
    box.hidden = true;
    box.innerHTML = "";
    return;
  }
  box.hidden = false;
  const cards = c.fate_offer.map((id) => {
    const key = has(`card:${id}`) ? `card:${id}` : null;
    // What each Fate does in this Act: its setup and its objective card
    // (ARCS-FATE02 → ARCS-F201A and ARCS-F201B).
    const n = Number(id.slice(-2));
    const sides = ["A", "B"].map((x) => data.card(`ARCS-F${n}01${x}`)).filter(Boolean);
    const also = sides.map((x) => `<span class="chip" data-card="${esc(x.id)}">${esc(x.name)}</span>`).join(" ");
    return courtCard(data.card(id), { compact: true, target: key, cls: key ? "clickable" : "", setup: also });
  }).join("");
  box.innerHTML = `<h2>Your Fates <span class="muted">(only you see these; each card enlarges)</span></h2><div class="cards offer-row">${cards}</div>`;
}

export function renderCampaign(box, v, snap, data, has) {
  const c = v.campaign;
  if (!c) {
    box.hidden = true;
    box.innerHTML = "";
    return;
  }
  box.hidden = false;
  const seats = v.seats.map((s) => s.seat);
  const title = (seat) => (c.outlaws.includes(seat) ? "Outlaw" : c.first_regent === seat ? "First Regent" : "Regent");
  // A campaign played without Fates has no Fate or objective to show.
  const choosing = v.pending && v.pending.prompt && v.pending.prompt.kind === "choose_fate";
  const noFates = c.fates.every((f) => !f) && !(c.fate_offer && c.fate_offer.length) && !choosing;
  const rows = seats.map((seat) => {
    const fate = c.fates[seat - 1];
    const fateName = fate ? esc(data.cardName(fate) || fate) : `<span class="muted">${c.fate_offer && c.fate_offer.length && seat === snap.you ? "choosing" : "hidden until all have chosen"}</span>`;
    if (noFates) return `<tr><th class="seat p${seat}">${esc(seatLabel(snap, seat))}</th><td>${esc(title(seat))}</td></tr>`;
    const obj = c.objectives[seat - 1];
    const objText = !fate || !hasObjective(c, fate) ? "" : obj === 0 ? "complete" : `${obj} to go`;
    return `<tr><th class="seat p${seat}">${esc(seatLabel(snap, seat))}</th><td>${esc(title(seat))}</td><td>${fateName}</td>` +
      `<td title="The objective marker moves down the Power track; at 0 the objective is complete">${esc(objText)}</td></tr>`;
  }).join("");
  const trust = RESOURCES.filter((r, i) => c.trust[i]).map((r) => `<span class="res res-${r}" title="${cap(r)}">${RES_ICON[r]} ${c.trust[RESOURCES.indexOf(r)]}</span>`).join(" ");
  const favors = (c.favors || []).map(([holder, owner, n]) => `${esc(seatLabel(snap, holder))} holds ${n} of ${esc(seatLabel(snap, owner))}'s Favor${n > 1 ? "s" : ""}`).join("; ");
  const die = c.event_die
    ? `${c.event_die.icon === "crisis" ? "⚠ Crisis" : "⚖ Edict"} ${SYMBOL_GLYPH[c.event_die.symbol] || ""} (${SYMBOL_NAME[c.event_die.symbol] || ""})${c.number_die ? `, cluster ${c.number_die}` : ""}`
    : "";
  const council = c.council_tucked
    ? `secured: tucked under ${esc(seatLabel(snap, c.council_tucked))}'s card${c.council_decided ? ", Decided" : ""}`
    : c.council_decided ? "Decided" : "in the Court";
  const policy = POLICY[c.policy] && {
    card: c.govern_card || POLICY[c.policy].card,
    text: c.authority ? AUTHORITY[c.policy] : POLICY[c.policy].text,
  };
  const sponsor = (c.booklet || []).includes("ARCS-F123")
    ? `Sponsored token: ${c.sponsored ? `on ${esc(cap(c.sponsored))}` : "on the First Regent tile"}`
    : "";
  const ceasefires = c.peace
    ? (() => {
      const war = [1, 2, 3, 4, 5, 6].filter((cl) => !c.peace.includes(cl));
      const list = (v) => (v.length ? v.join(", ") : "none");
      return `<span title="Ceasefires: to harm anything in a cluster at Peace except your own pieces and Blight, spend 1 Weapon; the cluster goes to War">Ceasefires: at Peace ${list(c.peace)}; at War ${list(war)}</span>`;
    })()
    : "";
  const booklet = (c.booklet || []).map((id) => courtCard(data.card(id), { cls: "small" })).join("");
  const events = (c.events_played || []).map((s) => esc(seatLabel(snap, s))).join(", ");
  const facts = [
    `Imperial Policy: <b>${esc(cap(c.policy))}</b>${c.authority ? " (Govern with Authority)" : ""}`,
    sponsor,
    ceasefires,
    `Imperial Council: ${council}`,
    events ? `Event cards played this round: ${events}` : "",
    die ? `Last event roll: ${esc(die)}` : "",
    c.faithful_stack ? `Faithful stack: ${c.faithful_stack} card${c.faithful_stack > 1 ? "s" : ""}, Faithful ${c.faithful_stack} on top (${pipsText(faithfulPips(data, c.faithful_stack))})` : "",
    c.commonwealth ? commonwealthFacts(c.commonwealth, snap) : "",
    (c.monopolies || []).length ? monopolyFacts(c.monopolies, snap) : "",
    c.faith ? faithFacts(c.faith) : "",
    (c.scrapped_actions || []).length ? `Scrapped action cards: ${c.scrapped_actions.map((a) => esc(actionName(data.action(a)))).join(", ")}` : "",
  ].filter(Boolean);
  const supplies = [
    `Imperial ships: ${c.imperial_supply}`,
    `Blight: ${c.blight_supply}`,
    `Free cities: ${c.free_cities}`,
    `Free starports: ${c.free_starports}`,
  ];
  box.innerHTML = `<h2>The Blighted Reach <span class="muted">${esc(ACT_NAME[c.act] || "")}</span></h2>` +
    `<p class="facts">${facts.join(" · ")}</p>` +
    (policy ? `<details class="policy"><summary>${esc(policy.text)}</summary><div class="cards">${courtCard(data.card(policy.card), { cls: "small" })}</div></details>` : "") +
    (noFates
      ? `<table class="fates"><thead><tr><th></th><th>Title</th></tr></thead><tbody>${rows}</tbody></table><p class="facts muted">Played without Fates: the campaign's shared systems alone.</p>`
      : `<table class="fates"><thead><tr><th></th><th>Title</th><th>Fate</th><th>Objective</th></tr></thead><tbody>${rows}</tbody></table>`) +
    logSheet(v, c, snap, data) +
    (snap.campaign ? `<p class="facts"><a href="/c/${encodeURIComponent(snap.campaign.id)}${location.hash}">The campaign page: the log sheet of every Act and each Act's report</a></p>` : "") +
    flagshipBoards(c, snap) +
    `<p class="facts">Imperial Trust on the First Regent tile: ${trust || "none"}${favors ? ` · Favors: ${favors}` : ""}</p>` +
    `<p class="facts">In supply — ${supplies.join(" · ")}</p>` +
    (booklet ? `<details class="booklet"><summary>In the rules booklet (${c.booklet.length})</summary><div class="cards">${booklet}</div></details>` : "");
}

/** The Believer's Doctrine and Ideals (Act II+). */
function faithFacts(f) {
  const doctrine = f.doctrine ? `Doctrine: <b>${esc(cap(f.doctrine))}</b> (Faithful cards are played on their ${esc(cap(f.doctrine))} side)` : "";
  const ideals = f.ideals.length ? `Ideals: ${f.ideals.map(([a, i]) => `${esc(cap(i))} on ${esc(cap(a))}`).join(", ")}` : "No Ideal on an ambition";
  return [doctrine, ideals, `Ideal markers collected: ${f.supply}`].filter(Boolean).join(" · ");
}

/** The Founder's Commonwealth (Act II+): its Members, where the
 * Commonwealth Ambition marker is, the Armistices left to call. */
function commonwealthFacts(cw, snap) {
  const members = cw.members.length ? cw.members.map(([m]) => esc(seatLabel(snap, m))).join(", ") : "none";
  const marker = cw.founder == null
    ? ""
    : cw.marker
      ? ` · Commonwealth Ambition marker on ${esc(cap(cw.marker))}`
      : ` · Commonwealth Ambition marker on ${esc(seatLabel(snap, cw.founder))}'s Fate card`;
  const tucked = ` · Armistices under the edict: ${cw.armistices_tucked}`;
  return `Commonwealth Members: ${members}${marker}${tucked}`;
}

/** The Magnate's Monopolies (Act II+): who holds each; the supply on a
 * held one adds to its holder's ambitions. */
function monopolyFacts(list, snap) {
  const one = (m) => `${cap(m.resource)}: ${m.holder ? esc(seatLabel(snap, m.holder)) : "in the supply"}`;
  return `Monopolies — ${list.map(one).join(", ")}`;
}

/** Each Flagship (campaign p22): where it is and its board, column by
 * column (an Upgrade and the Armor above it). */
function flagshipBoards(c, snap) {
  const f = c.flagships || [];
  if (!f.length) return "";
  const rows = f.map((x) => `<tr><th class="seat p${x.seat}">${esc(seatLabel(snap, x.seat))}</th><td>${esc(x.at || "")}</td><td>${esc(x.words)}</td></tr>`).join("");
  return `<h3>Flagships</h3><table class="fates"><thead><tr><th></th><th>In</th><th>Board</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Whether a seat playing `fate` pursues an objective this Act: in Act
 * III only the C Fates (ARCS-FATE17..24) do (campaign p7 step 7). */
function hasObjective(c, fate) {
  return c.act < 3 || Number(String(fate).slice(-2)) >= 17;
}

/** The campaign's log sheet (campaign p8): each earlier Act's end — Fate,
 * Power, objective, Outrage — beside each seat's Power and Outrage now. */
function logSheet(v, c, snap, data) {
  const past = c.past_acts || [];
  if (!past.length) return "";
  const outrage = (list) => (list && list.length
    ? list.map((r) => `<span class="res res-${r}" title="Outraged: ${cap(r)}">${RES_ICON[r]}</span>`).join("")
    : "");
  const head = past.map((a) => `<th>${esc(ACT_NAME[a.act] || "")}</th>`).join("") + `<th>${esc(ACT_NAME[c.act] || "Now")} (now)</th>`;
  const rows = v.seats.map((s) => {
    const i = s.seat - 1;
    const acts = past.map((a) => {
      const fate = a.fates[i];
      const obj = !fate ? "" : a.objectives[i] === 0 ? " · objective met" : ` · objective failed (${a.objectives[i]})`;
      return `<td>${fate ? `${esc(data.cardName(fate) || "")} · ` : ""}${a.power[i]} Power${obj} ${outrage(a.outrage[i])}</td>`;
    }).join("");
    return `<tr><th class="seat p${s.seat}">${esc(seatLabel(snap, s.seat))}</th>${acts}<td>${s.power} Power ${outrage(s.outrage)}</td></tr>`;
  }).join("");
  return `<details class="log-sheet" open><summary>Campaign log sheet</summary><table class="fates"><thead><tr><th></th>${head}</tr></thead><tbody>${rows}</tbody></table>` +
    `<p class="facts muted">Power at each Act's end, before the Intermission halves it.</p></details>`;
}

/** A player's Power: against the goal in a single game; the campaign's
 * Acts end after their chapters whatever the Power (campaign p8). */
function power(v, s) {
  return v.campaign
    ? `<span class="power" title="Power; the Act ends after its last chapter, whatever the Power">${s.power} Power</span>`
    : `<span class="power" title="Power; the game ends after a chapter in which someone has ${v.power_to_win}">${s.power} / ${v.power_to_win} Power</span>`;
}

export function renderHand(box, v, snap, data, has) {
  const me = snap.you && v.seats[snap.you - 1];
  if (!me || !me.hand) {
    box.innerHTML = "";
    return;
  }
  const keyOf = (i) => (i >= 28 ? (has("event") ? "event" : null) : has(`hand:${i}`) ? `hand:${i}` : null);
  const cards = me.hand.map((i) => actionCard(data.action(i), { target: keyOf(i), cls: keyOf(i) ? "clickable" : "" }));
  box.innerHTML = cards.length
    ? `<h2>Your hand <span class="muted">(${me.hand.length})</span></h2><div class="cards">${cards.join("")}</div>`
    : `<h2>Your hand <span class="muted">(empty)</span></h2>`;
}

/** The round beside the decision: the initiative, the cards played this
 *  round (small; each enlarges) and the last dice. */
export function renderRound(box, v, snap, data, has) {
  const plays = v.plays.map((p) => {
    const label = `${seatLabel(snap, p.seat).replace(/ \(P\d\)$/, "")}: ${PLAY_WORD[p.kind] || p.kind}${p.seized_with_extra_card ? " + seize" : ""}`;
    const faceDown = p.card === null || p.card === undefined;
    // A face-down Faithful card shows the Believer's own back.
    const card = faceDown ? cardBack(1, p.faithful ? "a Faithful card, face down" : "face down") : actionCard(data.action(p.card), { cls: "mini" });
    const back = faceDown && p.faithful ? `<small class="muted">a Faithful card</small>` : "";
    const beside = p.beside ? `<small title="Placed next to this card this round">beside it: ${esc(data.cardName(p.beside) || p.beside)}</small>` : "";
    return `<figure class="play p${p.seat}">${card}<figcaption class="seat p${p.seat}">${esc(label)}${back ? "<br>" + back : ""}${beside ? "<br>" + beside : ""}</figcaption></figure>`;
  }).join("");
  const facts = [
    `Initiative: <b class="seat p${v.initiative}">${esc(seatLabel(snap, v.initiative))}</b>${v.seized ? " (seized)" : ""}`,
    v.zero_marker ? "zero marker on the lead card" : "",
  ].filter(Boolean);
  // A battle in progress first (its pieces and dice are what the hits
  // are assigned to), else the last dice.
  const dice = lastRoll(v);
  const top = v.battle ? renderBattle(v, snap, has, (e) => renderDice(e, has)) : dice ? renderDice(dice, has) : "";
  // A battle takes more room beside the choices (both sides and the dice).
  if (box.parentElement) box.parentElement.classList.toggle("battling", !!v.battle);
  box.innerHTML = top + `<p class="facts">${facts.join(" · ")}</p>` +
    (plays ? `<div class="plays">${plays}</div>` : `<p class="muted">No card played yet this round.</p>`);
}

const PLAY_WORD = { lead: "led", surpass: "surpassed", copy: "copied", pivot: "pivoted", event: "Event" };

/** The latest dice roll of this round, if any. */
function lastRoll(v) {
  for (let i = v.log.length - 1; i >= 0; i--) {
    const e = v.log[i];
    if (e.dice) return e;
    if (e.tag === "round" || e.tag === "play") return null;
  }
  return null;
}


export function renderAmbitions(box, v, snap, has) {
  const seats = v.seats.map((s) => s.seat);
  const two = v.players === 2;
  const rows = (v.ambitions || []).map((st) => {
    const a = st.ambition;
    const markers = (st.markers || []).map((m) => `<span class="marker" title="Marker: ${m.first} for first, ${m.second} for second">${m.first}/${m.second}</span>`).join("");
    const placeOf = (seat) => (st.places || []).find((p) => p.seat === seat);
    const counts = seats.map((seat) => {
      const p = placeOf(seat);
      const cls = p ? (p.place === 1 ? " first" : " second") : "";
      const tip = p ? `${p.place === 1 ? "First" : "Second"} place${p.power ? `: +${p.power} Power` : ""}` : "";
      return `<td class="count${cls}" title="${esc(tip)}">${esc(st.counts ? st.counts[seat - 1] : "")}${p && p.power ? `<sup>+${p.power}</sup>` : ""}</td>`;
    }).join("");
    const ph = (st.places || []).find((p) => p.phantom);
    const phantom = two ? `<td class="count phantom${ph ? (ph.place === 1 ? " first" : " second") : ""}">${esc(st.phantom ?? 0)}</td>` : "";
    const declare = has(`ambition:${a}`) ? ` clickable" data-target="ambition:${a}" tabindex="0` : "";
    const tie = st.tie ? ` title="${esc(`Tie for ${st.tie.for} at ${st.tie.count}`)}"` : "";
    const idealOf = v.campaign && v.campaign.faith ? v.campaign.faith.ideals.find(([x]) => x === a) : null;
    const ideal = idealOf ? ` <span class="ideal ideal-${idealOf[1]}" title="${esc(cap(idealOf[1]))} Ideal marker (the Believer's Faith)">${idealOf[1] === "zeal" ? "Z" : "W"}</span>` : "";
    const sponsored = v.campaign && v.campaign.sponsored === a ? ` <span class="sponsored" title="The Sponsored token (Imperial Sponsor): whoever declares this ambition takes 1 resource from the Imperial Trust and gains the marker's second-place Power">S</span>` : "";
    return `<tr class="amb${markers ? " declared" : ""}${declare}"${tie}><th>${esc(cap(a))}${ideal}${sponsored}</th><td class="markers">${markers || "—"}</td>${counts}${phantom}</tr>`;
  }).join("");
  const head = seats.map((s) => `<th class="seat p${s}">P${s}</th>`).join("") +
    (two ? `<th title="The ambition boxes' resources count as a third player (2-player rule)">Box</th>` : "");
  const free = v.markers.filter((m) => !m.at).map((m) => `<span class="marker">${m.first}/${m.second}</span>`).join("") || "none";
  box.innerHTML = `<table class="ambitions"><caption title="Counts now; highlighted: who would place if the chapter ended now, with the Power they would gain">Ambitions <span class="muted">· markers left ${free} · highlighted: who would place now</span></caption><thead><tr><th></th><th>Markers</th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** The card attached to a Court card (campaign p27): a Guild card slides
 *  down when its host leaves; a Faithful card (the Believer's Teach,
 *  ARCS-F803) goes with its host to whoever secures it. */
function attachedLine(id, data) {
  if (!id) return "";
  const m = /^ARCS-F8(0[4-9]|1[0-2])$/.exec(id);
  if (m) {
    const a = data.action(`FAI${Number(m[1]) - 3}`);
    const what = a ? `Faithful ${a.number} (${a.pips} pip${a.pips === 1 ? "" : "s"})` : "a Faithful card";
    return `<span title="Whoever secures this card takes the Faithful card into their hand">Attached: ${esc(what)}</span>`;
  }
  return `<span data-card="${esc(id)}" title="It slides down into the Court when this card leaves">Attached: ${esc(data.cardName(id) || "a card")}</span>`;
}

export function renderCourt(box, v, data, has) {
  const cards = v.court.map((slot, i) => {
    const info = slot.card ? data.card(slot.card) : null;
    const key = has(`court:${i}`) ? `court:${i}` : slot.card && has(`card:${slot.card}`) ? `card:${slot.card}` : null;
    return courtCard(info, { compact: true, agents: slot.agents, position: i + 1, target: key, cls: key ? "clickable" : "", setup: attachedLine(slot.attached, data) });
  }).join("");
  const discard = v.court_discard.length
    ? ` · <button type="button" class="link" data-tab-open="history">discard ${v.court_discard.length}</button>`
    : "";
  box.innerHTML = `<h2>Court <span class="muted">deck ${v.court_deck_size}${discard}</span></h2><div class="cards court-row">${cards}</div>`;
}

export function renderDraft(box, v, data, has) {
  if (!v.leader_row.length && !v.lore_row.length) {
    box.innerHTML = "";
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const row = (ids) => ids.map((id) => {
    const info = data.card(id);
    const key = has(`card:${id}`) ? `card:${id}` : null;
    return courtCard(info, { compact: true, target: key, cls: key ? "clickable" : "", setup: info && info.leader ? leaderSetup(info.leader) : "" });
  }).join("");
  box.innerHTML = `<h2>Draft <span class="muted">· each card enlarges: click ⤢ or rest the mouse on it</span></h2>` +
    (v.leader_row.length ? `<div class="cards draft-row"><span class="row-label">Leaders</span>${row(v.leader_row)}</div>` : "") +
    (v.lore_row.length ? `<div class="cards draft-row"><span class="row-label">Lore</span>${row(v.lore_row)}</div>` : "");
}

function leaderSetup(l) {
  const res = (l.resources || []).map((r) => `${RES_ICON[r] || ""} ${esc(cap(r))}`).join(", ");
  const boxes = (l.setup || l.boxes || []).map((b) => esc(typeof b === "string" ? b : b.text || JSON.stringify(b))).join("; ");
  return [boxes && `Starts with: ${boxes}`, res && `Resources: ${res}`].filter(Boolean).join("<br>");
}

/** A Golem's name as players say it ("the Seeker Golem, Awake"), or "a
 *  Sleeping Golem" while its face is hidden (on the map). */
function golemName(g) {
  return g.golem ? `the ${g.golem} Golem, ${g.awake ? "Awake" : "Sleeping"}` : "a Sleeping Golem";
}

/** A Golem token: its initial, bright when Awake. */
export function golemToken(g) {
  return `<span class="tok golem${g.awake ? " awake" : ""}" title="${esc(cap(golemName(g)))}">${esc(g.golem ? g.golem[0] : "G")}</span>`;
}

/** The objective card of a seat's Fate this Act (Act I: the back of its
 *  first card, ARCS-F201B for the Founder), if the catalog has it. */
export function objectiveCard(c, fate, data) {
  if (!fate) return null;
  const n = Number(String(fate).slice(-2));
  const id = c.act === 1 ? `ARCS-F${n}01B` : null;
  return id && data.card(id) ? id : null;
}

/** A card held in a play area, as a chip with its name (the whole card
 *  enlarges: zoom.js); clickable when a choice names it. */
function chip(id, data, has, extra = "") {
  const info = data.card(id);
  const key = has(`card:${id}`) ? `card:${id}` : null;
  const name = info ? info.name : "a card";
  const kind = info ? kindLabel(info) : "";
  return `<span class="chip kind-${esc(info ? info.kind : "")}${key ? " clickable" : ""}" data-card="${esc(id)}"${key ? ` data-target="${key}" tabindex="0"` : ""} title="${esc(`${kind}: ${name}`)}">${esc(name)}${extra}${key ? `<button type="button" class="zoom-btn" title="Read this card" aria-label="Read ${esc(name)}">⤢</button>` : ""}</span>`;
}

/** One compact strip per player, always in sight: name, title and Fate,
 *  Power, resource slots, Outrage, supplies, Trophies and Captives, hand
 *  size, and the cards in the play area as chips. */
export function renderPlayers(box, v, snap, data, has) {
  box.innerHTML = v.seats.map((s) => {
    const kind = snap.seats[s.seat - 1] || {};
    const who = kind.kind === "bot" ? `bot (${kind.level})` : "";
    const mine = s.seat === snap.you;
    const open = OPEN_SLOTS[Math.min(5, s.cities_on_board)] ?? 6;
    const c = v.campaign;
    // The Caretaker's Golems (F505) this seat holds: in a resource slot
    // (no resource type) or on its Golem Hearth.
    const golems = ((c && c.golems) || []).filter((g) => g.at.seat === s.seat);
    const golemInSlot = (k) => golems.find((g) => g.at.place === "slot" && g.at.slot === k);
    // Slot 7 is the Ancient Holdings slot: shown only when it holds a token.
    const slots = s.resources.map((r, k) => {
      if (k >= 6 && !r) return "";
      const key = `slot:${s.seat}:${k}`;
      const covered = k < 6 && k >= open;
      const click = has(key) ? ` clickable" data-target="${key}" tabindex="0` : "";
      const keys = SLOT_KEYS[k] ? `<span class="keys">${"⚷".repeat(SLOT_KEYS[k])}</span>` : `<span class="keys">AH</span>`;
      const g = golemInSlot(k);
      const tok = r ? `<span class="tok res-${esc(r)}">${RES_ICON[r] || ""}</span>` : g ? golemToken(g) : "";
      const what = covered ? "Covered by a city" : r ? cap(r) : g ? cap(golemName(g)) : "Empty";
      const cost = SLOT_KEYS[k] ? `${SLOT_KEYS[k]}-key slot` : "Ancient Holdings";
      return `<span class="rslot${covered ? " covered" : ""}${r || g ? "" : " empty"}${click}" title="${esc(`${what} (${cost})`)}">${tok}${keys}</span>`;
    }).join("");
    const outraged = RESOURCES.filter((r) => s.outrage.includes(r));
    // Sower of Division (F625): a slot covered by a Rival's agent.
    const sownBy = (r) => ((c && c.sown) || []).find((x) => x.seat === s.seat && x.resource === r);
    const sownWords = outraged.filter(sownBy).map((r) => `${cap(r)} covered by ${seatLabel(snap, sownBy(r).by)}'s agent (Sower of Division)`);
    const outrage = outraged.length
      ? `<span class="outrage" title="${esc(`Outraged: ${outraged.map(cap).join(", ")}${sownWords.length ? `; ${sownWords.join("; ")}` : ""}`)}">Outrage ${outraged.map((r) => `<span class="res res-${r}${sownBy(r) ? ` sown p${sownBy(r).by}` : ""}">${RES_ICON[r]}</span>`).join("")}</span>`
      : "";
    const cards = [
      ...(s.leader ? [chip(s.leader, data, has)] : []),
      ...s.lore.map((id) => chip(id, data, has)),
      ...s.guild.map((id) => chip(id, data, has, onCardShort(c, s.seat, id, golems))),
      ...(s.abilities || []).map((id) => chip(id, data, has)),
    ].join("");
    const byColour = (list, none) => (list && list.length ? list.map(([o, n]) => `<span class="agent ${ownerClass(o)}" title="${n} of ${esc(ownerName(o, snap))}">${n}</span>`).join("") : none);
    const trophies = s.trophies_by ? byColour(s.trophies_by, "0") : s.trophies;
    const captives = s.captives_by ? byColour(s.captives_by, "0") : s.captives;
    const fate = c && c.fates[s.seat - 1];
    let campaignTags = "";
    if (c) {
      const title = c.outlaws.includes(s.seat) ? "Outlaw" : c.first_regent === s.seat ? "First Regent" : "Regent";
      campaignTags = `<span class="tag" title="Title">${title}</span>`;
      const cw = c.commonwealth;
      const member = cw && cw.members.find(([m]) => m === s.seat);
      if (member) campaignTags += `<span class="tag" data-card="${esc(member[1])}" title="Member of the Commonwealth: click to read">Commonwealth Member</span>`;
      if (cw && cw.founder === s.seat) campaignTags += `<span class="tag" data-card="ARCS-F213" title="Founder of the Commonwealth: click to read">Founder of the Commonwealth</span>`;
      if (fate) {
        const obj = c.objectives[s.seat - 1];
        const goal = !hasObjective(c, fate) ? "" : obj === 0 ? " · objective met" : ` · ${obj} to go`;
        const card = objectiveCard(c, fate, data) || fate;
        campaignTags += `<span class="tag fate" data-card="${esc(card)}" title="Fate and objective: click to read">${esc(data.cardName(fate) || "Fate")}${esc(goal)}</span>`;
      }
    }
    const playerKey = has(`player:${s.seat}`) ? ` clickable" data-target="player:${s.seat}" tabindex="0` : "";
    const hand = mine ? "" : `<span class="hand-count" title="Action cards in hand">${s.hand_size} card${s.hand_size === 1 ? "" : "s"} in hand</span>`;
    return `<section class="player p${s.seat}${mine ? " me" : ""}${playerKey}">
      <div class="line"><span class="seat p${s.seat}">${esc(seatLabel(snap, s.seat))}</span>${who ? `<span class="muted">${esc(who)}</span>` : ""}${campaignTags}${hand}${power(v, s)}</div>
      <div class="line"><span class="slots">${slots}</span>${outrage}
        <span class="supply" title="In supply: ships, agents, starports; cities still on the player board">${ICON.ship}${s.ships} ${ICON.agent}${s.agents} ${ICON.starport}${s.starports} ${ICON.city}${s.cities_on_board}</span>
        <span class="tc">Trophies ${trophies}</span><span class="tc">Captives ${captives}</span>${cards ? `<span class="chips">${cards}</span>` : ""}</div>
    </section>`;
  }).join("");
}

/** What lies on a held card, short (for its chip). */
function onCardShort(c, seat, id, golems) {
  if (!c) return "";
  const stored = (c.stored || []).find(([holder, card]) => holder === seat && card === id);
  const parts = [];
  if (stored) {
    parts.push(...RESOURCES.map((r, i) => [r, stored[2][i]]).filter(([, n]) => n > 0)
      .map(([r, n]) => `<span class="res res-${r}" title="${n} ${cap(r)} (frozen)">${RES_ICON[r]}${n}</span>`));
  }
  if (id === "ARCS-F503") parts.push(...golems.filter((g) => g.at.place === "hearth").map(golemToken));
  return parts.length ? ` ${parts.join(" ")}` : "";
}

/** Chapter scoring (just after a chapter ends) and the results screen. */
export function renderOverlay(box, v, snap, data, dismissed, onClose, onContinue, reopened) {
  // A chapter's scoring reopened from the history.
  const again = reopened && (v.scoring || []).find((sc) => sc.chapter === reopened);
  if (again) {
    box.hidden = false;
    box.innerHTML = scoringBreakdown(again, v, snap);
    box.querySelector("button.close").onclick = () => onClose(-1);
    return;
  }
  if (v.outcome) {
    // The results stay until closed (then the header's Results button
    // brings them back).
    box.hidden = dismissed("results");
    box.innerHTML = box.hidden ? "" : results(v, snap, data);
    const close = box.querySelector("button.close");
    if (close) close.onclick = () => onClose("results");
    const next = box.querySelector("button.next-act");
    if (next) next.onclick = () => onContinue(next);
    return;
  }
  const last = (v.scoring || [])[(v.scoring || []).length - 1];
  // A chapter's scoring stays until this browser closes it (the next
  // chapter may already have begun: the game goes on underneath).
  const fresh = last && !dismissed(last.chapter);
  if (!fresh) {
    box.hidden = true;
    box.innerHTML = "";
    return;
  }
  box.hidden = false;
  box.innerHTML = scoringBreakdown(last, v, snap);
  box.querySelector("button.close").onclick = () => onClose(last.chapter);
}

function scoringBreakdown(sc, v, snap) {
  const seats = v.seats.map((s) => s.seat);
  const two = v.players === 2;
  const rows = sc.ambitions.map((st) => {
    const placeOf = (seat) => (st.places || []).find((p) => p.seat === seat);
    const cells = seats.map((seat) => {
      const p = placeOf(seat);
      const what = p ? `${p.place === 1 ? "1st" : "2nd"}${p.power ? ` +${p.power}` : ""}` : "";
      return `<td class="${p ? (p.place === 1 ? "first" : "second") : ""}">${esc(st.counts[seat - 1])}${what ? `<br><small>${esc(what)}</small>` : ""}</td>`;
    }).join("");
    const markers = (st.markers || []).map((m) => `${m.first}/${m.second}`).join(" + ");
    const bonus = (st.places || []).find((p) => p.city_bonus) ? `<br><small>incl. city bonus</small>` : "";
    return `<tr><th>${esc(cap(st.ambition))}<br><small>${esc(markers)}</small>${bonus}</th>${cells}${two ? `<td class="muted">${esc(st.phantom ?? 0)}</td>` : ""}</tr>`;
  }).join("");
  const gained = seats.map((seat) => `<td><b>+${sc.gained[seat - 1]}</b><br><small>${sc.power[seat - 1]} Power</small></td>`).join("");
  const head = seats.map((seat) => `<th class="seat p${seat}">${esc(seatLabel(snap, seat))}</th>`).join("") + (two ? "<th>Box</th>" : "");
  const act = v.campaign ? `${ACT_NAME[v.campaign.act] || ""}, ` : "";
  return `<div class="scoring" role="dialog" aria-label="Chapter ${sc.chapter} scoring"><button type="button" class="close">Close</button><h2>${esc(act)}Chapter ${sc.chapter} scored</h2>` +
    `<table class="breakdown"><thead><tr><th>Ambition</th>${head}</tr></thead><tbody>${rows || `<tr><td colspan="${seats.length + 1}">No ambition was declared: nobody scores.</td></tr>`}` +
    `<tr class="total"><th>Gained</th>${gained}${two ? "<td></td>" : ""}</tr></tbody></table></div>`;
}

function results(v, snap, data) {
  const o = v.outcome;
  const ranking = o.ranking && o.ranking.length ? o.ranking : v.seats.map((s) => s.seat).sort((a, b) => o.power[b - 1] - o.power[a - 1]);
  const c = v.campaign;
  // The campaign's Act report (campaign p8): Power and each Fate's
  // objective, met (its marker reached 0) or failed.
  const fate = (seat) => {
    if (!c || !c.fates[seat - 1]) return "";
    // Act III: only the C Fates (17–24) have an objective (campaign p7).
    if (!hasObjective(c, c.fates[seat - 1])) return ` · ${esc(data.cardName(c.fates[seat - 1]) || "")}`;
    const met = c.objectives[seat - 1] === 0;
    return ` · ${esc(data.cardName(c.fates[seat - 1]) || "")}: objective <b>${met ? "met" : "failed"}</b>`;
  };
  const rows = ranking.map((seat, i) => `<li><span class="seat p${seat}">${esc(seatLabel(snap, seat))}</span> — ${o.power[seat - 1]} Power${fate(seat)}${(o.conceded || []).includes(seat) ? " (conceded)" : ""}</li>`).join("");
  const ties = (o.tiebreaks || []).map((t) => `<p class="facts">${esc(t.text)}</p>`).join("");
  // Acts I and II name no winner (campaign p8); Act III names the
  // campaign's winner.
  const head = c && o.winner == null
    ? `<h2>${esc(ACT_NAME[c.act] || "The Act")} is over</h2><p>No winner is named until the end of Act III: Power carries over. ${esc(seatLabel(snap, ranking[0]))} has the most Power.</p>${nextAct(c.act, snap)}`
    : c
    ? `<h2>${esc(seatLabel(snap, o.winner))} wins the campaign</h2><p>${esc(ACT_NAME[c.act] || "The Act")} is over: the most Power after three Acts wins.</p>`
    : `<h2>${esc(seatLabel(snap, o.winner))} wins</h2><p>The game ended: ${esc(o.reason)}.</p>`;
  return `<div class="results"><button type="button" class="close">See the table</button>${head}<ol class="ranking">${rows}</ol>${ties}${powerChart(v, snap)}` +
    `<p><a href="/">Start a new game</a></p></div>`;
}

/** After Acts I and II: the way on to the Intermission and the next Act
 * (issue 20 §6). A seat starts it; once started, everyone's link opens it. */
function nextAct(act, snap) {
  const info = snap.campaign;
  const name = ACT_NAME[act + 1] || "the next Act";
  if (!info) return "";
  if (info.next) {
    return `<p class="next-act"><a class="button" href="/g/${encodeURIComponent(info.next)}${location.hash}">Go on to ${esc(name)}</a></p>`;
  }
  if (snap.you) {
    return `<p class="next-act">The Intermission comes next: Fates resolve, the Court is cleared, damaged pieces are destroyed, Power is halved; then ${esc(name)} is set up from this table.</p>` +
      `<p><button type="button" class="next-act">Continue to the Intermission</button></p>`;
  }
  return `<p class="next-act">The Intermission and ${esc(name)} begin when a player continues.</p>`;
}

/** A line chart of each seat's Power at the end of each chapter. */
function powerChart(v, snap) {
  const series = v.power_by_chapter;
  if (!series || !series.length) return "";
  const chapters = series.length;
  const max = Math.max(1, ...series.flat());
  const W = 320, H = 160, pad = 24;
  const x = (i) => pad + (i * (W - 2 * pad)) / Math.max(1, chapters - 1);
  const y = (p) => H - pad - (p * (H - 2 * pad)) / max;
  const lines = v.seats.map((s) => {
    const pts = series.map((row, i) => `${x(i)},${y(row[s.seat - 1] || 0)}`).join(" ");
    return `<polyline class="line p${s.seat}" points="${pts}"/>` + series.map((row, i) => `<circle class="p${s.seat}" cx="${x(i)}" cy="${y(row[s.seat - 1] || 0)}" r="3"/>`).join("");
  }).join("");
  const labels = series.map((_, i) => `<text x="${x(i)}" y="${H - 6}">Ch ${i + 1}</text>`).join("");
  const legend = v.seats.map((s) => `<span class="seat p${s.seat}">■ ${esc(seatLabel(snap, s.seat))}</span>`).join(" ");
  return `<figure class="chart"><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Power per chapter">${lines}${labels}</svg><figcaption>Power at the end of each chapter: ${legend}</figcaption></figure>`;
}



/** What happened before: each chapter's scoring (to reopen), the cards
 *  played round by round, and the Court discard pile. */
export function renderHistory(box, v, snap, data) {
  const scorings = (v.scoring || []).map((sc) => {
    const gained = v.seats.map((s) => `<span class="seat p${s.seat}">${esc(seatLabel(snap, s.seat))} +${sc.gained[s.seat - 1]}</span>`).join(" · ");
    return `<li><button type="button" class="link" data-scoring="${sc.chapter}">Chapter ${sc.chapter}</button>: ${gained}</li>`;
  }).join("");
  const rounds = [];
  let chapter = "", current = null;
  for (const e of v.log) {
    if (e.tag === "chapter" && /begins/.test(e.text)) chapter = (/Chapter (\d+)/.exec(e.text) || [])[1] || chapter;
    if (e.tag === "round") {
      current = { title: `${chapter ? `Chapter ${chapter}, ` : ""}${(/Round \d+/.exec(e.text) || ["Round"])[0]}`, plays: [] };
      rounds.push(current);
    } else if (current && e.tag === "play") {
      current.plays.push(e.text);
    }
  }
  const tricks = rounds.filter((r) => r.plays.length).reverse().map((r) => `<li><b>${esc(r.title)}</b>: ${r.plays.map((x) => esc(withCardNames(x, data))).join("; ")}</li>`).join("");
  const discard = (v.court_discard || []).map((id) => courtCard(data.card(id), { compact: true })).join("");
  box.innerHTML = `<h3>Chapter scorings</h3>${scorings ? `<ul class="history">${scorings}</ul>` : `<p class="muted">No chapter has been scored yet.</p>`}` +
    `<h3>Cards played</h3>${tricks ? `<ul class="history">${tricks}</ul>` : `<p class="muted">Nothing played yet.</p>`}` +
    `<p class="muted">Action discard pile: ${v.action_discard_size} card${v.action_discard_size === 1 ? "" : "s"}.</p>` +
    `<h3>Court discard pile <span class="muted">(${(v.court_discard || []).length})</span></h3>${discard ? `<div class="cards">${discard}</div>` : `<p class="muted">Empty.</p>`}`;
}

export { actionName };
