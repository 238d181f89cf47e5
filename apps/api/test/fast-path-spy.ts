import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

/**
 * Calls `record` for each request handed to the app's fast path (lib/prepared-fast-path.ts)
 * with whether it answered there (true) or left it to Fastify (false).
 */
export function recordFastPath(app: FastifyInstance, record: (answered: boolean) => void): void {
  const serve = app.fastPath.serve.bind(app.fastPath);
  vi.spyOn(app.fastPath, 'serve').mockImplementation((req, res) => {
    const answered = serve(req, res);
    record(answered);
    return answered;
  });
}
