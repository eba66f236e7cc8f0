/**
 * The stop watermark's one check (docs/decisions/027): while the file system under DATA_DIR has
 * less than DISK_STOP_MB free, every write to the API is answered 503 problem+json `disk_full`
 * with Retry-After before anything of it runs, while reads, health and metrics go on. It reads
 * the disk watch's last reading, never the disk. A route that must keep working declares
 * `config: { onFullDisk: 'serve' }`, or a function of the request for a route that serves
 * several endpoints (Better Auth's).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@clinic/shared';
import { AppError, titleFor } from '../lib/app-error.ts';
import { isRefusableWrite } from '../modules/disk/disk-rules.ts';
import { sendProblem } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served even while writes are refused for space (sign-in, sign-out, the token step). */
    onFullDisk?: 'serve' | ((request: FastifyRequest) => boolean);
  }
}

/** What a refused client is told to wait: the watch reads the space every few seconds. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 10;

export const DISK_FULL_DETAIL = 'The clinic’s server is out of disk space: nothing can be saved just now. Please try again later.';

export function registerDiskGuard(app: FastifyInstance, watch: { refusesWrites(): boolean }) {
  const status = new AppError(ErrorCode.DISK_FULL).status;
  app.addHook('onRequest', (request, reply, done) => {
    if (!watch.refusesWrites() || !isRefusableWrite(request.method, request.url)) return done();
    const serve = request.routeOptions.config?.onFullDisk;
    if (serve === 'serve' || (typeof serve === 'function' && serve(request))) return done();
    // Answered here, not thrown: the state change was logged once, a refusal per request is not.
    void sendProblem(
      reply,
      { title: titleFor(status), status, detail: DISK_FULL_DETAIL, code: ErrorCode.DISK_FULL },
      { 'retry-after': String(DISK_FULL_RETRY_AFTER_SECONDS) },
    );
  });
}
