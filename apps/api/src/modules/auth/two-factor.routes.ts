import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { messageCode, renderMessage } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/route';
import type { authService } from './auth.service';
import { twoFactorService } from './two-factor.service';

/** Two-step sign-in (administrators, counterparts, company members; issue 26): the code step of the login, and enrolment with the mailed link (declared in @hpbc/shared/contract/accounts). */
export function twoFactorRoutes(deps: ModuleDeps, auth: ReturnType<typeof authService>): FastifyPluginAsync {
  return async (app) => {
    const service = twoFactorService(deps);
    const codesMessage = (req: FastifyRequest) => renderMessage(messageCode('two_factor_codes_saved'), req.locale);

    route(app, 'POST /api/user/login/two-factor', async (req) => {
      const done = await service.verifySignIn(req.body);
      const answer = await auth.finishSignIn(done.userId, done.remember);
      return done.recoveryCodesLeft === undefined ? answer : { ...answer, recovery_codes_left: done.recoveryCodesLeft };
    });

    route(app, 'POST /api/user/login/two-factor/setup', async (req) =>
      service.setupBySignIn(req.body.challenge, req.body.security, auth.emailOf),
    );

    route(app, 'POST /api/user/login/two-factor/confirm', async (req) => {
      const done = await service.confirmBySignIn(req.body.challenge, req.body.security, req.body.code);
      const answer = await auth.finishSignIn(done.userId, done.remember);
      return { ...answer, recovery_codes: done.recoveryCodes, message: codesMessage(req) };
    });

    route(app, 'GET /api/user/two-factor', async (req) => service.status(actorOf(req).user.id));

    route(app, 'POST /api/user/two-factor/setup', async (req) => {
      const { user } = actorOf(req);
      return service.beginSetupWithLink({ id: user.id, email: user.email }, req.body.security);
    });

    route(app, 'POST /api/user/two-factor/confirm', async (req) => ({
      recovery_codes: await service.confirmSetupWithLink(actorOf(req).user.id, req.body.security, req.body.code),
      message: codesMessage(req),
    }));

    route(app, 'POST /api/user/two-factor/recovery-codes', async (req) => ({
      recovery_codes: await service.regenerateRecoveryCodes(actorOf(req).user.id, req.body.code),
      message: codesMessage(req),
    }));
  };
}
