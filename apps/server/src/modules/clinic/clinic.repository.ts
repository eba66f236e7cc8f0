import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinicProfile } from '../../db/schema.ts';

export type ClinicProfileRow = typeof clinicProfile.$inferSelect;
type ProfileFields = Pick<ClinicProfileRow, 'name' | 'phone' | 'email' | 'address' | 'timezone' | 'about' | 'privacyPolicy' | 'terms'>;

const ONE = 1;

/** The profile, or null on an install that never set one. */
export async function findProfile(db: Db): Promise<ClinicProfileRow | null> {
  const [row] = await db.select().from(clinicProfile).where(eq(clinicProfile.id, ONE));
  return row ?? null;
}

/** Writes the profile's fields (the setup token is left as it is). */
export async function saveProfile(db: Db, fields: Partial<ProfileFields>, at: Date): Promise<ClinicProfileRow> {
  const [row] = await db
    .insert(clinicProfile)
    .values({ id: ONE, ...fields, updatedAt: at })
    .onConflictDoUpdate({ target: clinicProfile.id, set: { ...fields, updatedAt: at } })
    .returning();
  return row!;
}

/**
 * The setup token, made once: every instance starting while no admin exists reads the same one
 * (the first insert wins), so each logs the same address.
 */
export async function ensureSetupToken(db: Db): Promise<string> {
  const fresh = randomBytes(24).toString('base64url');
  await db.insert(clinicProfile).values({ id: ONE, setupToken: fresh }).onConflictDoNothing();
  const [row] = await db
    .update(clinicProfile)
    .set({ setupToken: sql`coalesce(${clinicProfile.setupToken}, ${fresh})` })
    .where(eq(clinicProfile.id, ONE))
    .returning({ token: clinicProfile.setupToken });
  return row!.token!;
}

/** The setup link is spent (an admin exists now). */
export async function clearSetupToken(db: Db): Promise<void> {
  await db.update(clinicProfile).set({ setupToken: null }).where(eq(clinicProfile.id, ONE));
}
