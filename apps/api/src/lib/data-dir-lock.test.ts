import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

let dataDir: string;
let lockFile: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hpbc-lock-'));
  lockFile = path.join(dataDir, 'server.lock');
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('holds DATA_DIR/server.lock with our pid until released', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
    // Releasing twice is harmless and does not remove a lock taken since.
    const again = lockDataDir(dataDir);
    release();
    expect(existsSync(lockFile)).toBe(true);
    again();
  });

  it('creates a missing data folder', () => {
    const nested = path.join(dataDir, 'a', 'b');
    lockDataDir(nested)();
    expect(existsSync(nested)).toBe(true);
  });

  it('refuses a folder locked by another running process, saying which and what to do', () => {
    // The test runner that started this worker is alive and is not us.
    writeFileSync(lockFile, String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    try {
      lockDataDir(dataDir);
    } catch (e) {
      expect((e as Error).message).toContain(`pid ${process.ppid}`);
      expect((e as Error).message).toContain(dataDir);
      expect((e as Error).message).toMatch(/different DATA_DIR/);
    }
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that has ended', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(lockFile, String(dead));
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock file that holds no pid', () => {
    writeFileSync(lockFile, 'garbage');
    lockDataDir(dataDir)();
    writeFileSync(lockFile, '');
    lockDataDir(dataDir)();
  });
});
