/** The real server process (`server.ts`) on a DATA_DIR, for process-level tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '../server.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves once the server says it is ready; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<number | null>;
  output(): string;
}

export function startServerProcess(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  /** A first start runs initdb, which a loaded machine may take well over half a minute for. */
  { readyTimeoutMs = 45_000 }: { readyTimeoutMs?: number } = {},
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), readyTimeoutMs);
    child.stdout!.on('data', () => {
      if (output.includes('Doctors Portal ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  ready.catch(() => {});
  return { child, ready, exited, output: () => output };
}

/** A patient signed up over HTTP on a running server: the spec's access token (the token step after sign-up). */
export async function signUpOverHttp(base: string, email: string, name = 'Test Patient'): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name, email, password: 'secret123' }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const token = await fetch(`${base}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ email }),
  });
  if (token.status !== 200) throw new Error(`token step failed: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { token: string }).token;
}
