import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export type ProxyTrust = (address: string, hop: number) => boolean;

/** Addresses whose trust is remembered; past that the memory starts over. */
const REMEMBERED = 1024;

/**
 * TRUST_PROXY (comma-separated addresses, CIDRs or `loopback`) compiled as Fastify compiles
 * a string `trustProxy`; buildApp hands Fastify this function, so Fastify's request.ip and
 * the fast path's clientAddress() use the very same rule. Unset: no proxy is trusted.
 *
 * The compiled rule depends on the address only (not on its place in the chain), and it
 * parsed the proxy's own address again on every request (~5 % of a search's busy time,
 * docs/decisions/061): its answer for each address is remembered.
 */
export function proxyTrust(setting: string | undefined): ProxyTrust | undefined {
  if (!setting) return undefined;
  const compiled = proxyAddr.compile(setting.split(',').map((it) => it.trim()));
  const known = new Map<string, boolean>();
  return (address, hop) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      trusted = compiled(address, hop);
      if (known.size >= REMEMBERED) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}

/**
 * The client's address as Fastify's request.ip gives it: with a trusted proxy, the nearest
 * untrusted address of X-Forwarded-For (@fastify/proxy-addr, as Fastify asks it); else the
 * socket's peer.
 */
export function clientAddress(trust: ProxyTrust | undefined): (req: IncomingMessage) => string | undefined {
  if (!trust) return (req) => req.socket.remoteAddress;
  return (req) => {
    const addresses = proxyAddr.all(req, trust);
    return addresses[addresses.length - 1];
  };
}
