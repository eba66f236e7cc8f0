/** `npm run backup`: one archive of the embedded database into BACKUP_DIR (modules/backup/backup-commands.ts). */
import { PRIVATE_UMASK } from '../db/data-dir-permissions.ts';
import { backupCommand } from '../modules/backup/backup-commands.ts';

// Whatever this process writes into DATA_DIR or BACKUP_DIR is the owner's only.
process.umask(PRIVATE_UMASK);
process.exit(await backupCommand(process.env, console));
