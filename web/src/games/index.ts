// One renderer per game, by game id.

import { drawSchlossgarten } from "./schlossgarten";
import type { Renderer } from "./types";

export const renderers: Record<string, Renderer> = {
  schlossgarten: drawSchlossgarten,
};
