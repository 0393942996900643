// Zoom and pan on the map by changing the SVG's viewBox: the −, + and
// "fit" buttons in its corner, the mouse wheel (around the pointer), a
// drag to pan, and two fingers to pinch. game.js replaces only the
// SVG's content on each snapshot, so the view stays where it was. A drag
// is never a click: the click that ends one is swallowed before the
// table's click handler sees it.

const MAX = 6; // the closest zoom: a sixth of the board across
const DRAG = 6; // pixels a pointer moves before a press becomes a drag

export function setUpMapZoom(svg, wrap) {
  const [X, Y, W, H] = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
  let view = { x: X, y: Y, w: W, h: H };

  const apply = () => {
    const f = (v) => String(Math.round(v * 100) / 100);
    svg.setAttribute("viewBox", `${f(view.x)} ${f(view.y)} ${f(view.w)} ${f(view.h)}`);
    const zoomed = view.w < W - 0.5;
    svg.classList.toggle("zoomed", zoomed);
    wrap.dataset.zoom = (W / view.w).toFixed(2);
    fit.disabled = !zoomed;
    out.disabled = !zoomed;
    inn.disabled = W / view.w >= MAX - 0.01;
  };

  /** Keeps the view inside the board and between fit and MAX. */
  const clamp = (v) => {
    const w = Math.min(W, Math.max(W / MAX, v.w));
    const h = (w * H) / W;
    const x = Math.min(X + W - w, Math.max(X, v.x));
    const y = Math.min(Y + H - h, Math.max(Y, v.y));
    return { x, y, w, h };
  };

  /** The board point under a point of the window. */
  const toBoard = (cx, cy) => {
    const m = svg.getScreenCTM();
    if (!m) return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };

  /** Zooms by `k` keeping the board point `p` where it is on screen. */
  const zoomAt = (k, p) => {
    const w = Math.min(W, Math.max(W / MAX, view.w / k));
    const f = w / view.w;
    view = clamp({ x: p.x - (p.x - view.x) * f, y: p.y - (p.y - view.y) * f, w, h: view.h * f });
    apply();
  };
  const centre = () => ({ x: view.x + view.w / 2, y: view.y + view.h / 2 });

  // The buttons, in the map's top-right corner.
  const bar = document.createElement("div");
  bar.className = "map-zoom";
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "Zoom the map");
  const button = (cls, text, title, act) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = text;
    b.title = title;
    b.setAttribute("aria-label", title);
    b.addEventListener("click", (e) => { e.preventDefault(); act(); });
    bar.append(b);
    return b;
  };
  const out = button("zoom-out", "−", "Zoom out (-)", () => zoomAt(1 / 1.5, centre()));
  const inn = button("zoom-in", "+", "Zoom in (+)", () => zoomAt(1.5, centre()));
  const fit = button("zoom-fit", "fit", "Show the whole map (0)", () => { view = { x: X, y: Y, w: W, h: H }; apply(); });
  wrap.append(bar);

  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    // A notch of a wheel is about 100 pixels; a trackpad sends less.
    const k = Math.exp(-Math.max(-300, Math.min(300, e.deltaY * (e.deltaMode === 1 ? 33 : 1))) / 400);
    zoomAt(k, toBoard(e.clientX, e.clientY));
  }, { passive: false });

  // Pointers down on the map: one pans (once it moved past DRAG), two
  // pinch. Pointer capture only once dragging, so a plain click still
  // reaches the piece under it.
  const down = new Map();
  let dragged = false;
  let pinch = null;
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    down.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    if (down.size === 1) dragged = false;
    if (down.size === 2) pinch = pinchState();
  });
  const pinchState = () => {
    const [a, b] = [...down.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };
  svg.addEventListener("pointermove", (e) => {
    const p = down.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    if (!dragged && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) < DRAG && down.size < 2) return;
    if (!dragged) {
      dragged = true;
      try { svg.setPointerCapture(e.pointerId); } catch (err) { /* gone */ }
    }
    p.x = e.clientX;
    p.y = e.clientY;
    if (down.size >= 2 && pinch) {
      const now = pinchState();
      const m = svg.getScreenCTM();
      const per = m ? m.a : 1; // pixels per board unit
      // Pan with the fingers' midpoint, then zoom around it.
      view = clamp({ ...view, x: view.x - (now.mid.x - pinch.mid.x) / per, y: view.y - (now.mid.y - pinch.mid.y) / per });
      zoomAt(now.d / pinch.d, toBoard(now.mid.x, now.mid.y));
      pinch = now;
      return;
    }
    const m = svg.getScreenCTM();
    const per = m ? m.a : 1;
    view = clamp({ ...view, x: view.x - dx / per, y: view.y - dy / per });
    apply();
  });
  const up = (e) => {
    down.delete(e.pointerId);
    if (down.size < 2) pinch = null;
    if (down.size === 1) {
      // The finger left on the glass goes on panning from where it is.
      for (const p of down.values()) { p.x0 = p.x; p.y0 = p.y; }
    }
  };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  // The click that ends a drag chooses nothing.
  svg.addEventListener("click", (e) => {
    if (!dragged) return;
    dragged = false;
    e.preventDefault();
    e.stopPropagation();
  }, true);

  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea, dialog")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "+" || e.key === "=") zoomAt(1.5, centre());
    else if (e.key === "-" || e.key === "−") zoomAt(1 / 1.5, centre());
    else if (e.key === "0") { view = { x: X, y: Y, w: W, h: H }; apply(); }
  });

  apply();
  return {
    /** Back to the whole map. */
    reset() { view = { x: X, y: Y, w: W, h: H }; apply(); },
  };
}
