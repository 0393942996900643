// The replay tab: a slider over the game's choices. Each point shows the
// map, the chapter and round, the question being asked then and the log
// up to that point — as this seat saw them: the server replays the journal
// and sends this seat's own view of that moment (GET /api/games/{id}/replay,
// docs/api.md), so nothing shows that the seat did not see then.

import { api } from "./api.js";
import { gateWords, withCardNames, seatLabel } from "./util.js";
import { renderBoard } from "./board.js";
import { renderLog } from "./log.js";
import { counter } from "./panels.js";

const at = { step: null, steps: 0, past: null, following: true, timer: 0, asked: 0 };

/** Draws the tab: its controls once, then the position at the slider. */
export function renderReplay(box, snap, data, gameId, token) {
  if (!box.dataset.ready) {
    box.innerHTML = `<div class="replay-bar">
        <button type="button" class="back" title="One choice back (←)" aria-label="One choice back">◀</button>
        <input type="range" min="0" max="0" value="0" step="1" aria-label="How far into the game">
        <button type="button" class="fwd" title="One choice on (→)" aria-label="One choice on">▶</button>
        <button type="button" class="now link">Now</button>
      </div>
      <p class="replay-where muted"></p>
      <p class="replay-ask"></p>
      <div class="replay-view"><svg class="replay-board" viewBox="-575 -575 1150 1150" role="img" aria-label="The map at that point"></svg>
      <div class="replay-log-pane"><ol class="replay-log log-list"></ol></div></div>`;
    const range = box.querySelector("input[type=range]");
    const go = (n) => {
      const step = Math.max(0, Math.min(at.steps, n));
      range.value = String(step);
      at.following = step >= at.steps;
      load(box, snap, data, gameId, token, step);
    };
    range.addEventListener("input", () => go(Number(range.value)));
    box.querySelector(".back").onclick = () => go(Number(range.value) - 1);
    box.querySelector(".fwd").onclick = () => go(Number(range.value) + 1);
    box.querySelector(".now").onclick = () => go(Number.MAX_SAFE_INTEGER);
    box.dataset.ready = "1";
  }
  // First opened, or following the game as it goes on: the newest point.
  if (at.past === null || at.following) load(box, snap, data, gameId, token, Number.MAX_SAFE_INTEGER);
}

/** Asks for the position after `step` choices (a short pause first, so
 *  dragging the slider asks once), then draws it. */
function load(box, snap, data, gameId, token, step) {
  clearTimeout(at.timer);
  at.timer = setTimeout(async () => {
    const asked = ++at.asked;
    try {
      const r = await api("GET", `/api/games/${gameId}/replay?step=${Math.min(step, 1e9)}&log=300`, undefined, token);
      if (asked !== at.asked) return; // a later request answers instead
      at.step = r.step;
      at.steps = r.steps;
      at.past = r.snapshot;
      draw(box, data);
    } catch (err) {
      box.querySelector(".replay-where").textContent = err.message;
    }
  }, 120);
}

function draw(box, data) {
  const range = box.querySelector("input[type=range]");
  range.max = String(at.steps);
  range.value = String(at.step);
  const past = at.past;
  const v = past.view;
  const now = at.step >= at.steps ? " (now)" : "";
  box.querySelector(".replay-where").textContent = `After choice ${at.step} of ${at.steps}${now} · ${counter(v)}`;
  // Who was deciding then; your own question in full (the choices of a
  // past point are not sent: it cannot be acted on).
  const p = v.pending;
  const ask = (past.prompt_text || "").replace(/^P\d: /, "").replace(/^Your turn:\s*/, "");
  const mine = p && past.you === p.seat;
  box.querySelector(".replay-ask").textContent = v.outcome ? "The game is over."
    : !p ? ""
    : mine ? `Your decision then: ${gateWords(withCardNames(ask, data))}`
    : `Waiting for ${seatLabel(past, p.seat)}`;
  box.querySelector(".replay-board").innerHTML = renderBoard(v, data, () => false, new Set());
  const log = box.querySelector(".replay-log");
  log.innerHTML = "";
  renderLog(log, v, data, past);
  const pane = log.parentElement;
  pane.scrollTop = pane.scrollHeight;
}
