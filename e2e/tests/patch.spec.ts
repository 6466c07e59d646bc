// The replay's view patches (web/src/patch.ts) on their own, no browser: the
// patches the server writes (the cases of server/mergepatch_test.go), applied,
// give exactly the next view, and never change the view they start from.
import { expect, test } from "@playwright/test";
import { applyPatch, views } from "../../web/src/patch";

const cases: { name: string; a: unknown; patch: unknown; b: unknown }[] = [
  { name: "nothing changed", a: { a: 1, b: [1, 2] }, patch: {}, b: { a: 1, b: [1, 2] } },
  { name: "a member changed", a: { a: 1, b: 2 }, patch: { b: 3 }, b: { a: 1, b: 3 } },
  { name: "added and removed", a: { a: 1, b: 2 }, patch: { c: "x", b: null }, b: { a: 1, c: "x" } },
  { name: "nested object", a: { o: { x: 1, y: { z: [1] } } }, patch: { o: { y: { z: [2] } } }, b: { o: { x: 1, y: { z: [2] } } } },
  {
    name: "an array of one length by element",
    a: { a: [{ x: 1, y: 1 }, { x: 2, y: 2 }] },
    patch: { a: { "[]": { "1": { x: 3 } } } },
    b: { a: [{ x: 1, y: 1 }, { x: 3, y: 2 }] },
  },
  {
    name: "nested arrays",
    a: { a: [[1, 2, 3], [4, 5, 6], 7] },
    patch: { a: { "[]": { "1": { "[]": { "2": 9 } }, "2": 8 } } },
    b: { a: [[1, 2, 3], [4, 5, 9], 8] },
  },
  { name: "an element set to null", a: { a: [{ x: 1 }, { x: 2 }] }, patch: { a: { "[]": { "1": null } } }, b: { a: [{ x: 1 }, null] } },
  { name: "an array of another length whole", a: { a: [1, 2] }, patch: { a: [1, 2, 3] }, b: { a: [1, 2, 3] } },
  { name: "nulls inside a whole array are kept", a: { a: [1] }, patch: { a: [null, { n: null }] }, b: { a: [null, { n: null }] } },
  { name: "an object for a number", a: { a: 1 }, patch: { a: { x: 2 } }, b: { a: { x: 2 } } },
  { name: "a number for an object", a: { a: { x: 2 } }, patch: { a: 1 }, b: { a: 1 } },
];

for (const c of cases) {
  test(`a patch: ${c.name}`, () => {
    const before = JSON.stringify(c.a);
    expect(applyPatch(c.a, c.patch)).toEqual(c.b);
    expect(JSON.stringify(c.a), "the patch changed the view it started from").toBe(before);
  });
}

test("views rebuilds every step from the first view and the patches; a step may carry its view whole", () => {
  const steps = [
    { view: { board: [[0, 0], [0, 0]], score: [0, 0], held: { id: "t1" } } },
    { patch: { board: { "[]": { "0": { "[]": { "1": 5 } } } }, score: { "[]": { "0": 2 } }, held: null } },
    { patch: {} },
    { view: { board: [[0, 5], [1, 0]], score: [2, 1], over: true } },
    { patch: { over: null, score: [2, 1, 0] } },
  ];
  const before = JSON.stringify(steps);
  expect(views(steps)).toEqual([
    { board: [[0, 0], [0, 0]], score: [0, 0], held: { id: "t1" } },
    { board: [[0, 5], [0, 0]], score: [2, 0] },
    { board: [[0, 5], [0, 0]], score: [2, 0] },
    { board: [[0, 5], [1, 0]], score: [2, 1], over: true },
    { board: [[0, 5], [1, 0]], score: [2, 1, 0] },
  ]);
  expect(JSON.stringify(steps)).toBe(before);
});
