// The battle panel: while a battle is in progress (the view's `battle`,
// public to every seat), who attacks whom where, both sides' pieces in the
// system (clickable when a hit can be assigned to them), the dice collected
// or rolled as dice, what the roll shows and the hits still to assign.

import { esc, ownerClass, ownerName } from "./util.js";
import { ICON } from "./icons.js";

const STAGE_WORDS = {
  pre_collect: "Before the dice are collected",
  railgun: "Railgun Arrays: a hit before the dice",
  imperial: "Adding the Imperial ships?",
  dice: "Collecting dice",
  reroll: "Rerolling",
  self_hits: "The attacker takes its self-hits",
  intercept: "The defender's intercepts",
  hits: "The attacker assigns its hits",
  building_hits: "The attacker assigns its building hits",
  raid: "Raiding with the keys",
  after: "After the battle",
};

const DIE_NAMES = ["assault", "skirmish", "raid"];

/** A system as the map names it: "gate 6", or "3.2". */
export function systemWords(id) {
  const m = /^([1-6])\.0$/.exec(String(id));
  return m ? `gate ${m[1]}` : String(id);
}

/** The stage the battle is in, in words (the stage is `dice` or {dice: kind}). */
function stageWords(stage) {
  const key = typeof stage === "object" && stage ? Object.keys(stage)[0] : stage;
  return STAGE_WORDS[key] || "";
}

/** One owner's pieces in the system, as tokens; a token a hit can be
 *  assigned to carries the board's key (`piece:…`) and is clickable. */
function pieces(sys, owner, has, none = `<span class="muted">no pieces</span>`) {
  const cls = ownerClass(owner);
  const out = [];
  const ships = (sys.ships || []).find(([o]) => ownerClass(o) === cls);
  if (ships) {
    const [, n] = ships;
    for (const [state, count] of [["fresh", n.fresh], ["damaged", n.damaged]]) {
      if (!count) continue;
      const key = `piece:${sys.id}:ship:${cls}:${state}`;
      const click = has(key) ? ` clickable" data-target="${key}" tabindex="0` : "";
      const name = owner === "Blight" ? "Blight" : `ship${count > 1 ? "s" : ""}`;
      out.push(`<span class="token ${cls} ${state}${click}" title="${count} ${state} ${name}">${ICON.ship}<b>${count}</b> ${state}</span>`);
    }
  }
  for (const [slot, b] of sys.buildings || []) {
    if (ownerClass(b.owner) !== cls) continue;
    const key = `piece:${sys.id}:bld:${slot}`;
    const click = has(key) ? ` clickable" data-target="${key}" tabindex="0` : "";
    const kind = b.kind === "City" || b.kind === "city" ? "city" : "starport";
    const state = b.damaged ? "damaged" : "fresh";
    out.push(`<span class="token ${cls} ${state}${click}" title="a ${state} ${kind}">${kind === "city" ? ICON.city : ICON.starport} ${state} ${kind}</span>`);
  }
  return out.length ? out.join("") : none;
}

/** The panel's HTML, or "" when no battle is in progress. `dice(e)` draws
 *  a roll (`{text, dice}`) as dice. */
export function renderBattle(v, snap, has, dice) {
  const b = v.battle;
  if (!b) return "";
  const sys = v.systems.find((s) => s.id === b.system) || { id: b.system, ships: [], buildings: [] };
  const attacker = { Seat: b.attacker };
  // A Regent may attack with the Imperial ships there (campaign p11).
  const empire = b.with_empire ? `<span class="muted">with the Empire's</span> ${pieces(sys, "Empire", has)}` : "";
  const side = (role, owner, extra = "") => `<div class="side ${ownerClass(owner)}"><p><span class="role">${role}</span> <b class="seat ${ownerClass(owner)}">${esc(ownerName(owner, snap))}</b></p><p class="tokens">${pieces(sys, owner, has, extra ? "" : undefined)}${extra}</p></div>`;
  // Others with pieces there (the Empire beside a Regent, Blight).
  const others = (sys.ships || []).map(([o]) => o)
    .concat((sys.buildings || []).map(([, x]) => x.owner))
    .filter((o) => !(b.with_empire && o === "Empire"))
    .filter((o, i, all) => ownerClass(o) !== ownerClass(attacker) && ownerClass(o) !== ownerClass(b.defender) && all.findIndex((x) => ownerClass(x) === ownerClass(o)) === i);
  const collected = b.dice.map((n, i) => (n ? `${n} ${DIE_NAMES[i]}` : "")).filter(Boolean).join(", ");
  const shows = b.shows || {};
  const sum = [
    [shows.hit, "hit"], [shows.building_hit, "building hit"], [shows.self_hit, "self-hit"], [shows.intercept, "intercept"], [shows.key, "key"],
  ].filter(([n]) => n).map(([n, w]) => `${n} ${w}${n > 1 ? "s" : ""}`).join(", ");
  const lines = [
    `<p class="stage">${esc(stageWords(b.stage))}</p>`,
    b.roll ? "" : `<p>Dice: ${esc(collected || "none yet")}</p>`,
    b.roll ? dice({ text: `The dice show ${sum || "nothing"}.`, dice: b.roll }) : "",
    b.hits_left ? `<p class="left">Hits left to assign: <b>${b.hits_left}</b>${snap.your_turn ? " — click a piece or pick a choice" : ""}</p>` : "",
  ].join("");
  return `<div class="battle" role="group" aria-label="Battle" data-region="battle">` +
    `<h3>Battle ${esc(sys.id.endsWith(".0") ? "at" : "in")} ${esc(systemWords(sys.id))}</h3>` +
    `<div class="sides">${side("Attacker", attacker, empire)}${side("Defender", b.defender)}</div>` +
    (others.length ? `<p class="muted">Also there: ${others.map((o) => esc(ownerName(o, snap))).join(", ")}</p>` : "") +
    lines + `</div>`;
}
