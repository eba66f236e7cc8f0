/**
 * The baseline of bench/available.ts: a bare Fastify route answering the same JSON bytes as
 * `/api/available`, in a process of its own as the product runs in one, so that it never shares a
 * thread with the load generator (which flattered the product's ratio: issue 37). Started by
 * `startBareServer`; the body comes in a file, the port in BARE_PORT.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

const self = fileURLToPath(import.meta.url);

/** Starts the bare route in a child process; resolves once it answers. */
export async function startBareServer(body: string, port: number): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bare-'));
  const bodyFile = path.join(dir, 'body.json');
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, ['--import', 'tsx', self], {
    env: { ...process.env, BARE_BODY_FILE: bodyFile, BARE_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/bare`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the bare server exited with ${child.exitCode}`);
    const answered = await fetch(url).then((r) => r.ok, () => false);
    if (answered) break;
    if (tries > 200) throw new Error('the bare server did not answer within 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Run as the child: serve the body until told to stop.
if (process.argv[1] === self && process.env.BARE_BODY_FILE) {
  const body = readFileSync(process.env.BARE_BODY_FILE, 'utf8');
  const app = Fastify();
  app.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
