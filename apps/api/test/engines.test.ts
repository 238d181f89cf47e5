/**
 * Issue 10, item 11: `npm ci` on the Node the README promises prints no EBADENGINE. npm
 * warns when a locked package's `engines.node` excludes the running Node; this checks the
 * same ranges in the lockfile against the oldest Node that `engines` allows, so a
 * dependency bump that needs a newer Node fails here instead of warning on a newcomer's
 * machine (decision 018).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('engines', () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it('the README and package.json promise Node 20', () => {
    expect(semver.major(oldest)).toBe(20);
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(
      `Node.js ${manifest.engines.node.replace('>=', '')}`,
    );
  });

  it('every locked package accepts the oldest Node that engines allows', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, pkg]) => {
        const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        if (!range || semver.satisfies(oldest, range, { includePrerelease: true })) return [];
        return [`${name.replace(/^.*node_modules\//, '')}@${pkg.version} needs node ${range}`];
      });
    expect(refusing).toEqual([]);
  });
});
