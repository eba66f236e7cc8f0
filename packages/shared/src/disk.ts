/** Free space under the embedded database's directories, as /api/health and the admins see it (docs/decisions/027). */
import { z } from 'zod';

/**
 * `ok`: above DISK_WARN_MB; `low`: below it (warned, everything still works); `full`: below
 * DISK_STOP_MB, where the server refuses writes (503 `disk_full`) while reads go on.
 */
export const diskStateSchema = z.enum(['ok', 'low', 'full']);
export type DiskState = z.infer<typeof diskStateSchema>;

export const diskSpaceSchema = z.object({
  /** The state of the file system under DATA_DIR: `full` means writes are being refused. */
  state: diskStateSchema,
  /** Megabytes free there at the last look (one decimal). */
  freeMb: z.number(),
  /** DISK_WARN_MB and DISK_STOP_MB (0: that watermark is off). */
  warnMb: z.number(),
  stopMb: z.number(),
  /** BACKUP_DIR's file system when it is another one than DATA_DIR's; null when they are one. */
  backup: z.object({ state: diskStateSchema, freeMb: z.number() }).nullable(),
  /** When the space was last read (every few seconds). */
  checkedAt: z.string(),
});
export type DiskSpace = z.infer<typeof diskSpaceSchema>;
