/**
 * A write built but not run yet (an INSERT, UPDATE or DELETE), so that a transaction can send
 * several of them, from several modules, as one statement: one round trip instead of one each.
 * PostgreSQL runs each as a CTE of one WITH (booking.repository.ts's `insertBookingsWith`). Writes
 * sent together share the statement's snapshot: none sees the others' rows, so only writes that
 * do not depend on each other's effects may go together (each module's writes are also correct
 * when run one after another, in their order); foreign keys are checked at the statement's end,
 * so a row may refer to one inserted beside it. A WITH's data-modifying parts must be at its top
 * level: a pending write has no WITH of its own.
 */
import type { SQL } from 'drizzle-orm';

export type PendingWrite = SQL;
