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

/**
 * morph changes live into fresh's copy; both must have the same tag. It
 * returns the live elements whose content changed (inserted or replaced,
 * or whose drawing attributes changed), for the page to show what moved;
 * the page's own marks (class, tabindex, role, aria-label) do not count.
 */
export function morph(live: Element, fresh: Element): Element[] {
  const changed: Element[] = [];
  morphInto(live, fresh, changed);
  return changed;
}

function morphInto(live: Element, fresh: Element, changed: Element[]): void {
  if (syncAttrs(live, fresh)) changed.push(live);
  morphChildren(live, fresh, changed);
}

/** The attributes the page sets to decorate a drawing: changing them is no news. */
const marks = new Set(["class", "tabindex", "role", "aria-label"]);

/** sameKind tells whether a live node can be changed into a fresh one. */
function sameKind(l: Node, f: Node): boolean {
  if (l.nodeType !== f.nodeType || l.nodeName !== f.nodeName) return false;
  if (l.nodeType !== Node.ELEMENT_NODE) return true;
  return (l as Element).getAttribute("data-id") === (f as Element).getAttribute("data-id");
}

/** syncAttrs gives live fresh's attributes; it reports whether a drawing attribute changed. */
function syncAttrs(live: Element, fresh: Element): boolean {
  const fa = fresh.attributes;
  let drawn = false;
  // Most nodes keep their attribute names and change a value or none: one
  // read each. When the names differ, all are written again in fresh's
  // order: an attribute added by setAttribute would come last, and the
  // element would no longer read (outerHTML) as the fresh one does. Order
  // is kept only as far as that: a node the DOM finds equal (isEqualNode,
  // which ignores the order of attributes) is kept as it is, so the
  // contract is isEqualNode, not outerHTML (e2e/tests/morph.spec.ts).
  let same = live.attributes.length === fa.length;
  for (let i = 0; same && i < fa.length; i++) same = live.hasAttribute(fa[i].name);
  if (same) {
    for (let i = 0; i < fa.length; i++) {
      const a = fa[i];
      if (live.getAttribute(a.name) !== a.value) {
        live.setAttribute(a.name, a.value);
        drawn ||= !marks.has(a.name);
      }
    }
    return drawn;
  }
  for (let i = 0; i < fa.length; i++) drawn ||= !marks.has(fa[i].name) && live.getAttribute(fa[i].name) !== fa[i].value;
  for (let i = 0; i < live.attributes.length; i++) drawn ||= !marks.has(live.attributes[i].name) && !fresh.hasAttribute(live.attributes[i].name);
  while (live.attributes.length > 0) live.removeAttribute(live.attributes[0].name);
  for (let i = 0; i < fa.length; i++) live.setAttribute(fa[i].name, fa[i].value);
  return drawn;
}

function morphChildren(live: Element, fresh: Element, changed: Element[]): void {
  const note = (n: Node) => {
    if (n.nodeType === Node.ELEMENT_NODE) changed.push(n as Element);
    else if (n.parentElement) changed.push(n.parentElement);
  };
  let l = live.firstChild;
  let f = fresh.firstChild;
  while (f) {
    const next = f.nextSibling;
    if (l && l.isEqualNode(f)) {
      // unchanged (compared natively, the whole subtree): kept as it is
      l = l.nextSibling;
    } else if (l && sameKind(l, f) && l.firstChild && f.firstChild && l.nodeType === Node.ELEMENT_NODE) {
      // a group whose inside changed: its attributes, then its children
      morphInto(l as Element, f as Element, changed);
      l = l.nextSibling;
    } else if (l && next && sameKind(l, next)) {
      // one thing inserted before l (a card drawn into a hand): insert it
      // and keep l for the next fresh node
      live.insertBefore(f, l);
      note(f);
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
      note(f);
    } else {
      live.appendChild(f);
      note(f);
    }
    f = next;
  }
  while (l) {
    const gone = l;
    l = l.nextSibling;
    live.removeChild(gone);
  }
}
