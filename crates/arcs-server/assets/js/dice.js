// Dice drawn as dice: each face's symbols (hits, building hits, self-hits,
// intercepts, keys) as icons, its words in the title. Used beside the
// choices, in the battle panel and in the log.

import { esc } from "./util.js";
import { ICON } from "./icons.js";

const SYMBOLS = [["hit", ICON.hit, "hit"], ["building_hit", ICON.building_hit, "building hit"], ["self_hit", ICON.self_hit, "self-hit"], ["intercept", ICON.intercept, "intercept"], ["key", ICON.key, "key"]];
const KIND_NAME = { skirmish: "Skirmish", assault: "Assault", raid: "Raid" };

/** The dice of an event's roll (`e.dice`), as a row of dice; those a
 *  choice can reroll (`has("die:kind:face")`) are clickable. */
export function diceRow(dice, has = () => false, cls = "") {
  const rerolled = dice.rerolled;
  const row = Object.entries(dice).filter(([k]) => k !== "rerolled").flatMap(([kind, faces]) => faces.map((f, i) => {
    const syms = SYMBOLS.flatMap(([k, glyph, name]) => Array.from({ length: f[k] || 0 }, () => `<span class="sym" title="${name}">${glyph}</span>`)).join("");
    const words = SYMBOLS.filter(([k]) => f[k]).map(([k, , name]) => `${f[k] > 1 ? f[k] + " " : ""}${name}${f[k] > 1 ? "s" : ""}`).join(", ") || "blank";
    const key = `die:${kind}:${f.face}`;
    const click = has(key) ? ` clickable" data-target="${key}" tabindex="0` : "";
    const fresh = rerolled && rerolled.kind === kind && rerolled.index === i ? " rerolled" : "";
    return `<span class="die die-${esc(kind)}${fresh}${click}" title="${esc(`${KIND_NAME[kind] || kind} die: ${words}`)}">${syms}</span>`;
  })).join("");
  return `<span class="dice${cls ? " " + cls : ""}">${row}</span>`;
}

/** A roll with its line of text above the dice. */
export function renderDice(e, has) {
  return `<div class="roll"><p>${esc(e.text)}</p>${diceRow(e.dice, has)}</div>`;
}
