// Browser tests of jardin's page, in Debian's Chromium (never a browser
// downloaded by Playwright: `playwright install` cannot reach its hosts
// here). scripts/test builds the binaries and sets JARDIN_BIN and
// JARDIN_HARNESS; the fixtures in tests/fixtures.ts start them.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "./tests",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two workers, one Chromium each (JARDIN_E2E_WORKERS to change it).
  workers: Number(process.env.JARDIN_E2E_WORKERS) || 2,
  retries: 0,
  reporter: [["list"]],
  outputDir: process.env.JARDIN_E2E_OUT || "/tmp/jardin-e2e-results",
  use: {
    browserName: "chromium",
    // No trace by default: recording one for every test (to keep it only on
    // a failure) cost a sixth to a third of the browser tests' processor
    // time (table.spec 25.5 → 21.7 s, render + schlossgarten 22 → 16.5 s).
    // To see why a test failed, run it again with traces:
    // `JARDIN_SKIP_GO=1 scripts/test tests/x.spec.ts --trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
