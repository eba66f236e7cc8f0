/**
 * LISTEN on PostgreSQL comes back after its connection is lost, however long the outage, and
 * says when notifications may have been missed. It stops and starts a PostgreSQL of its own, so it
 * runs here, in the server-process project, on every `npm test` whatever TEST_DB says.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/throwaway-postgres.ts';
import { openDatabase, type Database } from './client.ts';

// Longer than the delay of the single retry the listener once made, which then gave up.
const OUTAGE_MS = 2_500;
const DEADLINE = { timeout: 15_000, interval: 50 };

describe('LISTEN on PostgreSQL', () => {
  let postgres: ThrowawayPostgres;
  let url: string;
  let database: Database;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres({ socketOnly: true });
    url = await postgres.createDatabase('listen_reconnect');
    database = await openDatabase({ kind: 'postgres', url });
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.stop();
  });

  /** One statement on a connection of its own, which outlives no outage. */
  async function query(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.query(text, values)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** Listens on `channel`, recording payloads and resets in the order they came. */
  async function listenRecording(channel: string) {
    const events: string[] = [];
    await database.listen(
      channel,
      (payload) => events.push(`payload ${payload}`),
      () => events.push('reset'),
    );
    return events;
  }

  /** NOTIFYs from another connection until the listener hears it: none is heard while it is down. */
  async function notifyUntilHeard(channel: string, events: string[], payload: string) {
    await vi.waitFor(async () => {
      if (!events.includes(`payload ${payload}`)) {
        await query('SELECT pg_notify($1, $2)', [channel, payload]);
      }
      expect(events).toContain(`payload ${payload}`);
    }, DEADLINE);
  }

  const resets = (events: string[]) => events.filter((event) => event === 'reset').length;

  it('listens again after its backend is terminated, resetting when lost and once listening', async () => {
    const events = await listenRecording('terminated');
    await notifyUntilHeard('terminated', events, 'before');
    events.length = 0;

    const terminated = await query(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE query = 'LISTEN "terminated"'`,
    );
    expect(terminated).toEqual([{ terminated: true }]);

    await notifyUntilHeard('terminated', events, 'after');
    // The second reset drops what was cached while nobody listened.
    await vi.waitFor(() => expect(resets(events)).toBe(2), DEADLINE);
    expect(events[0]).toBe('reset');
  });

  it('listens again after PostgreSQL is down for seconds and restarts', async () => {
    const events = await listenRecording('restarted');
    await notifyUntilHeard('restarted', events, 'before');
    events.length = 0;

    await postgres.stopServer();
    try {
      await vi.waitFor(() => expect(events).toEqual(['reset']), DEADLINE);
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    } finally {
      await postgres.startServer();
    }

    await notifyUntilHeard('restarted', events, 'after');
    await vi.waitFor(() => expect(resets(events)).toBe(2), DEADLINE);
  });

  it('still fails at start-up when the first LISTEN cannot connect', async () => {
    await postgres.stopServer();
    try {
      const ignore = () => {};
      await expect(database.listen('at-start', ignore, ignore)).rejects.toThrow();
    } finally {
      await postgres.startServer();
    }
  });
});
