/**
 * `GET /api/user`'s optional search and pages: the bare call stays the spec's (every account, no
 * count header); `q`, `limit`, `offset` narrow it and say how many match in all.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserListItem } from '@clinic/shared';
import { auditLog } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

describe('searching and paging the users', () => {
  let t: TestApp;
  let boss: { token: string };
  const list = (query = '') => t.app.inject({ url: `/api/user${query}`, headers: bearer(boss) });
  const emails = (res: Awaited<ReturnType<typeof list>>) => res.json<UserListItem[]>().map((u) => u.email);

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => new Date('2030-06-05T10:15:00Z') });
    boss = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    for (const [name, email] of [
      ['Zoe Searchable', 'zoe@search.test'],
      ['Adam Smith', 'adam.smith@search.test'],
      ['Mia 100% Sure', 'mia_x@search.test'],
      ['Mia 1100 Plain', 'mia1x@search.test'],
    ] as const) {
      await signUp(t, { name, email });
    }
  });
  afterAll(() => t.close());

  it('answers the bare call as the spec does: every account by address, no count header', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBeUndefined();
    expect(emails(res)).toEqual(['adam.smith@search.test', 'boss@clinic.test', 'mia1x@search.test', 'mia_x@search.test', 'zoe@search.test']);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.list')));
    expect(entry?.detail).toEqual({ count: 5 });
  });

  it('searches names and addresses whatever the case', async () => {
    const byName = await list('?q=SMITH');
    expect(emails(byName)).toEqual(['adam.smith@search.test']);
    expect(byName.headers['x-total-count']).toBe('1');
    expect(emails(await list('?q=%20search.TEST%20'))).toHaveLength(4);
    expect(emails(await list('?q=searchable'))).toEqual(['zoe@search.test']);
  });

  it('takes % and _ as the characters typed, not as patterns', async () => {
    expect(emails(await list(`?q=${encodeURIComponent('a_x')}`))).toEqual(['mia_x@search.test']);
    expect(emails(await list(`?q=${encodeURIComponent('100%')}`))).toEqual(['mia_x@search.test']);
    expect(emails(await list(`?q=${encodeURIComponent('%')}`))).toEqual(['mia_x@search.test']);
    expect(emails(await list(`?q=${encodeURIComponent('\\')}`))).toEqual([]);
  });

  it('pages by address, with the matches in all', async () => {
    const first = await list('?limit=2&offset=0');
    expect(emails(first)).toEqual(['adam.smith@search.test', 'boss@clinic.test']);
    expect(first.headers['x-total-count']).toBe('5');
    const last = await list('?q=search&limit=2&offset=2');
    expect(emails(last)).toEqual(['mia_x@search.test', 'zoe@search.test']);
    expect(last.headers['x-total-count']).toBe('4');
    const past = await list('?limit=2&offset=50');
    expect(emails(past)).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
  });

  it.each(['?limit=0', '?limit=201', '?limit=two', '?offset=-1', '?offset=1.5', `?q=${'x'.repeat(201)}`])('refuses %s with a 400', async (query) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('is the owner’s alone, search or not', async () => {
    const patient = await signUp(t);
    expect((await t.app.inject({ url: '/api/user?q=zoe', headers: bearer(patient) })).statusCode).toBe(403);
  });
});
