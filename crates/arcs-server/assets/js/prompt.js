// The pending decision: the choices as buttons in the engine's words, the
// board elements each choice names (so they can be clicked), narrowing
// when one element is named by several choices, and keys 1-9.

import { esc, ownerClass } from "./util.js";

/** The board keys a choice (its JSON form, docs/protocol.md) names. */
export function keysOf(choice, me) {
  // Playing an Event card names none (they are all alike): every Event
  // card in hand is its key.
  if (choice === "play_event") return ["event"];
  if (!choice || typeof choice !== "object") return [];
  const [k, v] = Object.entries(choice)[0];
  switch (k) {
    case "lead": case "surpass": case "copy": case "pivot": case "seize": case "action_card":
      return [`hand:${v}`];
    case "declare": return [`ambition:${v}`];
    case "system": return [`sys:${v}`];
    case "build": return [`sys:${v.system}`];
    case "piece": {
      const p = v.piece;
      if (p.ship) return [`piece:${v.system}:ship:${ownerClass(p.ship.owner)}:${p.ship.damaged ? "damaged" : "fresh"}`, `sys:${v.system}`];
      if (p.building) return [`piece:${v.system}:bld:${p.building.slot}`, `sys:${v.system}`];
      return [`sys:${v.system}`];
    }
    case "court": return [`court:${v}`];
    case "card": return [`card:${v}`];
    case "prelude": return [`card:${v.card}`];
    case "steal":
      return v.loot && v.loot.slot !== undefined ? [`slot:${v.from}:${v.loot.slot}`] : [`card:${v.loot && v.loot.card}`];
    case "spend": return [`slot:${me}:${v.slot}`];
    case "slot": return [`slot:${me}:${v}`];
    case "reroll": return [`die:${v.die}:${v.face}`];
    case "player": return [`player:${v}`];
    case "trophy": return [`player:${v.owner}`];
    case "resource": return [`res:${v}`];
    case "negotiate": {
      // A Summit's Cede Control term names its system (and the piece).
      const cede = v.act && typeof v.act === "object" && v.act.cede;
      return cede ? keysOf({ piece: { system: cede.system, piece: cede.piece } }, me) : [];
    }
    default: return [];
  }
}

/** Index: key -> choice indices, for the current snapshot. */
export function targetIndex(snap) {
  const idx = new Map();
  const choices = (snap.your_turn && snap.view.pending && snap.view.pending.choices) || [];
  choices.forEach((c, i) => {
    for (const key of keysOf(c, snap.you)) {
      if (!idx.has(key)) idx.set(key, []);
      idx.get(key).push(i);
    }
  });
  return idx;
}

/** The words for choice `i`: the engine's description, else its text. */
export function choiceWords(snap, i) {
  const d = snap.choices_described && snap.choices_described[i];
  return d || snap.choices_text[i] || "";
}

/**
 * Renders the choice buttons into `box`. `subset` (indices) narrows the
 * list after a board click; `onPick(i)` acts.
 */
export function renderChoices(box, snap, subset, onPick, onAll) {
  const all = snap.your_turn ? snap.choices_text.map((_, i) => i) : [];
  const list = subset && subset.length ? subset : all;
  const html = list.map((i, n) => {
    const key = n < 9 ? `<kbd>${n + 1}</kbd>` : "";
    return `<button class="choice" data-choice="${i}" title="${esc(snap.choices_text[i])}">${key}${esc(choiceWords(snap, i))}</button>`;
  });
  if (subset && subset.length) html.push(`<button class="all-choices">Show all choices</button>`);
  box.innerHTML = html.join("");
  box.querySelectorAll("button.choice").forEach((b) => { b.onclick = () => onPick(Number(b.dataset.choice)); });
  const allBtn = box.querySelector("button.all-choices");
  if (allBtn) allBtn.onclick = onAll;
  return list;
}
