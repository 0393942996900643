// Public game data, fetched once: the map and the card catalog
// (GET /api/map, /api/cards). One source for every card shown.

import { api } from "./api.js";

export const SUITS = {
  administration: { code: "ADM", name: "Administration" },
  aggression: { code: "AGG", name: "Aggression" },
  construction: { code: "CON", name: "Construction" },
  mobilization: { code: "MOB", name: "Mobilization" },
  // The campaign's Event cards (campaign rules p12): no number, no pips.
  event: { code: "EVT", name: "Event" },
  // The Believer's Faithful action cards (ARCS-F813), played on their
  // Zeal or their Wisdom side.
  faithful: { code: "FAI", name: "Faithful" },
  zeal: { code: "ZEA", name: "Faithful" },
  wisdom: { code: "WIS", name: "Faithful" },
};
const SUIT_BY_CODE = Object.fromEntries(Object.entries(SUITS).map(([k, v]) => [v.code, k]));

export async function loadData() {
  const [map, cards] = await Promise.all([api("GET", "/api/map"), api("GET", "/api/cards")]);
  const byId = new Map();
  const actions = new Map(); // engine index (0..27, Events 28..31) -> action card
  for (const c of cards) {
    byId.set(c.id, c);
    byId.set(c.id.replace(/^ARCS-/, ""), c);
    if (c.action) {
      const a = { ...c, ...c.action };
      actions.set(a.index, a);
      if (a.code) byId.set(a.code, a);
    }
  }
  const systems = Object.fromEntries(map.systems.map((s) => [s.id, s]));
  return {
    map,
    systems,
    card: (id) => byId.get(id) || byId.get(String(id).replace(/^ARCS-/, "")) || null,
    cardName(id) {
      const c = this.card(id);
      return c ? c.name : null;
    },
    /** An action card by the engine's index (0..27) or its code (AGG3). */
    action(ref) {
      if (typeof ref === "number") return actions.get(ref) || fallbackAction(ref);
      const c = byId.get(ref);
      if (c) return c;
      const m = /^([A-Z]{3})(\d)$/.exec(ref || "");
      return m ? { code: ref, suit: SUIT_BY_CODE[m[1]], number: Number(m[2]) } : null;
    },
  };
}

/** Without catalog data: suit order and number from the index. */
function fallbackAction(i) {
  if (i >= 28 && i < 32) return { index: i, code: `EVT${i - 27}`, suit: "event", number: 0, pips: 0, actions: [], event: true };
  const suit = Object.keys(SUITS)[Math.floor(i / 7)];
  return suit ? { index: i, code: SUITS[suit].code + ((i % 7) + 1), suit, number: (i % 7) + 1 } : null;
}

/** Full name of an action card: "Aggression 3". */
export function actionName(a) {
  if (a && a.suit === "event") return "an Event card";
  if (a && (a.suit === "zeal" || a.suit === "wisdom")) return `Faithful ${a.number} (${a.suit === "zeal" ? "Zeal" : "Wisdom"} side)`;
  return a ? `${(SUITS[a.suit] || {}).name || a.suit} ${a.number}` : "a card";
}
