// The campaign page (issue 20 §6): the campaign's log sheet across its
// Acts — each seat's Fate, Power, objective and Outrage — each Act's
// report and the Flagships. It reads the seat's snapshot of each Act's
// game (the seat's link works for every Act: docs/api.md, continue).

import { $, esc, seatLabel, cap, withCardNames } from "./util.js";
import { api } from "./api.js";
import { loadData } from "./data.js";
import { RES_ICON } from "./cards.js";

const ACT_NAME = ["", "Act I", "Act II", "Act III"];
const token = () => new URLSearchParams(location.hash.slice(1)).get("token") || "";
const snapshot = (id) => api("GET", `/api/games/${encodeURIComponent(id)}?log=0`, undefined, token());

export async function campaign() {
  try {
    const data = await loadData();
    // Walk the chain of Acts from the game named in the address.
    const first = await snapshot(location.pathname.split("/").pop());
    if (!first.campaign) {
      throw new Error("This game is not part of a campaign.");
    }
    const acts = [first];
    for (let s = first; s.campaign.previous && acts.length < 3;) {
      s = await snapshot(s.campaign.previous);
      acts.unshift(s);
    }
    for (let s = first; s.campaign.next && acts.length < 3;) {
      s = await snapshot(s.campaign.next);
      acts.push(s);
    }
    // The Intermission after each finished Act happened at the start of
    // the next Act's game: its log holds it (the whole log: the first
    // lines are wanted, `log=N` keeps the last ones).
    const logs = await Promise.all(acts.slice(1).map((s) =>
      api("GET", `/api/games/${encodeURIComponent(s.id)}`, undefined, token()).then((x) => x.view.log || [])));
    logs.forEach((log, i) => { acts[i + 1].view.log = log; });
    render(acts, data);
  } catch (err) {
    $("error").textContent = err.message;
    $("error").hidden = false;
  }
}

function render(acts, data) {
  const last = acts[acts.length - 1];
  const v = last.view;
  const over = v.outcome && v.outcome.winner != null;
  $("campaign-state").textContent = over
    ? `— ${seatLabel(last, v.outcome.winner)} won the campaign`
    : `— ${ACT_NAME[last.campaign.act]} ${v.outcome ? "is over" : "in play"}`;
  const link = (s) => `/g/${encodeURIComponent(s.id)}${location.hash}`;
  $("acts").innerHTML = [1, 2, 3].map((n) => {
    const s = acts.find((a) => a.campaign.act === n);
    if (!s) return `<span class="later">${ACT_NAME[n]}</span>`;
    const state = s.view.outcome ? "over" : "in play";
    return `<a href="${link(s)}" class="${s === last ? "current" : ""}">${ACT_NAME[n]} · ${state}</a>`;
  }).join("");
  $("sheet").innerHTML = `<h2>Log sheet</h2>${sheet(acts, data)}` +
    `<p class="facts muted">Power at each Act's end, before the Intermission halves it; the Act in play shows Power now.</p>`;
  const fl = (v.campaign && v.campaign.flagships) || [];
  $("flagships").hidden = !fl.length;
  $("flagships").innerHTML = fl.length
    ? `<h2>Flagships</h2><table class="sheet"><thead><tr><th></th><th>In</th><th>Upgrades and Armor</th></tr></thead><tbody>` +
      fl.map((f) => `<tr><th class="seat p${f.seat}">${esc(seatLabel(last, f.seat))}</th><td>${esc(f.at || "")}</td><td>${esc(f.words)}</td></tr>`).join("") +
      `</tbody></table>`
    : "";
  $("reports").innerHTML = acts
    .filter((s) => s.view.outcome)
    .map((s) => report(s, data, acts.find((a) => a.campaign.act === s.campaign.act + 1)))
    .join("");
}

/** One row per seat, one column per Act. */
function sheet(acts, data) {
  const first = acts[0];
  const head = acts.map((s) => `<th>${ACT_NAME[s.campaign.act]}</th>`).join("");
  const rows = first.view.seats.map((seat) => {
    const i = seat.seat - 1;
    const cells = acts.map((s) => {
      const v = s.view;
      const fate = v.campaign.fates[i];
      const act = v.outcome && v.outcome.act;
      const line = act && act.seats ? act.seats[i] : null;
      const power = line ? line.power : v.seats[i].power;
      const obj = !fate || !line || line.objective_met == null ? ""
        : line.objective_met ? "objective met" : "objective failed";
      const outrage = (v.seats[i].outrage || []).map((r) => `<span class="res res-${r}" title="Outraged: ${cap(r)}">${RES_ICON[r]}</span>`).join("");
      return `<td>${fate ? `<span class="fate">${esc(data.cardName(fate) || "")}</span>` : ""}${power} Power${line ? "" : " (now)"}` +
        `${obj ? ` · ${obj}` : ""} ${outrage}</td>`;
    }).join("");
    return `<tr><th class="seat p${seat.seat}">${esc(seatLabel(first, seat.seat))}</th>${cells}</tr>`;
  }).join("");
  return `<table class="sheet"><thead><tr><th></th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** A finished Act: its players by Power, then what its Intermission did
 *  (each Fate's Resolution, the Power lost for failed objectives, the
 *  cleared Court...), read from the next Act's log where it happened. */
function report(s, data, next) {
  const o = s.view.outcome;
  const order = s.view.seats.map((x) => x.seat).sort((a, b) => o.power[b - 1] - o.power[a - 1]);
  const rows = order.map((seat) => `<li><span class="seat p${seat}">${esc(seatLabel(s, seat))}</span> — ${o.power[seat - 1]} Power</li>`).join("");
  const head = o.winner != null
    ? `${ACT_NAME[s.campaign.act]}: ${esc(seatLabel(s, o.winner))} wins the campaign`
    : `${ACT_NAME[s.campaign.act]} is over`;
  const between = next ? intermission(next, data) : "";
  return `<section class="panel report"><h2>${head}</h2><ol class="ranking">${rows}</ol>${between}</section>`;
}

/** The Intermission's public lines in the next Act's log, seats named. */
function intermission(next, data) {
  // The lines before the next Act's setup begins.
  const log = next.view.log || [];
  const end = log.findIndex((e) => e.tag === "setup");
  const lines = (end < 0 ? log : log.slice(0, end))
    .filter((e) => (e.tag === "intermission" || e.tag === "fate") && !e.private_to);
  if (!lines.length) return "";
  const words = (t) => esc(withCardNames(t, data)).replace(/\bP([1-4])\b/g, (m, n) => esc(seatLabel(next, Number(n))));
  return `<h3>The Intermission</h3><ul class="intermission">${lines.map((e) => `<li>${words(e.text)}</li>`).join("")}</ul>`;
}
