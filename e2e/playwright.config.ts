import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './support/ports';
// The benchmarks' Chromium and flags: journeys and Lighthouse see the same browser.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../bench/lib/chromium';

/**
 * Journeys in Debian's Chromium against the built portal with demo data, mail going to
 * a capturing SMTP server (support/start-stack.ts). Tests tagged @phone run again at 390 px.
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  outputDir: '../test-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    // On CI, where a failed test runs again, the retry is traced: recording a trace of every
    // test's first run (retain-on-failure) cost about a fifth of the journeys' CPU (two spec
    // files, one worker: 73.4 s of CPU against 57.8 s untraced; decision 134). Locally, with no
    // retry, a failed run keeps its trace as before.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      grep: /@phone/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/start-stack.ts',
    cwd: '..',
    url: `${BASE_URL}/api/v1/recommendations/disciplines`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
