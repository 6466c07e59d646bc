// The step picker (web/src/picker.ts) on its own, no browser: from move
// descriptions to one move, one choice at a time.
import { expect, test } from "@playwright/test";
import { type LegalMove, Picker } from "../../web/src/picker";

const place = (tile: string, o: string, cell: string): LegalMove => ({ desc: { kind: "place", tile, orientation: o, cell } });

test("a move in three parts is chosen in steps; a step with one answer is answered", () => {
  const p = new Picker([place("tile:T03", "r0", "r1c1"), place("tile:T03", "r0", "r1c2"), place("tile:T03", "r90", "r1c1")]);
  // the only tile is chosen for the player; Back has nothing to undo
  expect(p.chosen).toEqual(["tile:T03"]);
  expect(p.canGoBack()).toBe(false);
  expect(p.choices().map((c) => c.id)).toEqual(["r0", "r90"]);
  expect(p.choices().map((c) => c.part)).toEqual(["orientation", "orientation"]);
  // r90 leaves one move, but the player did not choose where: the one cell waits for a tap
  expect(p.pick("r90")).toBe(-1);
  expect(p.choices().map((c) => c.id)).toEqual(["r1c1"]);
  expect(p.pick("r1c1")).toBe(2);
  p.reset(); // as the page does once a move is played
});

// Nothing irreversible on a selecting click: a piece that has one legal
// place is not played on the click that selects it; the place is asked for.
test("Schlossgarten: the pool that fits one place asks for a tap on that place", () => {
  const moves: LegalMove[] = [
    { desc: { kind: "build", element: "elem:pool", orientation: "orient:r0", cell: "c3r2" } },
    { desc: { kind: "build", element: "elem:hedge", orientation: "orient:r0", cell: "c1r1" } },
    { desc: { kind: "build", element: "elem:hedge", orientation: "orient:r90", cell: "c1r1" } },
    { desc: { kind: "move", pawn: "gardener", from: "c2r2", to: "c2r3" } },
    { desc: { kind: "done" } },
  ];
  const p = new Picker(moves);
  expect(p.pick("elem:pool")).toBe(-1); // before the fix: 0, built on the selecting click
  expect(p.chosen).toEqual(["elem:pool", "orient:r0"]);
  expect(p.choices()).toEqual([{ id: "c3r2", part: "cell", count: 1 }]);
  expect(p.canGoBack()).toBe(true);
  p.back(); // the orientation was forced: Back returns to the elements
  expect(p.chosen).toEqual([]);
  expect(p.pick("elem:pool")).toBe(-1);
  expect(p.pick("c3r2")).toBe(0);
  p.reset(); // as the page does once a move is played
  // the gardener with one square to go to: the square is asked for, its own square answered
  expect(p.pick("gardener")).toBe(-1);
  expect(p.chosen).toEqual(["gardener", "c2r2"]);
  expect(p.pick("c2r3")).toBe(3);
  p.reset(); // as the page does once a move is played
  // a move with no place at all is played on its click
  expect(p.pick("#done")).toBe(4);
});

test("English Gardens: a card that fits one square asks for it; a pile with one card to discard does not", () => {
  const moves: LegalMove[] = [
    { desc: { kind: "plant", card: "hand:1", cell: "r2c3" } },
    { desc: { kind: "plant", card: "hand:2", cell: "r2c3" } },
    { desc: { kind: "plant", card: "hand:2", cell: "r1c1" } },
    { desc: { kind: "discard", to: "discard", card: "hand:1" } },
  ];
  const p = new Picker(moves);
  expect(p.pick("hand:1")).toBe(-1); // before the fix: 0, planted on the selecting click
  expect(p.choices().map((c) => c.id)).toEqual(["r2c3"]);
  expect(p.pick("r2c3")).toBe(0);
  p.reset(); // as the page does once a move is played
  expect(p.pick("hand:2")).toBe(-1);
  expect(p.choices().map((c) => c.id)).toEqual(["r2c3", "r1c1"]);
  expect(p.pick("r1c1")).toBe(2);
  p.reset(); // as the page does once a move is played
  // the player chose where (the discard pile): the only card goes at once
  expect(p.pick("discard")).toBe(3);
});

test("Back undoes the player's last choice and the forced ones after it, never the forced start", () => {
  const moves: LegalMove[] = [
    { desc: { kind: "move", pawn: "king", from: "3,6", to: "3,5" } },
    { desc: { kind: "move", pawn: "king", from: "3,6", to: "2,5" } },
    { desc: { kind: "move", pawn: "gardener", from: "2,6", to: "2,5" } },
    { desc: { kind: "stop" } },
  ];
  const p = new Picker(moves);
  expect(p.choices().map((c) => c.id)).toEqual(["king", "gardener", "#stop"]);
  expect(p.pick("king")).toBe(-1); // the king's square is forced: from 3,6
  expect(p.chosen).toEqual(["king", "3,6"]);
  expect(p.choices().map((c) => c.id)).toEqual(["3,5", "2,5"]);
  p.back();
  expect(p.chosen).toEqual([]);
  expect(p.pick("#stop")).toBe(3);
  expect(p.pick("nonsense")).toBe(-2);
});

test("two moves that differ only by kind are told apart by a last step", () => {
  const p = new Picker([{ desc: { kind: "play", card: "hand:1" } }, { desc: { kind: "discard", card: "hand:1" } }, { desc: { kind: "play", card: "hand:2" } }]);
  expect(p.pick("hand:1")).toBe(-1);
  expect(p.choices().map((c) => c.id)).toEqual(["#play", "#discard"]);
  expect(p.pick("#discard")).toBe(1);
});

test("rotate and flip step through the orientations offered", async () => {
  const { turn } = await import("../../web/src/picker");
  const ids = ["orient:r0", "orient:r90", "orient:r180", "orient:r270", "orient:r0f", "orient:r90f"];
  expect(turn(ids, "orient:r0", "rotate")).toBe("orient:r90");
  expect(turn(ids, "orient:r270", "rotate")).toBe("orient:r0");
  expect(turn(ids, "orient:r90f", "rotate")).toBe("orient:r0f");
  expect(turn(ids, "orient:r90", "flip")).toBe("orient:r90f");
  expect(turn(ids, "orient:r180", "flip")).toBe("orient:r0f"); // no r180f offered (symmetric): the first flipped one
  expect(turn(["r0", "r1"], "r1", "rotate")).toBe("r0");
  expect(turn(["r0"], "r0", "flip")).toBe("r0");
  expect(turn(["hand:1", "hand:2"], "hand:1", "rotate")).toBeUndefined();
});
