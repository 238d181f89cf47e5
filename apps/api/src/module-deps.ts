import type { Config } from './config';
import type { Database } from './db/client';
import type { MailService } from './lib/mail-outbox/mail.service';
import type { Csrf } from './plugins/csrf';
import type { AuthRole, AuthUser } from './modules/accounts/accounts.repository';

/**
 * What every module's routes receive: the inputs with nothing left optional. Its own file,
 * so modules never import app.ts (which imports them).
 */
export interface ModuleDeps {
  config: Config;
  database: Database;
  now: () => Date;
  mail: MailService;
  /** CSRF tokens for the token-less request endpoints. */
  csrf: Csrf;
}

/**
 * Who acts: the signed-in account with its roles. Every service method that changes data
 * takes one first, so rules (and, later, the audit log) know who did it.
 */
export interface Actor {
  user: AuthUser;
  roles: AuthRole[];
  /** The address the request came from, for the audit log (absent for work the system does). */
  ip?: string;
}
