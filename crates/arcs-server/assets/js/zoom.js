// Any card enlarges: a click on a card that is not a choice (or on the
// ⤢ button of one that is) opens it full size with its whole text; with a
// mouse, resting on a card shows the same a moment later, beside it.

import { $, esc, cap } from "./util.js";
import { courtCard, actionCard, cardText, kindLabel } from "./cards.js";
import { actionName } from "./data.js";

/** The card a node shows, drawn large with its words. */
function large(node, data) {
  if (node.dataset.card) {
    const info = data.card(node.dataset.card);
    if (!info) return "";
    const fate = info.fate ? `<p class="muted">${esc(kindLabel(info))} of the ${esc(cap(info.fate))}</p>` : "";
    return `<div class="zoom-card">${courtCard(info, { cls: "large" })}${fate}</div>`;
  }
  if (node.dataset.action !== undefined && node.dataset.action !== "") {
    const a = data.action(Number(node.dataset.action));
    if (!a) return "";
    return `<div class="zoom-card">${actionCard(a, { cls: "large" })}<div class="about">${actionWords(a)}</div></div>`;
  }
  return "";
}

const ACT_WORDS = { tax: "Tax", build: "Build", move: "Move", repair: "Repair", influence: "Influence", secure: "Secure", battle: "Battle" };

/** An action card in words: its pips, actions and what leading it declares. */
function actionWords(a) {
  if (a.suit === "event") {
    return `<p><b>Event card.</b> Played as a card that follows the lead's actions. At the end of the round the event die is rolled: a Crisis or an Edict.</p>`;
  }
  const acts = (a.actions || []).map((x) => ACT_WORDS[x] || cap(x)).join(", ");
  const declare = a.declare === "any" ? "any ambition" : a.declare ? `the ${cap(a.declare)} ambition` : "";
  const text = a.text ? `<p>${cardText(a.text)}</p>` : "";
  return `<p><b>${esc(actionName(a))}</b>: ${esc(a.pips ?? "?")} action pip${a.pips === 1 ? "" : "s"}${acts ? ` for ${esc(acts)}` : ""}.</p>` +
    (declare ? `<p>Leading it lets you declare ${esc(declare)}.</p>` : "") + text;
}

export function setUpZoom(data) {
  const dialog = $("card-zoom");
  const peek = $("card-peek");
  const open = (node) => {
    const html = large(node, data);
    if (!html) return false;
    hidePeek();
    dialog.querySelector(".zoomed").innerHTML = html;
    if (!dialog.open) dialog.showModal();
    return true;
  };
  // Captured before the table's own click handler: the ⤢ button of a
  // card that is a choice, or any card that is not one.
  document.addEventListener("click", (e) => {
    if (!e.target.closest) return;
    if (e.target.closest("#card-zoom")) return;
    const zoomBtn = e.target.closest(".zoom-btn");
    const card = e.target.closest("[data-card], [data-action]");
    if (!card) return;
    // A card that is itself a choice is chosen by a click; anything else
    // (a card inside a choice's card included) enlarges.
    if (zoomBtn || !card.dataset.target) {
      if (open(card)) {
        e.preventDefault();
        e.stopPropagation();
      }
    }
  }, true);
  dialog.addEventListener("click", (e) => {
    // A click on the backdrop closes it.
    if (e.target === dialog) dialog.close();
  });

  // Resting the mouse on a card shows it large beside the pointer.
  const hover = window.matchMedia && window.matchMedia("(hover: hover) and (pointer: fine)").matches;
  let timer = null;
  let shown = null;
  function hidePeek() {
    clearTimeout(timer);
    peek.hidden = true;
    shown = null;
  }
  if (!hover) return;
  document.addEventListener("mouseover", (e) => {
    const card = e.target.closest && e.target.closest("[data-card], [data-action]");
    if (card === shown) return;
    hidePeek();
    if (!card || card.closest("#card-zoom, #card-peek")) return;
    timer = setTimeout(() => {
      const html = large(card, data);
      if (!html) return;
      peek.innerHTML = html;
      peek.hidden = false;
      shown = card;
      const r = card.getBoundingClientRect();
      const w = peek.offsetWidth, h = peek.offsetHeight;
      const left = r.right + 8 + w < window.innerWidth ? r.right + 8 : Math.max(4, r.left - 8 - w);
      const top = Math.min(Math.max(4, r.top), window.innerHeight - h - 4);
      peek.style.left = `${left}px`;
      peek.style.top = `${Math.max(4, top)}px`;
    }, 450);
  });
  document.addEventListener("scroll", hidePeek, true);
}
