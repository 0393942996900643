// The rules help: a short reference in our own words (never the
// rulebook's sentences), one topic per term a prompt may ask about. Every
// prompt links to its topic ("What is a Prelude?").

import { esc } from "./util.js";

/** Topics in reading order ({id, title, set, text: paragraphs}), from
 *  `/assets/help/topics.json` (the terminal's `help` reads the same file).
 *  Sets: base, ll (Leaders & Lore), campaign. */
let TOPICS = [];

/** Loads the topics once, before the first render. */
export async function loadHelp() {
  if (TOPICS.length) return;
  try {
    const res = await fetch("/assets/help/topics.json");
    TOPICS = (await res.json()).map((t) => [t.id, t.title, t.set, t.text]);
  } catch (e) {
    TOPICS = []; // the help tab then says it could not be loaded
  }
}

/** Cards whose questions a topic of their own explains. */
const CARD_TOPIC = {
  "ARCS-F113": "imperium",
  "ARCS-F122A": "imperium",
  "ARCS-F123": "imperium",
  "ARCS-F821": "faith",
  "ARCS-F1503": "peace",
  "ARCS-F1509": "peace",
  "ARCS-F827": "faith",
};

/** The topic a prompt asks about. */
export function topicOf(prompt) {
  const kind = prompt && prompt.kind;
  switch (kind) {
    case "play_card": return "lead";
    case "turn": return prompt.prelude ? "prelude" : "actions";
    case "tax_target": case "build_target": case "move_from": case "move_ships": case "move_to":
    case "catapult_drop": case "catapult_on": case "repair_target": case "influence_target": return "actions";
    case "secure_target": return "court";
    case "battle_system": case "battle_defender": case "battle_dice": case "assign_hit": case "raid": case "ransack": return "battle";
    case "arrange": return "resources";
    case "draft": case "place_start": return "leaders";
    case "choose_fate": return "fates";
    case "consent": return "summit";
    case "mulligan": return "chapter";
    case "campaign": return "campaign";
    case "card": return CARD_TOPIC[prompt.card] || "goal";
    default: return "goal";
  }
}

/** The help panel: every topic of the sets in play. */
export function renderHelp(box, v, focus) {
  const sets = new Set(["base"]);
  if (v.leader_row && (v.leader_row.length || v.seats.some((s) => s.leader))) sets.add("ll");
  if (v.campaign) sets.add("campaign");
  const topics = TOPICS.filter(([, , set]) => sets.has(set) || focus === set);
  if (!TOPICS.length) {
    box.innerHTML = `<p class="muted">The rules help could not be loaded; reload the page to try again.</p>`;
    return;
  }
  box.innerHTML = `<p class="muted">A short guide in our own words. The printed rules decide.</p>` +
    topics.map(([id, title, , paras]) => `<section class="help-topic${id === focus ? " focus" : ""}" id="help-${id}"><h3>${esc(title)}</h3>${paras.map((p) => `<p>${esc(p)}</p>`).join("")}</section>`).join("");
  if (focus) {
    const el = box.querySelector(`#help-${focus}`);
    if (el) el.scrollIntoView({ block: "start" });
  }
}

/** The title of a topic ("The Prelude"). */
export function topicTitle(id) {
  const t = TOPICS.find(([x]) => x === id);
  return t ? t[1] : "";
}
