// Small icons drawn as inline SVG or as glyphs every system font has
// (DejaVu included): no emoji, so nothing shows as an empty box.

const svg = (body, label) =>
  `<svg class="icon" viewBox="0 0 16 16" aria-hidden="${label ? "false" : "true"}"${label ? ` role="img" aria-label="${label}"` : ""}>${body}</svg>`;

export const ICON = {
  key: `<span class="glyph key">⚷</span>`,
  hit: `<span class="glyph">✹</span>`,
  self_hit: `<span class="glyph">☠</span>`,
  building_hit: `<span class="glyph">⌂</span>`,
  intercept: svg(`<path d="M8 1 L14 3.5 V8 C14 11.5 11 14 8 15 C5 14 2 11.5 2 8 V3.5 Z" fill="currentColor"/>`),
  ship: svg(`<path d="M1 14 L8 2 L15 14 L8 10.5 Z" fill="currentColor"/>`),
  agent: `<span class="glyph">♟</span>`,
  starport: `<span class="glyph">⚓</span>`,
  city: svg(`<path d="M2 15 V7 L8 2 L14 7 V15 Z" fill="currentColor"/>`),
};

/** `n` keys, e.g. a raid cost. */
export const keys = (n) => `<span class="keys" title="${n} key${n === 1 ? "" : "s"}">${"⚷".repeat(n)}</span>`;
