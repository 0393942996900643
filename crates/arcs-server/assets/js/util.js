// Small helpers shared by every module: escaping, names, colours.

export const $ = (id) => document.getElementById(id);

/** Escapes text for HTML (every player-given or engine string goes through it). */
export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export const RESOURCES = ["material", "fuel", "weapon", "relic", "psionic"];
export const AMBITIONS = ["tycoon", "tyrant", "warlord", "keeper", "empath"];

export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");

/** The seat number (1-4) of an owner as the engine writes it, or null. */
export function ownerSeat(owner) {
  if (owner && typeof owner === "object" && "Seat" in owner) return owner.Seat;
  if (typeof owner === "number") return owner;
  return null;
}

/** CSS class of an owner: p1..p4, empire, free, blight. */
export function ownerClass(owner) {
  const s = ownerSeat(owner);
  if (s) return `p${s}`;
  return owner === "Empire" ? "empire" : owner === "Blight" ? "blight" : "free";
}

/** An owner in words: "P2" (or the player's name), "the Empire", "the Free States", "the Blight". */
export function ownerName(owner, snap) {
  const s = ownerSeat(owner);
  if (s) return snap ? seatLabel(snap, s) : `P${s}`;
  return { Empire: "the Empire", Free: "the Free States", Blight: "the Blight" }[owner] || String(owner);
}

/** A seat as players know it: its name if given, else "P2". */
export function seatLabel(snap, seat) {
  const s = snap && snap.seats && snap.seats[seat - 1];
  const name = s && s.name;
  return name ? `${name} (P${seat})` : `P${seat}`;
}

export const isBot = (snap, seat) => !!(snap && snap.seats[seat - 1] && snap.seats[seat - 1].kind === "bot");

/** Replaces card codes in engine text with card names (fallback for older texts). */
export function withCardNames(text, data) {
  return String(text ?? "").replace(/\b(?:ARCS-)?[A-Z]{2,5}[0-9]{1,3}[A-Z]?\b/g, (code) => data.cardName(code) || code);
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** Gates as the map names them: "6.0" reads "gate 6" (the engine's
 *  described words do the same; older log lines need it here). */
export function gateWords(text) {
  return String(text ?? "").replace(/(^|[^\d.])(in )?([1-6])\.0(?!\d)/g, (m, pre, inWord, n) => `${pre}${inWord ? "at " : ""}gate ${n}`);
}
