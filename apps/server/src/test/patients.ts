/**
 * Signed-in patients made straight in the database, for races in tests and benchmarks (no
 * vitest here, so the bench can use it too).
 */
import type { Db } from '../db/client.ts';

let batchCounter = 0;

/**
 * Many signed-in patients at once, for races: users and sessions inserted directly (skipping the
 * deliberately slow password hash), with the session token signed exactly as Better Auth signs
 * its cookie, so each token goes through the real bearer -> session path.
 */
export async function insertSignedInPatients(db: Db, authSecret: string, count: number, prefix = 'racer') {
  const { serializeSignedCookie } = await import('better-call');
  const { randomBytes } = await import('node:crypto');
  const { sessions, users } = await import('../db/schema.ts');
  const stamp = `${Date.now().toString(36)}${batchCounter++}`;
  const people = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${stamp}-${i}`,
    email: `${prefix}${i}-${stamp}@example.com`,
    name: `${prefix} ${i}`,
    token: randomBytes(24).toString('base64url'),
  }));
  // Better Auth's own session life (7 days), as after a real sign-in: a session closer to its end
  // is extended (a write) on every request, which no fresh sign-in causes.
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  for (let i = 0; i < people.length; i += 500) {
    const chunk = people.slice(i, i + 500);
    await db.insert(users).values(chunk.map((p) => ({ id: p.id, email: p.email, name: p.name })));
    await db.insert(sessions).values(
      chunk.map((p) => ({ id: `s-${p.id}`, token: p.token, userId: p.id, expiresAt })),
    );
  }
  return Promise.all(
    people.map(async (p) => {
      const cookie = await serializeSignedCookie('', p.token, authSecret);
      return { id: p.id, email: p.email, name: p.name, token: decodeURIComponent(cookie.replace(/^=/, '')) };
    }),
  );
}
