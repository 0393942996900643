// The map, drawn after the printed board: gate 1 at the top, clusters
// clockwise, each a wedge with its gate on the inner ring and three
// planets outward (arrow, moon, hex). Pieces are drawn as ships, cities
// and starports in seat colours with the seat's number on them (colour is
// never the only cue); damaged pieces lie on their side and are hatched.

import { esc, cap, ownerClass, ownerSeat, ownerName } from "./util.js";
import { RES_ICON } from "./cards.js";

const GATE_R = 190;
const GATE_SIZE = 64;
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

// Every piece on the map is a token in a cell of TOKEN_H units, laid out
// in rows inside its system's circle (`flow`).
const TOKEN_H = 34;
const GAP = 3;

/** A count badge: a pill in the owner's colour with the number on it. */
function badge(cls, n, x, y) {
  const w = n > 9 ? 28 : 22;
  return `<g class="badge ${cls}" transform="translate(${x},${y})"><rect x="${-w / 2}" y="-11" width="${w}" height="22" rx="11"/>` +
    `<text y="6">${n}</text></g>`;
}

const HULL = "M14 0 L28 16 L24 24 L4 24 L0 16 Z";

/** A ship hull (pointed, with room for the number) in a 28×24 box at (x, y) with the seat's
 *  number on it; on its side and hatched when damaged. */
function hull(cls, seat, damaged, x, y, scale = 1) {
  const rot = damaged ? ` rotate(90 14 12)` : "";
  const k = scale === 1 ? "" : ` scale(${scale})`;
  return `<g class="ship ${cls}${damaged ? " damaged" : ""}" transform="translate(${x},${y})${k}${rot}">` +
    `<path d="${HULL}"/>` + (damaged ? `<path class="hatch" d="${HULL}"/>` : "") +
    (seat ? `<text x="14" y="21" class="seatno"${damaged ? ` transform="rotate(-90 14 16.5)"` : ""}>${seat}</text>` : "") + `</g>`;
}

/** A Blight token (campaign): a many-pointed blot, not a ship — it never
 *  moves or controls a system. Damaged: faded and dashed. */
function blightShape(damaged, x, y) {
  const pts = Array.from({ length: 16 }, (_, i) => {
    const a = (i * Math.PI) / 8, r = i % 2 ? 6 : 12;
    return `${(14 + Math.cos(a) * r).toFixed(1)},${(12 + Math.sin(a) * r).toFixed(1)}`;
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
 * Tokens of width `w` (TOKEN_H high) in rows inside a circle of radius
 * `r`, between heights `top` and `bottom`: the largest scale at which
 * they all fit, in as few rows as that allows, each row centred where
 * the circle is wide enough for it. Returns [x, y, scale] per token
 * (its top-left corner).
 */
export function flow(widths, r, top, bottom) {
  const n = widths.length;
  if (!n) return [];
  const inner = r - 4;
  const half = (y) => (Math.abs(y) >= inner ? 0 : Math.sqrt(inner * inner - y * y));
  const place = (scale, rows, balance) => {
    const h = TOKEN_H * scale, gap = GAP * scale;
    const block = rows * h + (rows - 1) * gap;
    const y0 = (top + bottom - block) / 2;
    const out = [];
    let k = 0;
    for (let row = 0; row < rows && k < n; row++) {
      const ya = y0 + row * (h + gap), yb = ya + h;
      // The band's narrowest width (its end farther from the centre).
      const w = 2 * half(Math.max(Math.abs(ya), Math.abs(yb)));
      let used = 0, m = k;
      while (m < n && used + widths[m] * scale + (m > k ? gap : 0) <= w) {
        used += widths[m] * scale + (m > k ? gap : 0);
        m++;
      }
      // Balanced: spread evenly over the rows left (no crowded first row).
      const take = balance ? Math.min(m - k, Math.ceil((n - k) / (rows - row))) : m - k;
      let x = -(widths.slice(k, k + take).reduce((sum, v) => sum + v * scale, 0) + (take - 1) * gap) / 2;
      for (let j = k; j < k + take; j++) {
        out.push([x, ya, scale]);
        x += widths[j] * scale + gap;
      }
      k += take;
    }
    return k === n ? out : null;
  };
  for (const scale of [1, 0.9, 0.8, 0.7, 0.6, 0.52, 0.45, 0.38, 0.32, 0.27]) {
    const maxRows = Math.floor((bottom - top + GAP * scale) / ((TOKEN_H + GAP) * scale));
    for (let rows = 1; rows <= Math.min(maxRows, n); rows++) {
      const done = place(scale, rows, true) || place(scale, rows, false);
      if (done) return done;
    }
  }
  // Never expected: more pieces than fit at the smallest scale.
  return widths.map((_, i) => [-r / 2 + (i % 8) * 10, top + Math.floor(i / 8) * 10, 0.25]);
}

/** The tokens in a system (ship groups, Flagships, Golems, and at gates
 *  buildings), each `{w, html(x, y, scale)}`. */
function tokens(s, sv, targets, flagships, golems) {
  const out = [];
  const groups = [];
  for (const [owner, n] of sv.ships) {
    if (n.fresh) groups.push([owner, false, n.fresh]);
    if (n.damaged) groups.push([owner, true, n.damaged]);
  }
  for (const [owner, damaged, n] of groups) {
    const seat = ownerSeat(owner);
    const cls = ownerClass(owner);
    const key = `piece:${s.id}:ship:${cls}:${damaged ? "damaged" : "fresh"}`;
    const click = targets(key) ? ` clickable" data-target="${key}` : "";
    const shape = owner === "Blight" ? blightShape(damaged, 0, 10) : hull(cls, seat, damaged, 0, damaged ? 8 : 10);
    out.push({
      w: 43,
      html: (x, y, k) => `<g class="shipgroup${click}" transform="translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${k})"><title>${esc(shipGroupName(owner, damaged, n))}</title>` +
        `<rect class="hit" width="43" height="${TOKEN_H}"/>` + shape + badge(cls, n, 31, 11) + `</g>`,
    });
  }
  // Flagships (campaign p22): the owner's hull in a gold ring.
  for (const f of flagships.filter((f) => f.at === s.id)) {
    out.push({
      w: 36,
      html: (x, y, k) => `<g class="flagship p${f.seat}" transform="translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${k})"><title>${esc(`P${f.seat}'s Flagship — ${f.words}`)}</title>` +
        `<circle class="flagship-ring" cx="18" cy="17" r="16"/>` + hull(`p${f.seat}`, f.seat, false, 7, 7, 0.78) + `</g>`,
    });
  }
  if (s.gate) {
    // The Caretaker's Golems lying at this gate (F501A), Sleeping and
    // face down: only the Caretaker can take them (Golem Beacon).
    for (const g of golems.filter((g) => g.at.place === "gate" && g.at.system === s.id)) {
      out.push({
        w: 30,
        html: (x, y, k) => `<g class="golem${g.awake ? " awake" : ""}" transform="translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${k})"><title>${esc(g.golem ? `The ${g.golem} Golem` : "A Sleeping Golem (the Caretaker takes it with Golem Beacon's Awaken)")}</title>` +
          `<polygon points="15,3 27,10 27,24 15,31 3,24 3,10"/><text x="15" y="22">${esc(g.golem ? g.golem[0] : "G")}</text></g>`,
      });
    }
    for (const [slot, b] of sv.buildings) {
      const key = `piece:${s.id}:bld:${slot}`;
      const click = targets(key) ? ` clickable" data-target="${key}` : "";
      out.push({
        w: 30,
        html: (x, y, k) => `<g class="slotg${click}" transform="translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${k})">${buildingShape(b, 1, 3)}</g>`,
      });
    }
  }
  return out;
}

/** Starting spots (`starts`: system id -> labels): a dashed ring outside
 *  the circle and a label on the side facing the board's centre. */
function startMark(labels, r, angle, seat) {
  const a = ((angle + 180) * Math.PI) / 180;
  const d = r + 16;
  const x = Math.cos(a) * d, y = Math.sin(a) * d;
  const text = labels.join(" · ");
  const w = 14 + text.length * 11;
  return `<g class="start${seat ? ` p${seat}` : ""}"><circle class="ring" r="${r + 11}"/>` +
    `<g transform="translate(${x.toFixed(1)},${y.toFixed(1)})"><rect x="${-w / 2}" y="-14" width="${w}" height="26" rx="13"/><text y="6">${esc(text)}</text></g></g>`;
}

/**
 * SVG markup of the whole board.
 * `targets(key)` says whether a key (sys:3.1, piece:…) is clickable;
 * `recent` is a Set of system ids to highlight (what just changed);
 * `starts` (optional) maps a system id to the labels of the starting
 * spots marked on it (`{labels, seat}`).
 */
export function renderBoard(view, data, targets, recent, starts = new Map()) {
  const map = data.map;
  const pos = layout(map);
  const byId = Object.fromEntries(view.systems.map((s) => [s.id, s]));
  const inPlay = (id) => byId[id] && byId[id].in_play;
  const golems = (view.campaign && view.campaign.golems) || [];
  // Flagships (campaign p22): a hull in a gold ring, in its system.
  const flagships = (view.campaign && view.campaign.flagships) || [];
  const parts = [`<defs>
    <pattern id="hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="5" stroke="rgba(255,255,255,.85)" stroke-width="1.6"/></pattern>
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
  const marks = [];
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
    // The pieces' band: under the gate's number or the planet's label,
    // above a planet's building slots.
    let top, bottom;
    if (s.gate) {
      inner += `<text class="gate-no" y="-36">${s.cluster}</text>`;
      [top, bottom] = [-32, 52];
    } else {
      // The label at the circle's top; the planet's type and its ID
      // symbol (arrow, moon, hex) at its bottom, under the slots.
      inner += `<text class="label" y="-54">${esc(s.id)}</text>`;
      inner += `<text class="resicon" x="-17" y="68">${RES_ICON[s.planet] || ""}</text>`;
      inner += `<text class="idsym" x="17" y="68">${ID_SYMBOL[s.position]}</text>`;
      [top, bottom] = [-50, 17];
    }
    if (sv.in_play) {
      const list = tokens(s, sv, targets, flagships, golems);
      const at = flow(list.map((t) => t.w), r, top, bottom);
      list.forEach((t, k) => { inner += t.html(...at[k]); });
      // Building slots with the buildings in them, in a row that fits
      // the circle's width there.
      if (!s.gate) {
        const slots = Math.max(s.slots, ...sv.buildings.map(([slot]) => slot + 1));
        const room = 2 * Math.sqrt((r - 4) ** 2 - 49 ** 2);
        const k = Math.min(1, room / (slots * 36 - 6));
        for (let j = 0; j < slots; j++) {
          const bx = ((j - (slots - 1) / 2) * 36 - 15) * k;
          const b = sv.buildings.find(([slot]) => slot === j);
          const key = `piece:${s.id}:bld:${j}`;
          const click = targets(key) ? ` clickable" data-target="${key}` : "";
          inner += `<g class="slotg${click}" transform="translate(${bx.toFixed(1)},19) scale(${k.toFixed(3)})"><rect class="slot" width="30" height="30" rx="4"/>` +
            (b ? buildingShape(b[1], 1, 1) : "") + `</g>`;
        }
      }
    }
    const st = starts.get(s.id);
    if (st) marks.push(`<g transform="translate(${x},${y})">${startMark(st.labels, r, angle, st.seat)}</g>`);
    const t = targets(`sys:${s.id}`) ? ` data-target="sys:${s.id}" tabindex="0" role="button" aria-label="${esc(title)}"` : "";
    parts.push(`<g class="${cls}" data-system="${esc(s.id)}"${t} transform="translate(${x},${y})">${inner}</g>`);
  }
  // Starting spots over the systems (their labels face the centre).
  parts.push(...marks);
  // The campaign: the cluster the number die rolled this round, and a
  // legend for the pieces no player owns.
  const c = view.campaign;
  if (c && c.number_die >= 1 && c.number_die <= 6 && inPlay(`${c.number_die}.0`)) {
    const [x, y] = pos[`${c.number_die}.0`];
    const what = c.event_die ? (c.event_die.icon === "crisis" ? "Crisis" : "Edict") : "Event";
    // The ring round its gate; the words in the board's empty middle.
    parts.push(`<g class="rolled"><title>${esc(`The number die rolled cluster ${c.number_die}`)}</title>` +
      `<circle cx="${x}" cy="${y}" r="${GATE_SIZE + 12}"/><text y="8">${esc(`${what}: cluster ${c.number_die}`)}</text></g>`);
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
