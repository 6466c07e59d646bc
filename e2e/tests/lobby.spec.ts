// The page's lobby (/): name, a new table with an open seat, the invite
// link, the public list, joining from another browser; the plain lobby
// (/plain) without JavaScript.
import { axeScan, expect, test } from "./fixtures";

test("the lobby: name, new table with an open seat, joined from the public list", async ({ browser, page, server }) => {
  test.setTimeout(90_000);
  await page.goto(server.url + "/");
  await page.fill("#name", "Ann");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("form.create")).toBeVisible();
  expect(await axeScan(page), "serious or critical accessibility violations").toEqual([]);
  await page.selectOption("#game", "happy-garden");
  await page.selectOption("#seat-1", "open");
  await page.selectOption("#clock", "realtime");
  await expect(page.locator("#minutes")).toBeVisible();
  await page.getByRole("button", { name: "Create the table" }).click();
  const invite = await page.locator(".created a.invite").getAttribute("href");
  expect(invite).toContain("/join/");

  const other = await browser.newContext({ locale: "fr-FR" });
  const b = await other.newPage();
  await b.goto(server.url + "/");
  await expect(b.locator("h1")).toHaveText("Accueil");
  await b.fill("#name", "Bob");
  await b.getByRole("button", { name: "Enregistrer" }).click();
  await expect(b.locator(".open-tables")).toContainText("Happy Garden");
  await b.getByRole("button", { name: "Rejoindre" }).first().click();
  await expect(b.locator("svg.board")).toBeVisible();
  await expect(b.locator(".seats")).toContainText("Ann");
  // Ann's lobby lists the table among hers
  await page.reload();
  await expect(page.locator(".tables.mine")).toContainText("Happy Garden");
  await other.close();
});

test("without JavaScript, the lobby leads to the plain lobby, whose forms create a table", async ({ browser, server }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(server.url + "/");
  await page.getByRole("link", { name: "the plain lobby" }).click();
  await expect(page).toHaveURL(/\/plain$/);
  await page.fill("input[name=name]", "Cleo");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.locator("body")).toContainText("You are Cleo");
  await page.selectOption("select[name=game]", "happy-garden");
  await page.locator("select[name=seat]").nth(1).selectOption("greedy");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/t\/[a-z0-9]+$/);
  // (axe needs scripts: tables.spec.ts scans /plain with them on)
  await page.goto(server.url + "/plain");
  await expect(page.locator("table").first()).toContainText("Happy Garden");
  await ctx.close();
});

test("the plain pages and the page agree on the language: the switch link, the cookie, Accept-Language", async ({ browser, server }) => {
  // An English browser switches the plain lobby to French with its link…
  const ctx = await browser.newContext({ locale: "en-US" });
  const page = await ctx.newPage();
  await page.goto(server.url + "/plain");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("link", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("body")).toContainText("Tables ouvertes");
  // …and the page's lobby follows (the same cookie), and its button back…
  await page.goto(server.url + "/");
  await expect(page.locator("h1")).toHaveText("Accueil");
  // …to German and back: the switch offers every language the server has…
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator("body")).toContainText("Offene Tische");
  await page.getByRole("button", { name: /English/ }).click();
  await expect(page.locator("h1")).toHaveText("Lobby");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // …is the plain pages' choice too.
  await page.goto(server.url + "/plain");
  await expect(page.locator("body")).toContainText("Open tables");
  await ctx.close();
  // A French browser without script: Accept-Language, then the forms in French.
  const fr = await browser.newContext({ locale: "fr-FR", javaScriptEnabled: false });
  const p = await fr.newPage();
  await p.goto(server.url + "/plain");
  await p.fill("input[name=name]", "Zoé");
  await p.getByRole("button", { name: "Commencer" }).click();
  await expect(p.locator("body")).toContainText("Vous êtes Zoé");
  await p.selectOption("select[name=game]", "schlossgarten");
  await p.locator("select[name=seat]").nth(1).selectOption("greedy");
  await p.getByRole("button", { name: "Créer" }).click();
  await expect(p).toHaveURL(/\/t\/[a-z0-9]+$/);
  await expect(p.locator("h2")).toHaveText(/Schlossgarten/);
  await expect(p.getByText(/il faut JavaScript/)).toBeVisible();
  await fr.close();
});
