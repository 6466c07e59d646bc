// morph makes a live element look like a freshly built one by changing
// only what differs: subtrees equal to the fresh ones (Node.isEqualNode,
// native) are kept, groups of the same kind (same tag and data-id) whose
// inside changed get the fresh attributes and are morphed in turn, and
// leaves that changed (a rect, a text) are replaced by the fresh ones. The
// renderers stay pure functions of the view that build a whole new drawing;
// the page then changes in the live drawing only the few things an update
// moved, so the browser restyles, lays out and repaints those alone (a whole
// drawing swapped in costs all of them every update), and the nodes that did
// not change keep their focus and hover.
//
// fresh is consumed: the nodes that are new are moved from it into live.
// Neither tree may carry event listeners or JavaScript state: renderers
// build only elements and attributes (web/src/svg.ts).

/** morph changes live into fresh's copy; both must have the same tag. */
export function morph(live: Element, fresh: Element): void {
  syncAttrs(live, fresh);
  morphChildren(live, fresh);
}

/** sameKind tells whether a live node can be changed into a fresh one. */
function sameKind(l: Node, f: Node): boolean {
  if (l.nodeType !== f.nodeType || l.nodeName !== f.nodeName) return false;
  if (l.nodeType !== Node.ELEMENT_NODE) return true;
  return (l as Element).getAttribute("data-id") === (f as Element).getAttribute("data-id");
}

function syncAttrs(live: Element, fresh: Element): void {
  const fa = fresh.attributes;
  const had = live.attributes.length;
  // Most nodes keep their attributes: one read each, and the pass looking
  // for removed ones only when live had some that fresh lacks.
  let found = 0;
  for (let i = 0; i < fa.length; i++) {
    const a = fa[i];
    const v = live.getAttribute(a.name);
    if (v !== null) found++;
    if (v !== a.value) live.setAttribute(a.name, a.value);
  }
  if (found === had) return;
  const la = live.attributes;
  // walked backwards, since removing shifts the later ones
  for (let i = la.length - 1; i >= 0; i--) {
    const n = la[i].name;
    if (!fresh.hasAttribute(n)) live.removeAttribute(n);
  }
}

function morphChildren(live: Element, fresh: Element): void {
  let l = live.firstChild;
  let f = fresh.firstChild;
  while (f) {
    const next = f.nextSibling;
    if (l && l.isEqualNode(f)) {
      // unchanged (compared natively, the whole subtree): kept as it is
      l = l.nextSibling;
    } else if (l && sameKind(l, f) && l.firstChild && f.firstChild && l.nodeType === Node.ELEMENT_NODE) {
      // a group whose inside changed: its attributes, then its children
      morph(l as Element, f as Element);
      l = l.nextSibling;
    } else if (l && next && sameKind(l, next)) {
      // one thing inserted before l (a card drawn into a hand): insert it
      // and keep l for the next fresh node
      live.insertBefore(f, l);
    } else if (l && l.nextSibling && sameKind(l.nextSibling, f)) {
      // one thing removed at l (a card played): drop it, match the next
      const gone = l;
      l = l.nextSibling;
      live.removeChild(gone);
      continue;
    } else if (l) {
      // a leaf that changed, or something else: the fresh node takes l's place
      const gone = l;
      l = l.nextSibling;
      live.replaceChild(f, gone);
    } else {
      live.appendChild(f);
    }
    f = next;
  }
  while (l) {
    const gone = l;
    l = l.nextSibling;
    live.removeChild(gone);
  }
}
