// The step a player is asked to act on is brought into view. A table's
// page opens on its header (the game's name, the seats, the buttons to
// leave), which takes a third of a 390 px phone's screen and 390 px of a
// 1366×900 desktop's:
// a newcomer placing a Hanging Gardens card read the prompt and saw the
// top of their garden, the places the prompt named under the screen's
// edge. When a new step of the player's own comes and nothing it offers
// is on the screen (or the prompt is not), the page scrolls to put the prompt at the top, the
// drawing under it (whose renderer drew what the step acts on first: a
// drawing that does so says it with the class "follows-step").

export function keepStepInView(root: HTMLElement): void {
  let last = "";
  const check = () => {
    const status = root.querySelector(".status");
    // not the player's turn: the next step of theirs is new, whatever it says
    if (!status || !status.classList.contains("mine")) {
      last = "";
      return;
    }
    const said = status.textContent ?? "";
    if (said === last || !root.querySelector("svg.board.follows-step")) return;
    last = said;
    // after the drawing's layout
    requestAnimationFrame(() => {
      // what the step names on the drawing, else its buttons (a button in words for a place on the
      // drawing, Hanging Gardens' left end of floor 1, does not show the places the prompt speaks of)
      const board = [...root.querySelectorAll("svg.board .target")];
      const offered = board.length ? board : [...root.querySelectorAll(".steps button.choice")];
      const seen = offered.some((e) => {
        const r = e.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      });
      const st = status.getBoundingClientRect();
      const promptGone = st.top < 0 || st.bottom > window.innerHeight;
      if (promptGone || (offered.length && !seen)) root.querySelector(".decide")?.scrollIntoView({ block: "start" });
    });
  };
  new MutationObserver(check).observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["class"] });
}
