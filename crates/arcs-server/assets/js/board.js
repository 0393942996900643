// The map, drawn after the printed board: gate 1 at the top, clusters
// clockwise, each a wedge with its gate on the inner ring and three
// planets outward (arrow, moon, hex). Pieces are drawn as ships, cities
// and starports in seat colours with the seat's number on them (colour is
// never the only cue); damaged pieces lie on their side and are hatched.

import { esc, cap, ownerClass, ownerSeat, ownerName } from "./util.js";
import { RES_ICON } from "./cards.js";

const GATE_R = 190;
const GATE_SIZE = 54;
const PLANET_SIZE = 80;
const ID_SYMBOL = { 1: "▲", 2: "☾", 3: "⬢" };
const ID_NAME = { 1: "arrow", 2: "moon", 3: "hex" };

/** Where each system sits (centre of its circle). */
export function layout(map) {
  const pos = {};
  for (const s of map.systems) {
    const base = -90 + (s.cluster - 1) * 60;
    let angle = base, r = GATE_R;
    if (!s.gate) {
      angle = base + (s.position - 2) * 17;
      r = s.position === 2 ? 478 : 368;
    }
    const a = (angle * Math.PI) / 180;
    pos[s.id] = [Math.cos(a) * r, Math.sin(a) * r, angle];
  }
  return pos;
}

function shipShape(cls, seat, damaged, x, y) {
  // An arrowhead hull; on its side (rotated) and hatched when damaged.
  const rot = damaged ? ` rotate(90 14 10)` : "";
  return `<g class="ship ${cls}${damaged ? " damaged" : ""}" transform="translate(${x},${y})${rot}">` +
    `<path d="M0 20 L14 0 L28 20 L14 14 Z"/>` +
    (seat ? `<text x="14" y="16" class="seatno">${seat}</text>` : "") + `</g>`;
}

/** A Blight token (campaign): a many-pointed blot, not a ship — it never
 *  moves or controls a system. Damaged: faded and dashed. */
function blightShape(damaged, x, y) {
  const pts = Array.from({ length: 16 }, (_, i) => {
    const a = (i * Math.PI) / 8, r = i % 2 ? 6 : 12;
    return `${(14 + Math.cos(a) * r).toFixed(1)},${(11 + Math.sin(a) * r).toFixed(1)}`;
  }).join(" ");
  return `<g class="blight${damaged ? " damaged" : ""}" transform="translate(${x},${y})"><path d="M${pts} Z"/></g>`;
}

/** What a group of pieces is called: "2 damaged ships of P1", "1 Imperial ship", "1 fresh Blight". */
function shipGroupName(owner, damaged, n) {
  const state = damaged ? "damaged" : "fresh";
  if (owner === "Blight") return `${n} ${state} Blight`;
  if (owner === "Empire") return `${n} ${state} Imperial ship${n > 1 ? "s" : ""}`;
  if (owner === "Free") return `${n} ${state} Free ship${n > 1 ? "s" : ""}`;
  return `${n} ${state} ship${n > 1 ? "s" : ""} of P${ownerSeat(owner)}`;
}

/** A building's owner in a title: "of P2", "(Free)". */
function buildingOwner(owner) {
  const seat = ownerSeat(owner);
  if (seat) return ` of P${seat}`;
  return owner === "Free" ? " (Free State)" : owner === "Empire" ? " (Imperial)" : "";
}

function buildingShape(b, x, y) {
  const cls = `bld ${ownerClass(b.owner)}${b.damaged ? " damaged" : ""}`;
  const seat = ownerSeat(b.owner);
  const shape = b.kind === "city"
    ? `<path d="M2 27 L2 11 L14 2 L26 11 L26 27 Z"/>`
    : `<path d="M14 0 L26 27 L14 21 L2 27 Z"/>`;
  const mark = b.damaged ? `<path class="x" d="M4 4 L24 24 M24 4 L4 24"/>` : "";
  return `<g class="${cls}" transform="translate(${x},${y})"><title>${esc(cap(b.kind))}${esc(buildingOwner(b.owner))}${b.damaged ? " (damaged)" : ""}</title>${shape}${mark}` +
    (seat ? `<text x="14" y="23" class="seatno">${seat}</text>` : "") + `</g>`;
}

/**
 * SVG markup of the whole board.
 * `targets(key)` says whether a key (sys:3.1, piece:…) is clickable;
 * `recent` is a Set of system ids to highlight (what just changed).
 */
export function renderBoard(view, data, targets, recent) {
  const map = data.map;
  const pos = layout(map);
  const byId = Object.fromEntries(view.systems.map((s) => [s.id, s]));
  const inPlay = (id) => byId[id] && byId[id].in_play;
  const golems = (view.campaign && view.campaign.golems) || [];
  // Flagships (campaign p22): a larger hull with a ring, in its system.
  const flagships = (view.campaign && view.campaign.flagships) || [];
  const parts = [`<defs>
    <pattern id="hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="5" height="5" fill="rgba(0,0,0,.55)"/><line x1="0" y1="0" x2="0" y2="5" stroke="rgba(255,255,255,.9)" stroke-width="2"/></pattern>
    <pattern id="outhatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="10" stroke="#444" stroke-width="3"/></pattern>
  </defs>`];

  // Lanes: planets of a cluster and the two cross-cluster borders.
  const seen = new Set();
  for (const s of map.systems) {
    for (const t of s.adjacent) {
      const key = [s.id, t].sort().join("-");
      if (seen.has(key)) continue;
      seen.add(key);
      const other = data.systems[t];
      if (s.gate && other.gate) continue; // the gate ring is drawn below
      if (!inPlay(s.id) || !inPlay(t)) continue;
      const [x1, y1] = pos[s.id], [x2, y2] = pos[t];
      parts.push(`<line class="lane" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
    }
  }
  // The gate ring, joining in-play gates across out-of-play clusters
  // (their path markers make the neighbours adjacent).
  const gates = map.systems.filter((s) => s.gate).sort((a, b) => a.cluster - b.cluster).filter((g) => inPlay(g.id));
  gates.forEach((g, i) => {
    const h = gates[(i + 1) % gates.length];
    if (h === g) return;
    const [x1, y1] = pos[g.id], [x2, y2] = pos[h.id];
    const skip = (h.cluster - g.cluster + 6) % 6 > 1;
    parts.push(skip
      ? `<path class="lane path-marker" d="M${x1} ${y1} A ${GATE_R} ${GATE_R} 0 0 1 ${x2} ${y2}"/>`
      : `<line class="lane ring" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
  });
  for (const s of map.systems) {
    const sv = byId[s.id] || { ships: [], buildings: [], in_play: false };
    const [x, y, angle] = pos[s.id];
    const r = s.gate ? GATE_SIZE : PLANET_SIZE;
    const ctrl = sv.controller ? ownerClass(sv.controller) : "";
    const cls = ["sys", s.gate ? "gate" : `planet res-${s.planet}`, sv.in_play ? "" : "out",
      targets(`sys:${s.id}`) ? "clickable" : "", recent.has(s.id) ? "recent" : ""].filter(Boolean).join(" ");
    const who = sv.controller ? `controlled by ${ownerName(sv.controller)}` : "uncontrolled";
    const title = s.gate ? `Gate ${s.cluster} (${s.id}), ${who}` : `${s.id}: ${cap(s.planet)} planet (${ID_NAME[s.position]}), ${s.slots} building slot${s.slots > 1 ? "s" : ""}, ${who}`;
    let inner = `<title>${esc(title)}</title>`;
    inner += `<circle class="body" r="${r}"/>`;
    if (ctrl) inner += `<circle class="control ${ctrl}" r="${r + 5}"/>`;
    if (!sv.in_play) inner += `<circle r="${r}" fill="url(#outhatch)"/>`;
    if (s.gate) {
      inner += `<text class="gate-no" y="-26">${s.cluster}</text>`;
    } else {
      // The label inside the circle's top; the planet's type and its ID
      // symbol (arrow, moon, hex) low on either side.
      inner += `<text class="label" y="-50">${esc(s.id)}</text>`;
      inner += `<text class="resicon" x="-56" y="46">${RES_ICON[s.planet] || ""}</text>`;
      inner += `<text class="idsym" x="56" y="46">${ID_SYMBOL[s.position]}</text>`;
    }
    if (sv.in_play) {
      // Ships: one group per owner and state, in rows inside the circle.
      const groups = [];
      for (const [owner, n] of sv.ships) {
        if (n.fresh) groups.push([owner, false, n.fresh]);
        if (n.damaged) groups.push([owner, true, n.damaged]);
      }
      const perRow = 3;
      groups.forEach(([owner, damaged, n], k) => {
        const row = Math.floor(k / perRow), col = k % perRow;
        const inRow = Math.min(perRow, groups.length - row * perRow);
        const gx = (col - (inRow - 1) / 2) * 46 - 20;
        const gy = (s.gate ? -12 : -30) + row * 28;
        const seat = ownerSeat(owner);
        const key = `piece:${s.id}:ship:${ownerClass(owner)}:${damaged ? "damaged" : "fresh"}`;
        const click = targets(key) ? ` clickable" data-target="${key}` : "";
        const shape = owner === "Blight" ? blightShape(damaged, 0, 0) : shipShape(ownerClass(owner), seat, damaged, 0, 0);
        inner += `<g class="shipgroup${click}" transform="translate(${gx},${gy})"><title>${esc(shipGroupName(owner, damaged, n))}</title>` +
          shape + `<text class="count" x="30" y="18">${n}</text></g>`;
      });
      flagships.filter((f) => f.at === s.id).forEach((f, k) => {
        // Beside the system's left edge, one under the other.
        inner += `<g class="flagship p${f.seat}" transform="translate(${-r - 30},${-24 + k * 36}) scale(1.2)"><title>${esc(`P${f.seat}'s Flagship — ${f.words}`)}</title>` +
          shipShape(`p${f.seat}`, f.seat, false, 0, 0) + `<circle class="flagship-ring" cx="14" cy="12" r="15"/></g>`;
      });
      // Building slots with the buildings in them.
      if (!s.gate) {
        const slots = Math.max(s.slots, ...sv.buildings.map(([slot]) => slot + 1));
        for (let k = 0; k < slots; k++) {
          const bx = (k - (slots - 1) / 2) * 36 - 15;
          const b = sv.buildings.find(([slot]) => slot === k);
          const key = `piece:${s.id}:bld:${k}`;
          const click = targets(key) ? ` clickable" data-target="${key}` : "";
          inner += `<g class="slotg${click}" transform="translate(${bx},26)"><rect class="slot" width="30" height="30" rx="4"/>` +
            (b ? buildingShape(b[1], 1, 1) : "") + `</g>`;
        }
      } else {
        // The Caretaker's Golems lying at this gate (F501A), Sleeping and
        // face down: only the Caretaker can take them (Golem Beacon).
        const here = golems.filter((g) => g.at.place === "gate" && g.at.system === s.id);
        here.forEach((g, k) => {
          inner += `<g class="golem${g.awake ? " awake" : ""}" transform="translate(${32 + k * 26},-32)"><title>${esc(g.golem ? `The ${g.golem} Golem` : "A Sleeping Golem (the Caretaker takes it with Golem Beacon's Awaken)")}</title>` +
            `<polygon points="0,-13 11,-6.5 11,6.5 0,13 -11,6.5 -11,-6.5"/><text y="5">${esc(g.golem ? g.golem[0] : "G")}</text></g>`;
        });
        sv.buildings.forEach(([slot, b], k) => {
          const key = `piece:${s.id}:bld:${slot}`;
          const click = targets(key) ? ` clickable" data-target="${key}` : "";
          inner += `<g class="slotg${click}" transform="translate(${-14 + k * 32},18)">${buildingShape(b, 0, 0)}</g>`;
        });
      }
    }
    const t = targets(`sys:${s.id}`) ? ` data-target="sys:${s.id}" tabindex="0" role="button" aria-label="${esc(title)}"` : "";
    parts.push(`<g class="${cls}" data-system="${esc(s.id)}"${t} transform="translate(${x},${y})">${inner}</g>`);
  }
  // The campaign: the cluster the number die rolled this round, and a
  // legend for the pieces no player owns.
  const c = view.campaign;
  if (c && c.number_die >= 1 && c.number_die <= 6 && inPlay(`${c.number_die}.0`)) {
    const [x, y] = pos[`${c.number_die}.0`];
    const what = c.event_die ? (c.event_die.icon === "crisis" ? "Crisis" : "Edict") : "Event";
    parts.push(`<g class="rolled" transform="translate(${x},${y})"><title>${esc(`The number die rolled cluster ${c.number_die}`)}</title>` +
      `<circle r="${GATE_SIZE + 16}"/><text y="${GATE_SIZE + 40}">${esc(`${what}: cluster ${c.number_die}`)}</text></g>`);
  }
  if (c) {
    const keys = [["empire", "Empire"], ["free", "Free States"], ["blight", "Blight"]];
    parts.push(`<g class="legend" transform="translate(330,470)">` + keys.map(([k, name], i) =>
      `<g transform="translate(0,${i * 32})"><rect class="swatch ${k}" width="22" height="22" rx="4"/><text x="32" y="18">${name}</text></g>`).join("") + `</g>`);
  }
  // Out-of-play clusters: a label over their (hatched) systems.
  for (let c = 1; c <= 6; c++) {
    if (inPlay(`${c}.0`)) continue;
    const a = ((-90 + (c - 1) * 60) * Math.PI) / 180;
    const x = Math.cos(a) * 400, y = Math.sin(a) * 400;
    parts.push(`<g class="out-label" transform="translate(${x},${y})"><rect x="-95" y="-30" width="190" height="68" rx="12"/>` +
      `<text y="-2">Cluster ${c}</text><text y="28">out of play</text></g>`);
  }
  return parts.join("");
}
