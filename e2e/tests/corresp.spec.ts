// Correspondence play (issue 23): the time left beside the seat to move at
// an async table, counting down in words, and the notification settings
// page (e-mail, webhook, browser notifications) reached from the lobby's
// and the table's header.
import { axeScan, expect, inRun, newTable, test, headControl } from "./fixtures";

const out = process.env.JARDIN_E2E_OUT || "/tmp/jardin-e2e-results";
const sizes = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

const words = {
  en: { left: "2 days 1 hour left", saved: "Saved.", webhookErr: "the webhook address must be", settings: "Settings", back: "Back to the table" },
  fr: { left: "il reste 2 jours 1 heure", saved: "Enregistré.", webhookErr: "l'adresse du webhook doit être", settings: "Réglages", back: "Retour à la table" },
  de: { left: "noch 2 Tage 1 Stunde", saved: "Gespeichert.", webhookErr: "die Webhook-Adresse muss", settings: "Einstellungen", back: "Zurück zum Tisch" },
};

for (const lang of ["en", "fr", "de"] as const) {
  const w = words[lang];

  test(`an async table shows the time left beside the seat to move (${lang})`, async ({ page, server }) => {
    test.skip(!inRun(lang, 0), "one language a flow; JARDIN_READABLE_ALL=1 runs all three");
    await page.goto(`${server.url}/?lang=${lang}`);
    // 50 hours per decision, Ann first against a bot: Ann is to move.
    const tb = await newTable(page, server, "english-gardens", ["me", "greedy"], { options: { first: "1" }, clock: { mode: "async", hours: 50 } });
    for (const [size, vp] of Object.entries(sizes)) {
      await page.setViewportSize(vp);
      await page.goto(tb.url);
      const left = page.locator(".seats li.to-move .time-left");
      await expect(left).toHaveText(w.left);
      // Its tooltip says the moment itself; the bot's seat has none.
      expect(await left.getAttribute("title")).toBeTruthy();
      await expect(page.locator(".seats .time-left")).toHaveCount(1);
      if (size === "desktop") expect(await axeScan(page), "serious or critical accessibility violations").toEqual([]);
      // It counts down: drawn from the deadline every second.
      const deadline = Number(await left.getAttribute("data-deadline"));
      expect(deadline - Date.now()).toBeGreaterThan(49.9 * 3_600_000);
      expect(deadline - Date.now()).toBeLessThanOrEqual(50 * 3_600_000);
      await page.screenshot({ path: `${out}/corresp-table-${lang}-${size}.png` });
      // Nothing scrolls sideways, the header's link included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
    }
    // The header leads to the settings, which lead back to the table.
    await (await headControl(page, ".top-bar a.settings-link")).click();
    await expect(page.locator("main.settings h1")).toHaveText(w.settings);
    await page.getByRole("link", { name: w.back }).click();
    await expect(page).toHaveURL(tb.url);
  });

  test(`the settings page saves the e-mail and the webhook, and refuses a bad webhook (${lang})`, async ({ page, server }) => {
    test.skip(!inRun(lang, 1), "one language a flow; JARDIN_READABLE_ALL=1 runs all three");
    test.info().annotations.push({ type: "expects-refusal", description: "the bad webhook's POST /api/me answers 400" });
    await page.goto(`${server.url}/?lang=${lang}`);
    const me = await page.request.post(server.url + "/api/me", { data: { name: "Ann" } });
    expect(me.ok()).toBeTruthy();
    await page.goto(server.url + "/");
    await page.setViewportSize(sizes.phone);
    await expect(page.locator(".top-bar a.settings-link")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(sizes.phone.width);
    await page.screenshot({ path: `${out}/corresp-lobby-${lang}-phone.png`, clip: { x: 0, y: 0, width: 390, height: 300 } });
    await page.setViewportSize(sizes.desktop);
    await page.locator(".top-bar a.settings-link").click();
    await expect(page).toHaveURL(server.url + "/settings");
    const email = page.locator("#email");
    const hook = page.locator("#webhook");
    await email.fill("ann@example.org");
    await hook.fill("https://ntfy.sh/jardin-ann");
    await page.locator("form.contact button[type=submit]").click();
    await expect(page.locator("main.settings .saved")).toHaveText(w.saved);
    await page.reload();
    await expect(email).toHaveValue("ann@example.org");
    await expect(hook).toHaveValue("https://ntfy.sh/jardin-ann");
    // A webhook that is no web address: a sentence in the page's language, nothing changed.
    await hook.fill("ftp://example.org/hook");
    await page.locator("form.contact button[type=submit]").click();
    await expect(page.locator("main.settings .message")).toContainText(w.webhookErr);
    await expect(page.locator("main.settings .saved")).toHaveText("");
    for (const [size, vp] of Object.entries(sizes)) {
      await page.setViewportSize(vp);
      await page.screenshot({ path: `${out}/corresp-settings-error-${lang}-${size}.png`, fullPage: true });
    }
    await page.reload();
    await expect(hook).toHaveValue("https://ntfy.sh/jardin-ann");
    expect(await axeScan(page), "serious or critical accessibility violations").toEqual([]);
    for (const [size, vp] of Object.entries(sizes)) {
      await page.setViewportSize(vp);
      await page.screenshot({ path: `${out}/corresp-settings-${lang}-${size}.png`, fullPage: true });
    }
    // Emptied: no e-mails, no webhook.
    await email.fill("");
    await hook.fill("");
    await page.locator("form.contact button[type=submit]").click();
    await expect(page.locator("main.settings .saved")).toHaveText(w.saved);
    await page.reload();
    await expect(email).toHaveValue("");
    await expect(hook).toHaveValue("");
  });
}

test("browser notifications are asked for on a click only, and said to be on once allowed", async ({ browser, server }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(server.url + "/settings?lang=en");
  // Nothing asked on arrival: the button waits for the person.
  expect(await page.evaluate(() => Notification.permission)).toBe("default");
  const on = page.locator("main.settings button.browser-on");
  await expect(on).toBeVisible();
  await ctx.grantPermissions(["notifications"], { origin: server.url });
  await on.click();
  await expect(page.locator("main.settings .browser-status")).toHaveText("Browser notifications are on.");
  await expect(on).toBeHidden();
  await ctx.close();
});

test("a visitor without a name is sent to the lobby first", async ({ page, server }) => {
  await page.goto(server.url + "/settings?lang=en");
  await expect(page.locator("main.settings .first-step")).toContainText("Choose your name in the lobby first");
  await expect(page.locator("#email")).toHaveCount(0);
});

test("in the last quarter of the decision's time the time left turns red", async ({ page, server }) => {
  await page.goto(`${server.url}/?lang=en`);
  // 10.8 s per decision: the last quarter begins 8.1 s in.
  const tb = await newTable(page, server, "english-gardens", ["me", "greedy"], { options: { first: "1" }, clock: { mode: "async", hours: 0.003 } });
  await page.goto(tb.url);
  const left = page.locator(".seats li.to-move .time-left");
  await expect(left).toHaveText("less than a minute left");
  await expect(left).not.toHaveClass(/late/);
  await expect(left).toHaveClass(/late/, { timeout: 12_000 });
  expect(await left.evaluate((e) => getComputedStyle(e).color)).toBe("rgb(164, 0, 0)");
  await page.screenshot({ path: `${out}/corresp-table-late-en-desktop.png`, clip: { x: 0, y: 0, width: 700, height: 260 } });
});
