/**
 * Better Auth reads the caller's session, with its user, on every authenticated request: one
 * query each. Under load those reads are most of a request's database work, so simultaneous ones
 * share one query (group commit, as bookings do), a prepared one (sessions.repository.ts). A read that waits a turn for its batch only ever
 * sees newer data, never older: a signed-out token is refused as at once as before.
 *
 * Only that one read is batched; every other call goes to the adapter as it is, and reads inside
 * a Better Auth transaction use the transaction's own adapter, untouched.
 */
import type { BetterAuthOptions, DBAdapter } from 'better-auth';
import { createGroupCommit, type GroupCommitOptions } from '../../lib/group-commit.ts';
import type { SessionWithUser } from './sessions.repository.ts';

type FindOneArgs = Parameters<DBAdapter['findOne']>[0];

/** Better Auth's session lookup (`internalAdapter.findSession`): by token, joined to the user. */
function isSessionByToken({ model, where, select, join }: FindOneArgs): boolean {
  const [clause] = where;
  return (
    model === 'session' &&
    where.length === 1 &&
    clause!.field === 'token' &&
    (clause!.operator === undefined || clause!.operator === 'eq') &&
    typeof clause!.value === 'string' &&
    select === undefined &&
    join !== undefined &&
    Object.keys(join).length === 1 &&
    join.user === true
  );
}

export function withBatchedSessionReads<O extends BetterAuthOptions>(
  factory: (options: O) => DBAdapter<O>,
  readSessions: (tokens: string[]) => Promise<SessionWithUser[]>,
  batching: GroupCommitOptions,
): (options: O) => DBAdapter<O> {
  return (options) => {
    const adapter = factory(options);
    const readSession = createGroupCommit(async (tokens: string[]) => {
      const rows = await readSessions([...new Set(tokens)]);
      const byToken = new Map(rows.map((row) => [row.token, row]));
      return tokens.map((token) => byToken.get(token) ?? null);
    }, batching);
    return {
      ...adapter,
      findOne: <T>(args: FindOneArgs) =>
        (isSessionByToken(args) ? readSession(args.where[0]!.value as string) : adapter.findOne<T>(args)) as Promise<T | null>,
    };
  };
}
