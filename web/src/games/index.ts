// One renderer per game, by game id, and each game's labels for choices
// that are not on its drawing.

import { drawEnglishGardens } from "./englishgardens";
import { drawSchlossgarten, schlossgartenChoice } from "./schlossgarten";
import type { ChoiceLabel, Renderer } from "./types";

export const renderers: Record<string, Renderer> = {
  "english-gardens": drawEnglishGardens,
  schlossgarten: drawSchlossgarten,
};

export const choiceLabels: Record<string, ChoiceLabel> = {
  schlossgarten: schlossgartenChoice,
};
