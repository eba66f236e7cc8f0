/** `npm run restore -- FILE`: an archive of npm run backup into an empty DATA_DIR (modules/backup/backup-commands.ts). */
import { PRIVATE_UMASK } from '../db/data-dir-permissions.ts';
import { restoreCommand } from '../modules/backup/backup-commands.ts';

// Whatever this process writes into DATA_DIR is the owner's only.
process.umask(PRIVATE_UMASK);
process.exit(await restoreCommand(process.argv[2], process.env, console));
