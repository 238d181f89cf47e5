import type { Config } from '../../config';
import { secretBox } from '../../lib/secret-box';

/**
 * The requester's private tracking link (decision 035). Only the token's hash is looked up;
 * the token itself is kept sealed with the server secret so that every later status mail
 * can carry the same link again (issue 28, item 2; decision 080).
 */
export function trackingLinks(config: Pick<Config, 'appSecret' | 'appUrl'>) {
  const box = secretBox(config.appSecret, 'service-request-tracking');
  return {
    seal: (token: string) => box.seal(token),
    /** The link for a sealed token, or undefined (none kept, or sealed under another secret). */
    url(sealed: string | null): string | undefined {
      if (!sealed) return undefined;
      try {
        return `${config.appUrl}/service-requests/track/${box.open(sealed)}`;
      } catch {
        return undefined;
      }
    },
  };
}
