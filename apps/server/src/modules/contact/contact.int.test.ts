import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stores the message before answering', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'Mia@Example.com', subject: 'Opening hours', message: 'Are you open on Saturdays?' },
    });
    expect(res.statusCode).toBe(201);
    const { _id } = res.json<{ success: true; _id: string }>();
    const [stored] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, _id));
    expect(stored).toMatchObject({ email: 'mia@example.com', subject: 'Opening hours', message: 'Are you open on Saturdays?' });
  });

  it('answers missing fields with the spec-style message for each field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { email: '', subject: ' ', message: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { email: ['Email is Required'], subject: ['Subject is Required'], message: ['Message is Required'] },
    });
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: [] });
    expect(res.statusCode).toBe(400);
  });
});
