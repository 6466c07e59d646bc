// The end banner says why the game ended when the game says it (an event
// whose key begins "end-triggered"): a newcomer's English Gardens ended on
// "The end of the game is triggered" with no cause, in the log and nowhere
// else. A game finished by bots, on the table page and the replay's last
// step, in English, French and German.
import { expect, newTable, test } from "./fixtures";

const why = {
  en: /village green \(nine cards\)|deck is empty/,
  fr: /village \(neuf cartes\)|paquet .* est vide/,
  de: /Dorfanger vervollständigt|stapel ist leer/,
};

test("english gardens: the end banner says why the game ended", async ({ page, server }) => {
  test.setTimeout(120_000);
  const t = await newTable(page, server, "english-gardens", ["me", "greedy"]);
  const left = await page.request.post(`${server.url}/api/tables/${t.id}/leave`, { data: {} });
  expect(left.ok(), await left.text()).toBeTruthy();
  await expect.poll(async () => (await (await page.request.get(`${server.url}/api/tables/${t.id}`)).json()).status, { timeout: 60_000 }).toBe("over");
  const rp = await (await page.request.get(`${server.url}/api/tables/${t.id}/replay?lang=en`)).json();
  const last = rp.steps.length - 1;
  for (const lang of ["en", "fr", "de"] as const) {
    for (const [w, h, tag] of [[1366, 900, "desk"], [390, 844, "phone"]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${server.url}/replay/${t.id}?lang=${lang}#${last}`);
      await expect(page.locator(".banner .why")).toHaveText(why[lang]);
      await page.screenshot({ path: `${test.info().outputDir}/replay-${lang}-${tag}.png` });
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${t.url}${t.url.includes("?") ? "&" : "?"}lang=en`);
  await expect(page.locator(".banner .why")).toHaveText(why.en);
  await page.screenshot({ path: `${test.info().outputDir}/table-en.png` });
});
