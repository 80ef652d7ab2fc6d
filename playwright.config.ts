import { defineConfig } from '@playwright/test';

// Chromium comes from the system (Debian's package here): Playwright's own browser download is not reachable.
const executablePath = process.env.EVA_CHROMIUM || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // Each spec file starts its own host on its own port and data dir, so files run side by side; the tests inside a
  // file share that host and run in order. An e2e test mostly waits for the page or the model: on two cores a second
  // worker halved the tier's time with the cores still less than half busy.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json']],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
});
