// The log, oldest first, grouped by chapter, round and turn (a card played
// opens a turn; what follows until the next card is indented under it),
// with card names, seats by name in their colour and rolls as dice; lines
// only you can see are marked.

import { esc, withCardNames, gateWords } from "./util.js";
import { diceRow } from "./dice.js";

/** Seats in a log line ("P2") as their names in their colour; `html` is
 *  already escaped. */
function seatsIn(html, snap) {
  return html.replace(/\bP([1-4])\b/g, (m, n) => {
    const s = snap.seats && snap.seats[n - 1];
    const name = s && s.name ? esc(s.name) : `P${n}`;
    return `<b class="seat p${n}" title="P${n}">${name}</b>`;
  });
}

/** Whether the log shows the steps the engine took because they were the
 *  only option (folded by default). */
function showAuto() {
  try { return localStorage.getItem("arcs.log.auto") === "1"; } catch (e) { return false; }
}

/** Groups the visible events: [{title, rounds: [{title, events}]}]. */
export function groupLog(log, earlier) {
  const chapters = [];
  let chapter = { title: earlier ? "Earlier" : "Setup", rounds: [{ title: "", events: [] }] };
  chapters.push(chapter);
  let round = 0;
  for (const e of log) {
    const begins = e.tag === "chapter" && /begins/.test(e.text);
    if (begins) {
      const n = (/Chapter (\d+)/.exec(e.text) || [])[1];
      chapter = { title: n ? `Chapter ${n}` : "Chapter", rounds: [{ title: "", events: [] }] };
      chapters.push(chapter);
      round = 0;
    }
    if (e.tag === "round") {
      round += 1;
      chapter.rounds.push({ title: `Round ${(/Round (\d+)/.exec(e.text) || [])[1] || round}`, events: [] });
      continue;
    }
    chapter.rounds[chapter.rounds.length - 1].events.push(e);
  }
  return chapters.filter((c) => c.rounds.some((r) => r.events.length));
}

/** A round's events as turns: each card played ("play") heads the events
 *  after it; events before the first play have no head. */
export function turns(events) {
  const out = [{ head: null, events: [] }];
  for (const e of events) {
    if (e.tag === "play") out.push({ head: e, events: [] });
    else out[out.length - 1].events.push(e);
  }
  return out.filter((t) => t.head || t.events.length);
}

/** One log line: a roll shows its dice as dice instead of the faces in
 *  brackets. */
function line(e, data, snap) {
  const mine = e.private_to && e.private_to === snap.you;
  const cls = ["ev", `tag-${e.tag}`, mine ? "private" : ""].filter(Boolean).join(" ");
  const lock = mine ? `<span class="only-you" title="Only you see this">only you</span>` : "";
  let text = gateWords(withCardNames(e.text, data));
  let dice = "";
  if (e.dice && e.tag === "roll") {
    text = text.replace(/ \[[^\]]*\]/g, "").replace(/\.$/, ":");
    dice = " " + diceRow(e.dice, undefined, "mini");
  }
  return `<li class="${esc(cls)}">${lock}${seatsIn(esc(text), snap)}${dice}</li>`;
}

export function renderLog(box, view, data, snap) {
  // The panel around the list scrolls; it follows the newest line unless
  // the reader scrolled up (a first render starts at the newest).
  const pane = box.parentElement;
  const atBottom = !box.childElementCount || pane.scrollHeight - pane.scrollTop - pane.clientHeight < 40;
  const html = groupLog(view.log, (snap.log_start || 0) > 0).map((c) => {
    const rounds = c.rounds.filter((r) => r.events.length).map((r) => {
      const lines = turns(r.events.filter((e) => e.tag !== "auto" || showAuto())).map((t) => {
        if (!t.head) return t.events.map((e) => line(e, data, snap)).join("");
        const body = t.events.map((e) => line(e, data, snap)).join("");
        const seat = t.head.seat ? ` p${t.head.seat}` : "";
        return `<li class="turn${seat}"><ol class="turn-head">${line(t.head, data, snap)}</ol>${body ? `<ol class="turn-body">${body}</ol>` : ""}</li>`;
      }).join("");
      return (r.title ? `<li class="round-title">${esc(r.title)}</li>` : "") + lines;
    }).join("");
    return `<li class="chapter-title">${esc(c.title)}</li>${rounds}`;
  }).join("");
  box.innerHTML = html;
  if (atBottom) pane.scrollTop = pane.scrollHeight;
}

/** The "show the steps taken for you" switch. */
export function setUpLogOptions(onChange) {
  const box = document.getElementById("log-auto");
  if (!box) return;
  box.checked = showAuto();
  box.onchange = () => {
    try { localStorage.setItem("arcs.log.auto", box.checked ? "1" : "0"); } catch (e) { /* private mode */ }
    onChange();
  };
}
