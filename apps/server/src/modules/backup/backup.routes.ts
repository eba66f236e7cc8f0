/**
 * `POST /internal/backup`: the running server takes a backup of its embedded database when
 * `npm run backup` asks (backup-endpoint.ts says who may). Registered only on the embedded
 * database on disk; outside /api, like the operator's other endpoints, and hidden from the docs.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import { carriesToken, isFromThisMachine, localUrlOf, removeEndpoint, writeEndpoint } from './backup-endpoint.ts';
import type { BackupService } from './backup.service.ts';

/** What the route answers, and what `npm run backup` prints. */
export const backupResultSchema = z.object({
  file: z.string(),
  checksumFile: z.string(),
  bytes: z.number(),
  sha256: z.string(),
  takenAt: z.string(),
  copyMs: z.number(),
  durationMs: z.number(),
  removed: z.array(z.string()),
});

export async function backupRoutes(app: FastifyInstance, opts: { backups: BackupService; dataDir: string }) {
  const { backups, dataDir } = opts;
  const token = randomBytes(32).toString('base64url');

  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') writeEndpoint(dataDir, { pid: process.pid, url: localUrlOf(address as AddressInfo), token });
  });
  app.addHook('onClose', async () => removeEndpoint(dataDir, token));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/internal/backup',
    { schema: { hide: true, response: { 200: backupResultSchema } } },
    async (request) => {
      if (!isFromThisMachine(request.socket.remoteAddress, request.socket.localAddress)) {
        throw new AppError(ErrorCode.FORBIDDEN, 'Backups are asked for from the server’s own machine (npm run backup).');
      }
      if (!carriesToken(request.headers.authorization, token)) {
        throw new AppError(ErrorCode.UNAUTHENTICATED, 'Ask for backups with npm run backup, which reads the token from DATA_DIR.');
      }
      return backups.backUp();
    },
  );
}
