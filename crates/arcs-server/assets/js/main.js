// Starts the page named by the body's data-page (no inline script: the
// server's Content-Security-Policy allows scripts from files only).
import { lobby } from "./lobby.js";
import { game } from "./game.js";

const page = document.body.dataset.page;
if (page === "lobby") lobby();
else if (page === "game") game();
