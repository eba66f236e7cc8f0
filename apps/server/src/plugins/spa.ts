/**
 * Serves the built web app: fingerprinted assets with long-lived caching, and index.html for the
 * app's routes only. A missing `/assets/x.js` is a 404, not the page; unknown `/api/*` is a
 * problem+json 404. A route the build made its own page for (`pages/<name>.html`: index.html
 * with that route's code announced, apps/web/build/route-pages.ts) gets that page.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@clinic/shared';
import { titleFor } from '../lib/app-error.ts';
import { sendProblem } from './error-handler.ts';

export async function registerSpa(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const isBuilt = existsSync(indexFile);
  const pagesDir = path.join(webDistDir, 'pages');
  /** '/login' -> 'pages/login.html'. */
  const routePages = new Map<string, string>(
    (existsSync(pagesDir) ? readdirSync(pagesDir) : [])
      .filter((name) => name.endsWith('.html'))
      .map((name) => [`/${name.slice(0, -'.html'.length)}`, `pages/${name}`] as const),
  );
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build ships .br and .gz beside each file (scripts/compress-dist.ts): served in place of
      // the file they compress, found on disk when asked for, so they need no route of their own.
      // Their routes were two thirds of the routing table, made at every start (0.08-0.15 s).
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return sendProblem(reply, {
        title: titleFor(404),
        status: 404,
        detail: `No API route ${request.method} ${pathname}.`,
        code: ErrorCode.NOT_FOUND,
      });
    }
    // App routes have no file extension; anything with one (assets, favicon...) is a real miss.
    const isAppRoute = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (!isAppRoute) return reply.status(404).type('text/plain').send('Not Found');
    if (!isBuilt) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile(routePages.get(pathname) ?? 'index.html');
  });
}
