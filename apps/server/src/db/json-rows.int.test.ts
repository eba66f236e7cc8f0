/**
 * Rows inserted as one JSON parameter (json-rows.ts) read back exactly as the same rows inserted
 * through Drizzle's builder, on the database the project runs; rows whose meaning would differ
 * are refused, so their caller keeps the builder.
 */
import { sql } from 'drizzle-orm';
import { boolean, customType, date, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { jsonInsert, rowFromDriver } from './json-rows.ts';

const sample = pgTable('json_rows_sample', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  kind: text('kind', { enum: ['a', 'b'] }).notNull().default('a'),
  note: text('note'),
  count: integer('count'),
  small: smallint('small'),
  flag: boolean('flag').notNull().default(false),
  at: timestamp('at', { withTimezone: true }),
  day: date('day', { mode: 'string' }),
  data: jsonb('data').$type<unknown>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytes = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const withBytes = pgTable('json_rows_bytes', { id: uuid('id').primaryKey(), body: bytes('body') });

type Row = typeof sample.$inferInsert;

/** Values a text, number, date or JSON encoding could get wrong. */
const awkward = (label: string): Row[] => [
  {
    label,
    kind: 'b',
    note: 'quote " backslash \\ newline \n tab \t unicode é ß 日本 😀 and a \'single\'',
    count: -2147483648,
    small: 32767,
    flag: true,
    at: new Date('2030-03-31T01:30:00.123Z'),
    day: '2030-02-28',
    data: { nested: ['x', 1, null, true, { deep: 'a"b\\c' }], empty: {}, text: '{"not":"parsed"}' },
  },
  { label, kind: 'a', note: null, count: 0, small: -1, flag: false, at: null, day: null, data: null },
  { label, kind: 'a', note: '', count: 7, small: 0, flag: false, at: new Date(0), day: '1999-12-31', data: 'just a string' },
];

describe('rows inserted as one JSON parameter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.db.execute(sql`CREATE TABLE json_rows_sample (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), label text NOT NULL, kind text NOT NULL DEFAULT 'a', note text,
      count integer, small smallint, flag boolean NOT NULL DEFAULT false, at timestamptz, day date, data jsonb,
      created_at timestamptz NOT NULL DEFAULT now())`);
  });
  afterAll(() => t.close());

  const readBack = async (label: string) =>
    (await t.db.select().from(sample).where(sql`${sample.label} = ${label}`).orderBy(sample.count)).map(({ id: _id, label: _label, createdAt: _at, ...rest }) => rest);

  it('writes what the builder writes, value for value', async () => {
    await t.db.insert(sample).values(awkward('builder'));
    const statement = jsonInsert(sample, awkward('json'));
    expect(statement).not.toBeNull();
    await t.db.execute(statement!);
    const viaJson = await readBack('json');
    expect(viaJson).toHaveLength(3);
    expect(viaJson).toEqual(await readBack('builder'));
  });

  it('lets the database fill the defaults of columns no row gives, and a nullable column some rows leave out is null', async () => {
    await t.db.execute(jsonInsert(sample, [{ label: 'defaults', note: 'one' }, { label: 'defaults' }])!);
    const rows = await t.db.select().from(sample).where(sql`${sample.label} = 'defaults'`);
    expect(rows.map((r) => [r.kind, r.flag, r.note]).sort()).toEqual([['a', false, null], ['a', false, 'one']]);
    expect(rows.every((r) => r.createdAt instanceof Date && r.id.length === 36)).toBe(true);
  });

  it('refuses rows it would write differently: a defaulted column given by some rows only, a custom type, no rows', () => {
    expect(jsonInsert(sample, [{ label: 'x', kind: 'b' }, { label: 'y' }])).toBeNull();
    expect(jsonInsert(withBytes, [{ id: randomUUID(), body: Buffer.from('hi') }])).toBeNull();
    expect(jsonInsert(sample, [])).toBeNull();
  });

  it('maps RETURNING * as Drizzle maps a select of the table', async () => {
    const statement = jsonInsert(sample, awkward('returned'), sql` RETURNING *`)!;
    const { rows } = (await t.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
    const mapped = rows.map((row) => rowFromDriver<typeof sample.$inferSelect>(sample, row));
    const selected = await t.db.select().from(sample).where(sql`${sample.label} = 'returned'`);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(mapped.sort(byId)).toEqual(selected.sort(byId));
    expect(mapped[0]!.createdAt).toBeInstanceOf(Date);
  });
});
