// The campaign's Summit as a deal builder (campaign rules p16-17): pick a
// Rival, add terms from menus by kind and direction, see the deal so far,
// propose it; the other parties answer in a consent panel. It is only a
// presentation of the decision's legal choices: every button sends one
// choice index, as the plain list does, and every choice has a place
// (a choice no menu fits goes under "Other").

import { esc, seatLabel } from "./util.js";

/** The Negotiation actions' kinds, in the rules' order (NegotiationAct). */
const KINDS = [
  ["cede", "Cede Control"],
  ["delegate", "Delegate Authority"],
  ["favor", "Promise Favor"],
  ["give", "Transfer Asset"],
  ["invite", "Invite to Empire"],
  ["guild_support", "Transfer Guild Support"],
  ["transfer_lore", "Transfer Lore"],
  ["transfer_golem", "Transfer Golem"],
];

// What stays between two renders of one Summit: the Rival picked and the
// menu open (closed after each choice).
let rival = null;
let open = null;
let openedAt = null;

/** The Summit in progress (view.campaign.summit), or null. */
export const summitOf = (snap) => (snap.view.campaign && snap.view.campaign.summit) || null;

/** Whether the pending decision is yours and one of the Summit's own. */
export function isSummitDecision(snap) {
  const sm = summitOf(snap);
  const p = snap.view.pending && snap.view.pending.prompt;
  if (!snap.your_turn || !sm || !sm.stage || !p) return false;
  return sm.stage === "consent" ? p.kind === "consent" : sm.seat === snap.you && p.kind === "campaign";
}

/** The kind of a Negotiation action's JSON form ("favor", {"cede": …}). */
function kindOf(act) {
  if (typeof act === "string") return act;
  return act && typeof act === "object" ? Object.keys(act)[0] : "";
}

const kindName = (k) => (KINDS.find(([key]) => key === k) || [k, "Other"])[1];

/** Engine words with each seat ("P2") in its colour; the text is unchanged. */
function seatWords(text) {
  return esc(text).replace(/\bP([1-4])\b/g, (m, n) => `<span class="seat p${n}">${m}</span>`);
}

const who = (snap, seat) => `<span class="who p${seat}">${esc(seatLabel(snap, seat))}${seat === snap.you ? " (you)" : ""}</span>`;

/** The engine's words for choice `i`, without the "Propose: " the plain list needs. */
function termWords(snap, i) {
  const d = (snap.choices_described && snap.choices_described[i]) || snap.choices_text[i] || "";
  return d.replace(/^Propose:\s*/, "");
}

/** Sorts the choice indices into Negotiation terms and the rest. */
function sortChoices(snap) {
  const choices = (snap.view.pending && snap.view.pending.choices) || [];
  const terms = [];
  const acts = {};
  const other = [];
  choices.forEach((c, i) => {
    if (c && typeof c === "object" && c.negotiate) {
      const n = c.negotiate;
      terms.push({ i, by: n.by, to: n.to, kind: kindOf(n.act) });
    } else if (c === "done" || c === "no" || c === "yes") {
      acts[c] = i;
    } else if (c && typeof c === "object" && c.summit) {
      (acts.summit = acts.summit || []).push(i);
    } else {
      other.push(i);
    }
  });
  return { terms, acts, other };
}

/** The deal on the table as a list, term by term in the engine's words
 *  (each names who gives and who receives). */
function dealList(deal) {
  return `<ol class="deal-terms">${deal.map((t) => `<li data-by="${t.by}" data-to="${t.to}"${cededSystem(t.act) ? ` data-system="${esc(cededSystem(t.act))}"` : ""}>${seatWords(t.words)}</li>`).join("")}</ol>`;
}

/** The parties a deal needs the consent of: everyone in it but the proposer. */
function partiesOf(deal, proposer) {
  const set = new Set();
  for (const t of deal) { set.add(t.by); set.add(t.to); }
  set.delete(proposer);
  return [...set].sort();
}

/** One button per choice; `cls` adds a class. */
function button(snap, i, label, cls = "") {
  return `<button type="button" class="choice ${cls}" data-choice="${i}" title="${esc(snap.choices_text[i])}">${seatWords(label)}</button>`;
}

/** A row of menus (one per kind) for the terms of one direction. */
function menus(snap, side, title, list) {
  if (!list.length) return `<div class="side" data-side="${side}"><h4>${title}</h4><p class="none">nothing to offer</p></div>`;
  const kinds = [...KINDS.map(([k]) => k), ...new Set(list.map((t) => t.kind).filter((k) => !KINDS.some(([x]) => x === k)))];
  const chips = [];
  let items = "";
  for (const k of kinds) {
    const of = list.filter((t) => t.kind === k);
    if (!of.length) continue;
    const key = `${side}:${k}`;
    const isOpen = open === key;
    chips.push(`<button type="button" class="menu${isOpen ? " open" : ""}" data-menu="${esc(key)}" aria-expanded="${isOpen}">${esc(kindName(k))} <span class="n">${of.length}</span></button>`);
    if (isOpen) items = `<div class="menu-items" role="group" aria-label="${esc(kindName(k))}">${of.map((t) => button(snap, t.i, termWords(snap, t.i), "term")).join("")}</div>`;
  }
  return `<div class="side${items ? " has-open" : ""}" data-side="${side}"><h4>${title}</h4><div class="menus">${chips.join("")}</div>${items}</div>`;
}

/** The system a Cede Control choice or term names, or null. */
function cededSystem(act) {
  const cede = act && typeof act === "object" && act.cede;
  return cede ? cede.system : null;
}

/** Rings `sys` on the map while the pointer or focus is on a term that
 *  names it (and clears the ring when `sys` is null). */
function pointAt(sys) {
  document.querySelectorAll("#board .sys.pointed").forEach((g) => g.classList.remove("pointed"));
  if (sys) document.querySelectorAll(`#board .sys[data-system="${CSS.escape(sys)}"]`).forEach((g) => g.classList.add("pointed"));
}

/** Renders the builder (or the consent panel) into `box`, the choices
 *  region; `onPick(i)` sends a choice. `subset` (choice indices, after a
 *  system was clicked on the map) shows those terms first, with
 *  `onAll` to go back to the whole builder. */
export function renderSummit(box, snap, onPick, subset = null, onAll = null) {
  const sm = summitOf(snap);
  const me = snap.you;
  const stage = sm.stage;
  // A menu stays open while the decision is the same one.
  if (openedAt !== snap.version) open = null;
  const { terms, acts, other } = sortChoices(snap);
  const deal = sm.deal || [];
  let html = "";
  if (stage === "consent") {
    html = consentPanel(snap, sm, acts);
  } else {
    // The Rivals: every seat a term names besides you.
    const rivals = [...new Set(terms.flatMap((t) => [t.by, t.to]).filter((s) => s !== me))].sort();
    const dealRival = deal.length ? [deal[0].by, deal[0].to].find((s) => s !== me) : null;
    if (!rivals.includes(rival)) rival = rivals.includes(dealRival) ? dealRival : rivals[0] ?? null;
    const mine = terms.filter((t) => (t.by === me && t.to === rival) || (t.by === rival && t.to === me));
    const between = terms.filter((t) => t.by !== me && t.to !== me);
    const forced = stage === "call_to_order";
    const head = {
      call_to_order: "The Call to Order: take an action, force a Rival with Return Favors, or move on to the Negotiations.",
      negotiations: "Propose a deal: pick a Rival, then a first term (you may add more before proposing), or pass.",
      proposal: "Add terms, then propose the deal, or withdraw it.",
    }[stage] || "";
    html += `<p class="summit-head">${esc(head)}</p>`;
    if (subset && subset.length) {
      // A system clicked on the map: the terms that cede a piece there.
      html += `<section class="from-map" aria-label="Terms for the system you clicked"><h4>Cede Control there</h4><div class="menu-items">`
        + subset.map((i) => button(snap, i, termWords(snap, i), "term")).join("")
        + `</div><button type="button" class="all-terms">Back to every term</button></section>`;
    }
    if (stage === "proposal") {
      const need = partiesOf(deal, me);
      html += `<section class="deal" aria-label="Your deal so far"><h4>Your deal so far</h4>${dealList(deal)}`
        + (need.length ? `<p class="needs">Needs the consent of ${need.map((s) => who(snap, s)).join(", ")}.</p>` : "")
        + `</section>`;
    } else if (stage === "negotiations") {
      const made = (sm.proposals || [])[me - 1] || 0;
      html += `<p class="needs">Deals you proposed in this Summit: ${made} of ${sm.max_proposals}.</p>`;
    }
    if (rivals.length) {
      html += `<div class="rivals" role="group" aria-label="${forced ? "Force which Rival" : "Deal with which Rival"}"><span class="label">${forced ? "Return Favors of" : stage === "proposal" ? "Terms with" : "Rival"}:</span>`
        + rivals.map((s) => `<button type="button" class="rival p${s}" data-rival="${s}" aria-pressed="${s === rival}">${esc(seatLabel(snap, s))}</button>`).join("")
        + `</div>`;
    }
    if (rival !== null) {
      const give = mine.filter((t) => t.by === me);
      const take = mine.filter((t) => t.by === rival);
      const add = stage === "proposal" ? "Add: " : "";
      html += `<div class="sides">`;
      if (!forced || give.length) html += menus(snap, "give", `${add ? "Add: you" : "You"} give ${esc(seatLabel(snap, rival))}`, give);
      html += menus(snap, "take", forced ? `${esc(seatLabel(snap, rival))} must give you` : `${add}${esc(seatLabel(snap, rival))} gives you`, take);
      html += `</div>`;
    }
    // Terms between two other seats (a deal may add them), and anything
    // no menu fits: never out of reach.
    const rest = [];
    if (between.length) rest.push(["between", "Between other players", between.map((t) => t.i)]);
    if (other.length) rest.push(["other", "Other", other]);
    if (rest.length) {
      html += `<div class="side${rest.some(([k]) => k === open) ? " has-open" : ""}" data-side="rest"><div class="menus">${rest.map(([k, name, list]) => `<button type="button" class="menu${open === k ? " open" : ""}" data-menu="${k}" aria-expanded="${open === k}">${esc(name)} <span class="n">${list.length}</span></button>`).join("")}</div>`;
      const shown = rest.find(([k]) => k === open);
      if (shown) html += `<div class="menu-items">${shown[2].map((i) => button(snap, i, termWords(snap, i), "term")).join("")}</div>`;
      html += `</div>`;
    }
    // What ends or moves on the decision: the engine's words.
    const ends = [];
    if (acts.summit) for (const i of acts.summit) ends.push(button(snap, i, termWords(snap, i), "act"));
    if (acts.done !== undefined) ends.push(button(snap, acts.done, termWords(snap, acts.done), stage === "proposal" ? "act primary" : "act"));
    if (acts.no !== undefined) ends.push(button(snap, acts.no, termWords(snap, acts.no), "act"));
    if (acts.yes !== undefined) ends.push(button(snap, acts.yes, termWords(snap, acts.yes), "act"));
    html += `<div class="acts">${ends.join("")}</div>`;
  }
  box.innerHTML = `<div class="summit${open ? " menu-open" : ""}" data-stage="${esc(stage)}">${html}</div>`;
  const choices = (snap.view.pending && snap.view.pending.choices) || [];
  box.querySelectorAll("button.choice").forEach((b) => {
    const i = Number(b.dataset.choice);
    b.onclick = () => { open = null; pointAt(null); onPick(i); };
    const c = choices[i];
    const sys = c && typeof c === "object" && c.negotiate ? cededSystem(c.negotiate.act) : null;
    if (sys) hoverRing(b, sys);
  });
  wireDealRings(box);
  const all = box.querySelector("button.all-terms");
  if (all && onAll) all.onclick = onAll;
  box.querySelectorAll("button[data-rival]").forEach((b) => {
    b.onclick = () => { rival = Number(b.dataset.rival); open = null; renderSummit(box, snap, onPick); };
  });
  box.querySelectorAll("button[data-menu]").forEach((b) => {
    b.onclick = () => {
      open = open === b.dataset.menu ? null : b.dataset.menu;
      openedAt = snap.version;
      renderSummit(box, snap, onPick);
      const first = box.querySelector(".menu-items button");
      if (first) first.scrollIntoView({ block: "nearest" });
    };
  });
}

/** A deal's Cede Control terms inside `box` ring their system on hover. */
export function wireDealRings(box) {
  box.querySelectorAll("li[data-system]").forEach((li) => hoverRing(li, li.dataset.system));
}

/** Rings `sys` on the map while `el` is pointed at or focused. */
function hoverRing(el, sys) {
  el.addEventListener("mouseenter", () => pointAt(sys));
  el.addEventListener("mouseleave", () => pointAt(null));
  el.addEventListener("focus", () => pointAt(sys));
  el.addEventListener("blur", () => pointAt(null));
}

/** The consent panel: the deal term by term, who gives what, Agree or Decline. */
function consentPanel(snap, sm, acts) {
  const me = snap.you;
  const deal = sm.deal || [];
  const give = deal.filter((t) => t.by === me);
  const get = deal.filter((t) => t.to === me);
  const others = deal.filter((t) => t.by !== me && t.to !== me);
  const part = (title, list) => (list.length ? `<h4>${title}</h4>${dealList(list)}` : "");
  const agreed = (sm.agreed || []).filter((s) => s !== me);
  const yes = acts.yes !== undefined ? button(snap, acts.yes, "Agree", "act primary agree") : "";
  const no = acts.no !== undefined ? button(snap, acts.no, "Decline", "act decline") : "";
  return `<section class="consent" role="group" aria-label="A deal to answer">
    <h3>${who(snap, sm.proposer)} proposes a deal</h3>
    ${part("You give", give)}${part("You receive", get)}${part("Between other players", others)}
    ${agreed.length ? `<p class="needs">Already agreed: ${agreed.map((s) => who(snap, s)).join(", ")}.</p>` : ""}
    <p class="needs">It happens at once and whole if every party agrees; one refusal drops it.</p>
    <div class="acts">${yes}${no}</div>
  </section>`;
}

/** For a seat not deciding: where the Summit stands and the deal on the
 *  table (a proposal is public at the table). Empty outside one. */
export function summitWaiting(snap) {
  const sm = summitOf(snap);
  if (!sm || !sm.stage) return "";
  const deal = sm.deal || [];
  if (!deal.length) return "";
  const mine = sm.proposer === snap.you;
  const title = sm.stage === "consent"
    ? (mine ? "Your deal, waiting for answers" : `${who(snap, sm.proposer)} proposes a deal`)
    : `${who(snap, sm.proposer)} is making a deal`;
  const agreed = sm.agreed || [];
  return `<section class="summit deal waiting-deal" aria-label="The deal on the table"><h4>${title}</h4>${dealList(deal)}${agreed.length ? `<p class="needs">Agreed: ${agreed.map((s) => who(snap, s)).join(", ")}.</p>` : ""}</section>`;
}

/** Esc closes an open menu; true when it did. */
export function closeMenu() {
  if (!open) return false;
  open = null;
  return true;
}
