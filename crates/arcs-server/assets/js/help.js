// The rules help: a short reference in our own words (never the
// rulebook's sentences), one topic per term a prompt may ask about. Every
// prompt links to its topic ("What is a Prelude?").

import { esc } from "./util.js";

/** Topics in reading order: [id, title, set, paragraphs]. Sets: base,
 *  ll (Leaders & Lore), campaign. */
const TOPICS = [
  ["goal", "How to win", "base", [
    "Power is the score. A game lasts up to five chapters; after a chapter's scoring, the game ends if someone has reached the Power goal for the number of players, and the most Power wins.",
    "In the campaign an Act always lasts its chapters (three, or four in Act III) whatever the Power, and only the end of Act III names a winner.",
  ]],
  ["chapter", "Chapters and rounds", "base", [
    "Each chapter everyone is dealt six action cards and plays rounds until the hands run out. In a round the player with the initiative leads a card, then each other player in turn plays one card after it.",
    "At the end of the chapter the declared ambitions are scored, then the next chapter begins.",
  ]],
  ["lead", "Leading, surpassing, copying, pivoting", "base", [
    "Lead: play any card face up and take as many actions as its pips, choosing among the actions of its suit.",
    "Surpass: follow with a card of the lead's suit numbered higher than the lead (a lead under the zero marker counts as 0); you take your card's pips. Unless someone seized, whoever surpassed with the highest number leads the next round; with no surpass the initiative stays.",
    "Pivot: follow with a card of another suit face up; you take only one action, but of your card's suit.",
    "Copy: follow with any card face down; you take one action of the lead's suit.",
  ]],
  ["seize", "Seizing the initiative", "base", [
    "When you play your card, before any action, you may play a second card face down to seize the initiative: you lead the next round. It can be done once a round, never by the player who already holds the initiative. With four players, surpassing with a 7 also seizes.",
  ]],
  ["prelude", "The Prelude", "base", [
    "After you play your card and before you spend its first pip, you may take Prelude actions: spend resources (Material: Build or Repair; Fuel: Move; Relic: Secure; Psionic: an action listed on the lead card; Weapon: your card's pips may also Battle this turn) or use cards whose text begins with Prelude.",
    "Prelude actions come on top of your card's pips. An Outraged resource type cannot be spent for its Prelude action.",
  ]],
  ["actions", "The actions", "base", [
    "Tax: gain a resource of the planet's type from one of your cities, or from a Rival's city in a system you control (then you also capture one of their agents). A city is taxed at most once a turn.",
    "Build: a ship at one of your starports, or a city or starport in an empty slot of a planet where you have a piece.",
    "Move: move any of your ships from one system to an adjacent one; from a system with your starport the group may go on along the gates (a catapult), stopping at any planet or a gate someone else controls.",
    "Repair: turn a damaged ship or building of yours fresh again.",
    "Influence: put an agent on a Court card. Secure: take a Court card on which you have more agents than each Rival.",
    "Battle: attack a Rival in a system where you have ships.",
  ]],
  ["ambitions", "Ambitions", "base", [
    "When you lead, you may declare the ambition of your card (a 2 to 6 names one, a 7 any, a 1 none), putting the highest available marker in its box: that ambition is scored at the chapter's end. Declaring puts the zero marker on your card, so any card of its suit can surpass it.",
    "Tycoon counts Material and Fuel, Tyrant Captives, Warlord Trophies, Keeper Relics and Empath Psionics (Guild cards' suits count too). The most gets the markers' first-place Power, the next their second-place Power; a player with none cannot place; a tie for first makes the tied players second, and a tie for second places nobody.",
    "The ambitions table shows what each player counts now and who would place if the chapter ended now.",
  ]],
  ["resources", "Resources, slots and Outrage", "base", [
    "Resources sit in the slots of your player board; slots covered by your cities are closed. A resource you cannot keep is returned.",
    "Each slot shows its raid cost in keys. Ransacking or raiding takes resources from a Rival.",
    "Outrage: destroying a city of a type outrages you for that type: you discard those resources and Guild cards, and you can no longer spend that type for its Prelude action. You may still hold, gain and steal it, and it still counts for ambitions.",
  ]],
  ["court", "The Court", "base", [
    "The Court is a row of cards. Influence puts your agents on a card; Secure takes it if you have more agents there than each Rival. Your agents on it come home, Rival agents become your Captives.",
    "Guild cards stay in front of you and give you abilities; Vox cards do something once when secured.",
  ]],
  ["battle", "Battles", "base", [
    "The attacker chooses dice, at most one per attacking ship: Skirmish dice only hit; Assault dice hit more but can hurt the attacker; Raid dice hit buildings and carry keys to steal resources or Guild cards.",
    "Self-hits hurt the attacker first; an intercept then deals one hit to the attacker per fresh defending ship. Hits damage a fresh ship or destroy a damaged one; hits beyond the ships and building hits reach buildings.",
    "Destroyed Rival pieces become the attacker's Trophies. Destroying a city outrages the destroyer and lets them ransack the Court.",
  ]],
  ["trophies", "Trophies and Captives", "base", [
    "Trophies are Rival pieces you destroyed, Captives are Rival agents you took. Warlord counts Trophies, Tyrant Captives.",
  ]],
  ["leaders", "Leaders and lore", "ll", [
    "With Leaders & Lore each player drafts a leader (its own setup and abilities) and a lore card (a lasting ability) before the game. The lore deck can also be drawn from during the game by some Court cards.",
  ]],
  ["campaign", "The Blighted Reach campaign", "campaign", [
    "A campaign is three Acts played as three games. Power carries from Act to Act; between Acts an Intermission resolves each Fate, clears the Court, destroys damaged pieces and halves Power.",
  ]],
  ["fates", "Fates and objectives", "campaign", [
    "Each player has a Fate: its setup, its cards and an objective. The objective marker starts on the Power track and moves down as the objective advances; at zero it is complete.",
    "At the end of an Act a completed objective lets you keep your Fate or take a new one; a failed one costs Power equal to where its marker stands.",
  ]],
  ["empire", "Regents, Outlaws and the Empire", "campaign", [
    "Every player starts as a Regent of the Empire. Regents keep the truce: they cannot harm Imperial ships (except as hits taken while attacking) nor harm or tax Rival Regents where Imperial ships are. Imperial ships count with a Regent in battle and for control.",
    "A Regent may leave the Empire at a Summit and become an Outlaw: Outlaws battle Regents and the Empire freely, pay nothing into the Imperial Trust, and the Empire can attack them.",
    "The Imperial Council is a card in the Court: whoever secures it changes how the round's end goes (for an Outlaw, a raid on the Imperial Trust).",
  ]],
  ["events", "Event cards, Crises and Edicts", "campaign", [
    "An Event card is played like a card that follows the lead and takes the lead's actions. At the end of a round in which one was played, the event die and the number die are rolled: a Crisis strikes (the Blight attacks, or a Court card's crisis happens), or the Empire's Edicts are resolved.",
  ]],
  ["summit", "Summits", "campaign", [
    "A Summit may be called at a round's end, before the Imperial Council or a played Event card resolves. Its caller acts first (the Call to Order: petition the Council, leave or revive the Empire, or return a Rival's Favors to force a Negotiation action), then the Negotiations go round the table: each player proposes a deal or passes, until everyone has passed in a row.",
    "A deal is one or more Negotiation actions — Cede Control of a piece, Delegate Authority over an agent in the Court, Promise Favor, Transfer Asset (a resource, Trophy, Captive or Favor), Invite to Empire — the first between you and a Rival, the others between any two players. Everyone it involves must agree; then it happens at once and whole.",
    "On the table: pick the Rival, open a kind of action under \"You give\" or \"… gives you\", add a term, and see the deal so far above; then propose it or withdraw it. A player asked to agree sees the deal term by term and answers Agree or Decline.",
  ]],
  ["blight", "The Blight and the Free States", "campaign", [
    "Blight tokens sit on the map and strike in Blight Crises. Each is tough: a hit damages it, a second destroys it, and a destroyed one is a Trophy.",
    "The Free States own the neutral cities and starports; anyone may battle them. Imperial ships belong to the Empire.",
  ]],
  ["flagship", "Flagships", "campaign", [
    "A Flagship is a large ship with its own board. Cities and starports built on the board become Upgrades and Armor: the Ship Crane builds more ships, the Defense Array intercepts, the Slipstream Drive catapults, and so on.",
    "The Flagship piece never leaves the map: in battle and in Crises its board's Upgrades and Armor take the hits, each Armor before its Upgrade.",
  ]],
];

/** The topic a prompt asks about. */
export function topicOf(prompt) {
  const kind = prompt && prompt.kind;
  switch (kind) {
    case "play_card": return prompt.lead ? "lead" : "lead";
    case "turn": return prompt.prelude ? "prelude" : "actions";
    case "tax_target": case "build_target": case "move_from": case "move_ships": case "move_to":
    case "catapult_drop": case "catapult_on": case "repair_target": case "influence_target": return "actions";
    case "secure_target": return "court";
    case "battle_system": case "battle_defender": case "battle_dice": case "assign_hit": case "raid": case "ransack": return "battle";
    case "arrange": return "resources";
    case "draft": case "place_start": return "leaders";
    case "choose_fate": return "fates";
    case "consent": return "summit";
    case "mulligan": return "chapter";
    case "campaign": return "campaign";
    default: return "goal";
  }
}

/** The help panel: every topic of the sets in play. */
export function renderHelp(box, v, focus) {
  const sets = new Set(["base"]);
  if (v.leader_row && (v.leader_row.length || v.seats.some((s) => s.leader))) sets.add("ll");
  if (v.campaign) sets.add("campaign");
  const topics = TOPICS.filter(([, , set]) => sets.has(set) || focus === set);
  box.innerHTML = `<p class="muted">A short guide in our own words. The printed rules decide.</p>` +
    topics.map(([id, title, , paras]) => `<section class="help-topic${id === focus ? " focus" : ""}" id="help-${id}"><h3>${esc(title)}</h3>${paras.map((p) => `<p>${esc(p)}</p>`).join("")}</section>`).join("");
  if (focus) {
    const el = box.querySelector(`#help-${focus}`);
    if (el) el.scrollIntoView({ block: "start" });
  }
}

/** The title of a topic ("The Prelude"). */
export function topicTitle(id) {
  const t = TOPICS.find(([x]) => x === id);
  return t ? t[1] : "";
}
