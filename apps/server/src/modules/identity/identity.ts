/**
 * The identity module as the app composes it: Better Auth (auth.ts) and the caller resolver
 * (caller.ts), with the bearer fast path when FAST_PATHS keeps it on. Everything else asks the
 * resolver who is calling; nothing outside this module reads Better Auth's sessions.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { GroupCommitOptions } from '../../lib/group-commit.ts';
import type { MailService } from '../mail/mail.service.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, createAuth, type PasswordHasher } from './auth.ts';
import { createBearerFastPath } from './bearer-fast-path.ts';
import { createCallerResolver } from './caller.ts';
import { createSessionReader, deleteSessionByToken } from './sessions.repository.ts';

export function createIdentity(config: Config, db: Db, mail: MailService, batching: GroupCommitOptions, passwordHasher?: PasswordHasher) {
  const auth = createAuth(config, db, mail, passwordHasher);
  const callers = createCallerResolver(auth, {
    sessionMaxAgeMs: config.sessionMaxAgeDays * 24 * 3600 * 1000,
    deleteSession: (token) => deleteSessionByToken(db, token),
    requireStaffTwoFactor: config.requireStaffTwoFactor,
    fastPath: config.fastPaths.has('bearer')
      ? createBearerFastPath({
          secret: config.authSecret,
          readSessions: createSessionReader(db),
          expiresInSeconds: SESSION_EXPIRES_IN_SECONDS,
          updateAgeSeconds: SESSION_UPDATE_AGE_SECONDS,
          batching: config.fastPaths.has('group-commit') ? batching : undefined,
        })
      : undefined,
  });
  return { auth, callers };
}
