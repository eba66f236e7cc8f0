import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The `table.column`s of the public schema whose text, varchar or json value contains `needle`
 * (case-insensitive): what an erasure test scans to prove a person is gone.
 */
export async function findEverywhere(db: Db, needle: string): Promise<string[]> {
  const columns = (await db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json')
  `)) as unknown as
    | { rows?: { table_name: string; column_name: string }[] }
    | { table_name: string; column_name: string }[];
  const list = Array.isArray(columns) ? columns : (columns.rows ?? []);
  if (list.length < 20) throw new Error(`only ${list.length} text columns found: is this the app's database?`);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of list) {
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)}::text ILIKE ${`%${needle}%`}`,
    )) as unknown as { rows?: { n: number }[] } | { n: number }[];
    const rows = Array.isArray(result) ? result : (result.rows ?? []);
    if (Number(rows[0]?.n) > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}
