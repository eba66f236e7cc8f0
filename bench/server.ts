/**
 * The node arguments `npm start` runs the server with, read from the root package.json's `start`
 * script, so the bench measures exactly what a clinic runs (its V8 memory flags included).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
const command = /&& node (.+)$/.exec(scripts.start)?.[1];
if (!command) throw new Error(`package.json's start script is not "... && node <args>": ${scripts.start}`);

/** For `spawn(process.execPath, serverArgs)`, with the bundle's path made absolute. */
export const serverArgs = command.split(/\s+/).map((arg) => (arg.endsWith('.mjs') ? path.join(root, arg) : arg));
