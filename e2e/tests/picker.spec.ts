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
  // r90 leaves one move: played at once
  expect(p.pick("r90")).toBe(2);
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
