import path from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

describe('vite.config.ts', () => {
  it("loads without the warning about Vite's coming native config loader (issue 28, item 11)", async () => {
    // The first `npm start` builds the web app: Vite warned there that the config imports files
    // without their extension, which its native loader (planned as the default) cannot resolve.
    const root = path.resolve(import.meta.dirname, '..');
    const warnings: string[] = [];
    const logger = createLogger('info');
    logger.warn = (msg) => void warnings.push(msg);
    logger.warnOnce = (msg) => void warnings.push(msg);
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      path.join(root, 'vite.config.ts'),
      root,
      'info',
      logger,
    );
    expect(loaded?.path).toMatch(/vite\.config\.ts$/);
    expect(warnings).toEqual([]);
  }, 60_000);
});
