// Starts the page named by the body's data-page (no inline script: the
// server's Content-Security-Policy allows scripts from files only).
import { lobby } from "./lobby.js";
import { game } from "./game.js";
import { campaign } from "./campaign.js";

// Script errors are kept (and shown) so a broken page never fails silently.
window.arcsErrors = [];
const keep = (msg) => {
  window.arcsErrors.push(String(msg));
  const box = document.getElementById("error");
  if (box) { box.textContent = `Something went wrong on this page: ${msg}. Reload to continue.`; box.hidden = false; }
};
window.addEventListener("error", (e) => keep(e.message));
window.addEventListener("unhandledrejection", (e) => keep(e.reason && e.reason.message ? e.reason.message : e.reason));

const page = document.body.dataset.page;
if (page === "lobby") lobby();
else if (page === "game") game();
else if (page === "campaign") campaign();
