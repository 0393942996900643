// Cards drawn as cards: action cards, Court cards (Guild and Vox),
// leaders, lore and card backs. Card text is the game's rules text,
// rendered from the catalog's light markup (**bold**, *italic*).

import { esc, cap, ownerClass } from "./util.js";
import { SUITS, actionName } from "./data.js";
import { ICON } from "./icons.js";

// Glyphs present in common system fonts (DejaVu, Segoe, SF): no missing boxes.
const RES_ICON = { material: "▰", fuel: "♨", weapon: "⚔", relic: "◈", psionic: "✺" };
const ACT_NAME = { tax: "Tax", build: "Build", move: "Move", repair: "Repair", influence: "Influence", secure: "Secure", battle: "Battle" };

// The catalog's `symbol:NAME` marks, as icons (with a name for screen
// readers): die faces, keys, planet ID symbols, the objective clock, the
// event die's icons.
const SYMBOL = {
  key: `<span class="sym" title="key">${ICON.key}</span>`,
  hit: `<span class="sym" title="hit">${ICON.hit}</span>`,
  intercept: `<span class="sym" title="intercept">${ICON.intercept}</span>`,
  arrow: `<span class="sym" title="arrow planet">➤</span>`,
  moon: `<span class="sym" title="moon planet">☾</span>`,
  hex: `<span class="sym" title="hex planet">⬡</span>`,
  clock: `<span class="sym" title="objective">◷</span>`,
  crisis: `<span class="sym" title="Crisis">⚠</span>`,
  edict: `<span class="sym" title="Edict">⚖</span>`,
};

/** Safe HTML from card text: escaped, then **bold**, *italic*, the
 *  `symbol:…` icons, line breaks. */
export function cardText(text) {
  return esc(text)
    .replace(/`symbol:([a-z_]+)`/g, (m, name) => SYMBOL[name] || `<span class="sym">${name}</span>`)
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*([^*\n]+?)\*/g, "$1<em>$2</em>")
    .replace(/\n+/g, "<br>");
}

function attrs(o) {
  return Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k}="${esc(v === true ? "" : v)}"`)
    .join("");
}

/** An action card (from data.action). `opts.target` makes it clickable. */
export function actionCard(a, opts = {}) {
  if (!a) return cardBack(1);
  if (a.suit === "event") return eventCard(a, opts);
  if (a.faithful) return faithfulCard(a, opts);
  const suit = SUITS[a.suit] || { name: a.suit || "?", code: "?" };
  const pips = a.pips ?? "";
  const acts = (a.actions || []).map((x) => `<li>${esc(ACT_NAME[x] || cap(x))}</li>`).join("");
  const declare = a.declare ? `<span class="declare" title="${a.declare === "any" ? "Declares any ambition" : `Declares ${esc(cap(a.declare))}`}">${esc(a.declare === "any" ? "Any" : cap(a.declare))}</span>` : "";
  return `<div class="card action suit-${esc(a.suit)}${opts.cls ? " " + opts.cls : ""}"${attrs({ "data-target": opts.target, "data-action": a.index, title: `${actionName(a)}: ${pips} pips`, tabindex: opts.target ? 0 : null })}>
    <div class="top"><span class="num">${esc(a.number)}</span><span class="suit-mark" aria-hidden="true"></span>${declare}</div>
    <div class="name">${esc(suit.name)}</div>
    <div class="pips" aria-label="${esc(pips)} pips">${"●".repeat(Number(pips) || 0)}</div>
    ${acts ? `<ul class="acts">${acts}</ul>` : ""}
    ${opts.label ? `<div class="label">${esc(opts.label)}</div>` : ""}
  </div>`;
}

/** A Faithful action card (the Believer's, ARCS-F813): its number and
 *  pips, and what each side does; a played one shows the side it was
 *  played on. */
function faithfulCard(a, opts) {
  const side = a.suit === "zeal" ? "Zeal" : a.suit === "wisdom" ? "Wisdom" : null;
  const acts = side
    ? `<ul class="acts">${(a.actions || []).map((x) => `<li>${esc(ACT_NAME[x] || cap(x))}</li>`).join("")}</ul>`
    : `<div class="sides"><div><b>Zeal</b> ${esc((a.zeal || "").replace(" or ", ", "))}</div><div><b>Wisdom</b> ${esc((a.wisdom || "").replace(" or ", ", "))}</div></div>`;
  return `<div class="card action suit-faithful${side ? " side-" + side.toLowerCase() : ""}${opts.cls ? " " + opts.cls : ""}"${attrs({ "data-target": opts.target, "data-action": a.index, title: `${actionName(a)}: ${a.pips} pips. ${a.text || ""}`, tabindex: opts.target ? 0 : null })}>
    <div class="top"><span class="num">${esc(a.number)}</span><span class="suit-mark" aria-hidden="true"></span><span class="declare" title="Leading it declares any ambition while Pluralistic Faith is in the rules booklet">?</span></div>
    <div class="name">${side || "Faithful"}</div>
    <div class="pips" aria-label="${esc(a.pips)} pips">${"●".repeat(Number(a.pips) || 0)}</div>
    ${acts}
    ${opts.label ? `<div class="label">${esc(opts.label)}</div>` : ""}
  </div>`;
}

/** An Event card (campaign rules p12): played like a card that follows
 *  the lead; at the round's end it rolls the event die. */
function eventCard(a, opts) {
  return `<div class="card action suit-event${opts.cls ? " " + opts.cls : ""}"${attrs({ "data-target": opts.target, "data-action": a.index, title: "Event card: follows the lead's actions unless a Rival played an Event or secured the Imperial Council first; at the end of the round the event die is rolled", tabindex: opts.target ? 0 : null })}>
    <div class="top"><span class="suit-mark" aria-hidden="true"></span></div>
    <div class="name">Event</div>
    <div class="event-icons" aria-label="Crisis or Edict">${SYMBOL.crisis} ${SYMBOL.edict}</div>
    <ul class="acts"><li>Follows the lead</li></ul>
    ${opts.label ? `<div class="label">${esc(opts.label)}</div>` : ""}
  </div>`;
}

// What a card is, as printed on it.
const KIND_LABEL = {
  guild: "Guild", vox: "Vox", lore: "Lore", leader: "Leader", fate: "Fate", law: "Law", edict: "Edict",
  event: "Event", objective: "Objective", resolution: "Resolution", title: "Title", ability: "Ability",
  setup: "Setup", council: "Imperial Council", summit: "Summit", monopoly: "Monopoly",
  reminder: "Reminder", economy: "Economy", doctrine: "Doctrine",
};

/** What a card is, in words ("Guild", "Imperial Council"). */
export function kindLabel(info) {
  return KIND_LABEL[info.kind] || cap(info.kind || "card");
}

/** A Court card: name, suit (or Vox), raid cost in keys, text, agents.
 *  `opts.compact` draws the name, suit, keys and agents only (the whole
 *  card enlarges on click or hover: zoom.js). */
export function courtCard(info, opts = {}) {
  if (!info) return `<div class="card court empty${opts.compact ? " compact" : ""}">(empty)</div>`;
  const kind = kindLabel(info);
  const suit = info.suit ? `<span class="res res-${esc(info.suit)}" title="${esc(cap(info.suit))}">${RES_ICON[info.suit] || ""} ${esc(cap(info.suit))}</span>` : "";
  const keys = info.raid_cost ? `<span class="keys" title="Raid cost: ${info.raid_cost} key${info.raid_cost > 1 ? "s" : ""}">${"⚷".repeat(info.raid_cost)}</span>` : "";
  const agents = (opts.agents || [])
    .map(([owner, n]) => `<span class="agent ${ownerClass(owner)}" title="${n} agent${n > 1 ? "s" : ""}">${n}</span>`)
    .join("");
  const extra = opts.setup ? `<div class="setup">${opts.setup}</div>` : "";
  const id = { "data-card": info.id, "data-target": opts.target, tabindex: opts.target ? 0 : null };
  if (opts.compact) {
    const suitIcon = info.suit ? `<span class="res res-${esc(info.suit)}" title="${esc(cap(info.suit))}">${RES_ICON[info.suit] || ""}</span>` : "";
    return `<div class="card court compact kind-${esc(info.kind || "guild")}${opts.cls ? " " + opts.cls : ""}"${attrs({ ...id, title: `${info.name}: click to read` })}>
    <div class="head"><span class="title">${esc(info.name)}</span></div>
    <div class="sub">${suitIcon}<span>${esc(kind)}</span>${keys}${opts.position ? `<span class="pos">${opts.position}</span>` : ""}</div>
    ${opts.setup ? `<div class="setup">${opts.setup}</div>` : ""}
    ${agents ? `<div class="agents">${agents}</div>` : ""}
    ${opts.target ? `<button type="button" class="zoom-btn" title="Read this card" aria-label="Read ${esc(info.name)}">⤢</button>` : ""}
  </div>`;
  }
  return `<div class="card court kind-${esc(info.kind || "guild")}${opts.cls ? " " + opts.cls : ""}"${attrs(id)}>
    <div class="head"><span class="title">${esc(info.name)}</span>${keys}</div>
    <div class="sub">${esc(kind)} ${suit}${opts.position ? `<span class="pos">Court ${opts.position}</span>` : ""}</div>
    <div class="text">${cardText(info.text || "")}</div>
    ${extra}
    ${agents ? `<div class="agents">${agents}</div>` : ""}
  </div>`;
}

/** Face-down cards: a hand size or a face-down play. */
export function cardBack(n, label) {
  return `<div class="card back" title="${esc(label || `${n} card${n === 1 ? "" : "s"}`)}"><span>${n > 1 ? "×" + n : ""}</span></div>`;
}

export { RES_ICON, ACT_NAME };
