import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';

/**
 * The API description as an outside developer uses it (issue 23's acceptance): Redocly's
 * linter (@redocly/cli 2, recommended rules) finds no error in /api/openapi.json, and a
 * client generated from it with openapi-typescript 7 type-checks a program that calls
 * every operation through openapi-fetch 0.17, with each operation's own parameter and
 * body types, and a success answer that is not `never`.
 */

const require = createRequire(import.meta.url);
const run = promisify(execFile);
type Operation = {
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Doc;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  dir = mkdtempSync(path.join(tmpdir(), 'hpbc-openapi-'));
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('/api/openapi.json for outside clients', () => {
  it('passes Redocly’s recommended rules with no error', async () => {
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    const out = await run(
      process.execPath,
      [cli, 'lint', path.join(dir, 'openapi.json'), '--extends=recommended', '--format=json'],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((e: { stdout: string }) => e);
    const report = JSON.parse(out.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it('gives a typed client with which every operation can be called (openapi-typescript + openapi-fetch)', async () => {
    writeFileSync(path.join(dir, 'schema.d.ts'), astToString(await openapiTS(doc as never)));
    const calls: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const M = method.toUpperCase();
        const type = `paths[${JSON.stringify(p)}][${JSON.stringify(method)}]`;
        const media = op.requestBody ? Object.keys(op.requestBody.content)[0]! : undefined;
        const body = media
          ? `, body: undefined as unknown as NonNullable<${type}['requestBody']>['content'][${JSON.stringify(media)}]` +
            (media === 'multipart/form-data' ? ', bodySerializer: (b: unknown) => b as FormData' : '')
          : '';
        const json = Object.entries(op.responses).some(
          ([status, r]) => /^2/.test(status) && r.content?.['application/json'],
        );
        calls.push(
          `  {\n    const r = await client.${M}(${JSON.stringify(p)}, { params: undefined as unknown as ${type}['parameters']${body} });\n` +
            (json
              ? `    const answered: IsNever<NonNullable<typeof r.data>> = false;\n    void answered;\n`
              : '    void r;\n') +
            '  }',
        );
      }
    }
    const program = [
      "import createClient from 'openapi-fetch';",
      "import type { paths } from './schema';",
      'type IsNever<T> = [T] extends [never] ? true : false;',
      "const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });",
      'export async function everyOperation(): Promise<void> {',
      ...calls,
      '}',
    ].join('\n');
    writeFileSync(path.join(dir, 'client.ts'), program);
    const host = ts.createCompilerHost({});
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      baseUrl: dir,
      paths: { 'openapi-fetch': [path.dirname(require.resolve('openapi-fetch/package.json'))] },
    };
    const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([path.join(dir, 'client.ts')], options, host));
    const messages = diagnostics.map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      const line = where && d.file ? d.file.text.split('\n')[where.line]?.trim() : '';
      return `${ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 300)} — ${line}`;
    });
    expect(messages).toEqual([]);
    expect(calls.length).toBeGreaterThan(90);
  }, 120_000);
});
