/**
 * Rows inserted through one parameter: the rows as a JSON array, which `json_populate_recordset`
 * turns into the table's own row type, so each value is read by its column's input function as
 * if it had been a parameter of its own.
 *
 * Why: Drizzle's `insert().values(rows)` makes a parameter, a placeholder and an encoder call per
 * value and rebuilds the statement each time, and the driver then serialises each value again.
 * On the booking write (some 80 values per booking across its tables) that was a fifth of the
 * server's CPU per booking (docs/decisions/023, issue 37). Here a table's rows cost one
 * `JSON.stringify`, and the statement's text depends only on the columns, not the row count.
 *
 * Only rows whose meaning is the same either way take this path (`jsonInsert` answers null
 * otherwise, and the caller uses Drizzle's builder): a column a row leaves out must be one whose
 * default is NULL, since a missing key reads as NULL here where Drizzle writes DEFAULT; columns
 * with a custom driver type (bytea) are not encoded here.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** Column types whose JSON form their input function reads as Drizzle's encoder would send them. */
const JSON_SAFE = new Set(['PgUUID', 'PgText', 'PgInteger', 'PgSmallInt', 'PgBoolean', 'PgTimestamp', 'PgDateString', 'PgJsonb']);

interface TableShape {
  /** Every column by property name (a row read back). */
  all: [string, PgColumn][];
  /** The table's columns by property name, for those it can write (not generated). */
  columns: Map<string, PgColumn>;
  /** Whether every writable column's type is one `JSON_SAFE` names. */
  safe: boolean;
}

const shapes = new WeakMap<PgTable, TableShape>();

function shapeOf(table: PgTable): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const all = Object.entries(getTableColumns(table));
    const columns = new Map(all.filter(([, column]) => !column.generated && !column.generatedIdentity));
    shape = { all, columns, safe: [...columns.values()].every((column) => JSON_SAFE.has(column.columnType)) };
    shapes.set(table, shape);
  }
  return shape;
}

/**
 * `INSERT INTO table (columns) SELECT columns FROM json_populate_recordset(NULL::table, $1)`, with
 * `tail` after it (ON CONFLICT, RETURNING); null when the rows cannot go this way (see above).
 */
export function jsonInsert(table: PgTable, rows: readonly Record<string, unknown>[], tail: SQL = sql``): SQL | null {
  const shape = shapeOf(table);
  if (!shape.safe || rows.length === 0) return null;
  const used: [string, PgColumn][] = [];
  for (const [key, column] of shape.columns) {
    let given = 0;
    for (const row of rows) if (row[key] !== undefined) given++;
    if (given === 0) continue;
    // Left out of some rows: DEFAULT there under Drizzle, NULL here; the same only without a default.
    if (given < rows.length && (column.hasDefault || column.defaultFn)) return null;
    used.push([key, column]);
  }
  const values = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of used) {
      const value = row[key];
      // Dates become ISO strings in JSON.stringify, as Drizzle sends them; the rest are JSON already.
      out[column.name] = value === undefined ? null : value;
    }
    return out;
  });
  const names = sql.raw(used.map(([, column]) => `"${column.name}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  return sql`INSERT INTO ${name} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${name}, ${JSON.stringify(values)}::json)${tail}`;
}

/** A row as the driver answered it (`RETURNING *`: column names, driver values) as Drizzle maps a select of the table. */
export function rowFromDriver<T>(table: PgTable, raw: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, column] of shapeOf(table).all) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T;
}
