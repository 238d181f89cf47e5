/**
 * The idle timeout of lib/app-server.ts counts the client's silence, not the server's work:
 * a whole request whose answer takes longer than `idleTimeoutMs` to make (a stored list's
 * first making at a decade's data, docs/decisions/110 and 119) is answered; a connection
 * that sends nothing, a body that stalls and an answer nobody reads are still closed.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from './app-server';

const IDLE_MS = 300;
let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

async function listen(listener: Parameters<typeof createAppServer>[0]): Promise<number> {
  server = createAppServer(listener, { limits: { idleTimeoutMs: IDLE_MS, checkEveryMs: 100 } });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw connection that writes `head` (unless empty), and what came back when the server closed it. */
function exchange(port: number, head: string, opts: { read?: boolean } = {}) {
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = '';
  const closed = new Promise<{ text: string; afterMs: number }>((resolve) => {
    const started = Date.now();
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('close', () => resolve({ text: received, afterMs: Date.now() - started }));
    socket.on('error', () => undefined);
  });
  socket.on('connect', () => {
    if (head) socket.write(head);
    if (opts.read === false) socket.pause();
  });
  return { socket, closed };
}

describe('the idle timeout (lib/app-server.ts)', () => {
  it('answers a whole request whose answer takes longer than the idle timeout to make', async () => {
    const port = await listen((_req, res) => {
      setTimeout(() => res.end('made'), IDLE_MS * 3);
    });
    const { closed } = exchange(port, 'GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const { text } = await closed;
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(text.endsWith('made')).toBe(true);
  });

  it('still closes a connection that sends nothing', async () => {
    const port = await listen((_req, res) => res.end('never asked'));
    const { closed } = exchange(port, '');
    const { text, afterMs } = await closed;
    expect(text).toBe('');
    expect(afterMs).toBeLessThan(IDLE_MS * 10);
  });

  it('still closes a connection whose request body stalls', async () => {
    let answered = false;
    const port = await listen((req, res) => {
      req.resume();
      req.on('end', () => {
        answered = true;
        res.end('read');
      });
    });
    const { closed } = exchange(port, 'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf');
    const { afterMs } = await closed;
    expect(answered).toBe(false);
    expect(afterMs).toBeLessThan(IDLE_MS * 10);
  });

  it('still closes a connection whose client stops reading a long answer', async () => {
    const port = await listen((_req, res) => {
      const chunk = Buffer.alloc(1 << 20, 'a');
      const more = () => {
        while (res.write(chunk));
        res.once('drain', more);
      };
      more();
    });
    // Seen from the server's side: a client that does not read does not notice the close.
    const serverSide = new Promise<number>((resolve) =>
      server!.once('connection', (socket: net.Socket) => {
        const started = Date.now();
        socket.once('close', () => resolve(Date.now() - started));
      }),
    );
    const { socket } = exchange(port, 'GET /long HTTP/1.1\r\nHost: x\r\n\r\n', { read: false });
    expect(await serverSide).toBeLessThan(IDLE_MS * 20);
    socket.destroy();
  });
});
