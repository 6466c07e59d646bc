// One renderer per game, by game id, and each game's labels for choices
// that are not on its drawing.

import { alicesGardenChoice, drawAlicesGarden } from "./alicesgarden";
import { drawEnglishGardens } from "./englishgardens";
import { drawHangingGardens, hangingGardensChoice } from "./hanginggardens";
import { drawHappyGarden, happyGardenChoice } from "./happygarden";
import { drawSchlossgarten, schlossgartenChoice } from "./schlossgarten";
import type { ChoiceLabel, Renderer } from "./types";

export const renderers: Record<string, Renderer> = {
  "english-gardens": drawEnglishGardens,
  "alices-garden": drawAlicesGarden,
  "hanging-gardens": drawHangingGardens,
  "happy-garden": drawHappyGarden,
  schlossgarten: drawSchlossgarten,
};

export const choiceLabels: Record<string, ChoiceLabel> = {
  "alices-garden": alicesGardenChoice,
  "hanging-gardens": hangingGardensChoice,
  "happy-garden": happyGardenChoice,
  schlossgarten: schlossgartenChoice,
};
