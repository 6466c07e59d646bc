// One renderer per game, by game id, and each game's labels for choices
// that are not on its drawing.

import { alicesGardenChoice, alicesGardenPreview, drawAlicesGarden } from "./alicesgarden";
import { drawEnglishGardens, englishGardensChoice } from "./englishgardens";
import { drawHangingGardens, hangingGardensChoice } from "./hanginggardens";
import { drawHappyGarden, happyGardenChoice } from "./happygarden";
import { drawSchlossgarten, schlossgartenChoice, schlossgartenPreview } from "./schlossgarten";
import type { GameView, GameViews } from "../gen/server";
import type { ChoiceLabel, Preview, Renderer } from "./types";

const byGame: { [G in keyof GameViews]: Renderer<GameViews[G]> } = {
  "english-gardens": drawEnglishGardens,
  "alices-garden": drawAlicesGarden,
  "hanging-gardens": drawHangingGardens,
  "happy-garden": drawHappyGarden,
  schlossgarten: drawSchlossgarten,
};

const labels: { [G in keyof GameViews]?: ChoiceLabel<GameViews[G]> } = {
  "alices-garden": alicesGardenChoice,
  "english-gardens": englishGardensChoice,
  "hanging-gardens": hangingGardensChoice,
  "happy-garden": happyGardenChoice,
  schlossgarten: schlossgartenChoice,
};

const previewsByGame: { [G in keyof GameViews]?: Preview<GameViews[G]> } = {
  "alices-garden": alicesGardenPreview,
  schlossgarten: schlossgartenPreview,
};

// The page knows a table's game by its id at run time, and the server sends
// the view of that game: one lookup for all games, typed by the union.
export const renderers = byGame as Record<string, Renderer<GameView> | undefined>;
export const choiceLabels = labels as Record<string, ChoiceLabel<GameView> | undefined>;
export const previews = previewsByGame as Record<string, Preview<GameView> | undefined>;
