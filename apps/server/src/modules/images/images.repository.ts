import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';

export async function insertImage(
  db: Db,
  image: { contentType: string; content: Buffer; width: number; height: number },
): Promise<string> {
  const [row] = await db.insert(images).values(image).returning({ id: images.id });
  return row!.id;
}

export async function findImage(db: Db, id: string) {
  const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1);
  return row ?? null;
}
