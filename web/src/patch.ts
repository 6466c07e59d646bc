// The replay's view patches (docs/server.md, "Replay"; server/mergepatch.go):
// a JSON merge patch (RFC 7386) with one extension, an array of unchanged
// length patched element by element as {"[]": {"3": <patch of element 3>}}
// (there null sets the element to null). Pure: the target is never changed;
// what the patch does not touch is shared with it, so every step's view can
// be kept at the cost of its changes only.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** applyPatch is the value the patch turns target into. */
export function applyPatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const elems = patch["[]"];
  if (Array.isArray(target) && isObject(elems)) {
    const out = target.slice();
    for (const [k, v] of Object.entries(elems)) {
      const i = Number(k);
      out[i] = applyPatch(out[i], v);
    }
    return out;
  }
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = applyPatch(out[k], v);
  }
  return out;
}

/** views rebuilds every step's view: a step carries its view whole or a patch against the step before it. */
export function views(steps: { view?: unknown; patch?: unknown }[]): unknown[] {
  const out: unknown[] = [];
  let prev: unknown = undefined;
  for (const s of steps) {
    prev = s.view !== undefined ? s.view : applyPatch(prev, s.patch);
    out.push(prev);
  }
  return out;
}
