import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

// PGlite runs statements on the event loop's thread; Node accepts one new connection per turn of
// the loop. The embedded database must let the loop turn between statements, or a busy server
// stops accepting patients (docs/benchmarks.md, Booking under load).
describe('the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dir: 'memory://' });
  });
  afterAll(() => database.close());

  it('lets the event loop turn between the statements of a transaction', async () => {
    const order: string[] = [];
    const turns = () => new Promise<void>((resolve) => setImmediate(() => (order.push('turn'), resolve())));
    const turned = turns();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      order.push('first');
      await tx.execute(sql`SELECT 2`);
      order.push('second');
    });
    await turned;
    expect(order.indexOf('turn')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('turn')).toBeLessThan(order.indexOf('second'));
  });

  it('lets the event loop turn before a statement outside a transaction', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('turn'));
    await database.db.execute(sql`SELECT 1`);
    order.push('statement');
    expect(order).toEqual(['turn', 'statement']);
  });
});
