import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Server, ServerOptions } from '@tus/server';
import type { ModuleDeps } from '../../module-deps';
import { dataDirStreamingStore } from '../../lib/file-store/streaming-store';
import { splitKey } from '@hpbc/shared/contract/endpoint';
import { route } from '../../plugins/route';
import { uploadsRepository } from './uploads.repository';
import { DESIGN_AREA, MAX_UPLOAD_BYTES, OWNER_KEY, PortalTusStore } from './uploads.store';

const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** How often expired uploads are swept. */
const SWEEP_MS = 3600_000;

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];
const notFound = { status_code: 404, body: 'Not found\n' };

/**
 * tus 1.0.0 at /api/uploads (core, creation, termination; docs/api.md "Resumable uploads",
 * decision 069). Fastify checks the account (401, 403 JSON as everywhere), then hands the
 * raw request to @tus/server, which streams the body into the portal's data store.
 */
export function uploadsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    const store = new PortalTusStore(deps.database, dataDirStreamingStore(deps.config.dataDir, DESIGN_AREA), deps.now);
    // Who sent each raw request: set after the guard, read by the tus hooks.
    const owners = new WeakMap<IncomingMessage, number>();
    const ownerOf = (req: TusRequest) => {
      const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
      const id = raw ? owners.get(raw) : undefined;
      if (id === undefined) throw notFound;
      return id;
    };
    // @tus/server loads with the first upload, not at every start (decision 117).
    let tus: Promise<Server> | undefined;
    const tusServer = () => (tus ??= import('@tus/server').then(({ Server }) => new Server(options)));
    const options: ConstructorParameters<typeof Server>[0] = {
      path: splitKey('POST /api/uploads')[1],
      datastore: store,
      relativeLocation: true,
      maxSize: MAX_UPLOAD_BYTES,
      // Only this server's ids; anything else is an unknown upload.
      getFileIdFromRequest: (_req, last) => (last && UPLOAD_ID.test(last) ? last : undefined),
      namingFunction: () => crypto.randomUUID().replaceAll('-', ''),
      // Another account's upload does not exist for the caller.
      async onIncomingRequest(req, id) {
        if (req.method === 'POST') return;
        const row = await uploadsRepository(deps.database.db).ofUser(id, ownerOf(req));
        if (!row) throw notFound;
      },
      async onUploadCreate(req, upload) {
        const name = upload.metadata?.filename ?? '';
        if (!name || name.length > 255)
          throw { status_code: 400, body: 'Upload-Metadata needs a filename (1-255 characters).\n' };
        return { metadata: { ...upload.metadata, [OWNER_KEY]: String(ownerOf(req)) } };
      },
    };

    // The body is tus's to read, as a stream: no parser may buffer it.
    app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null, undefined));

    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      owners.set(req.raw, req.user!.id);
      reply.hijack();
      reply.raw.setHeader('Cache-Control', 'no-store');
      await (await tusServer()).handle(req.raw, reply.raw);
      return reply;
    };
    route(app, 'POST /api/uploads', handle);
    route(app, 'HEAD /api/uploads/:id', handle);
    route(app, 'PATCH /api/uploads/:id', handle);
    route(app, 'DELETE /api/uploads/:id', handle);

    const sweep = () => store.deleteExpired().catch((err: unknown) => app.log.warn({ err }, 'upload sweep failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(sweep, SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  };
}
