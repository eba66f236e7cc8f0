/**
 * The import zones of eslint.config.js, linted through ESLint's own API so a zone that stops
 * matching (a path typo, an import the resolver cannot follow) fails a test, not silently. The
 * imported files must exist: the rule only judges imports it can resolve.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: repoRoot });

/** The messages of the zone rule for `code` linted as if it were the file at `filePath`. */
export async function zoneMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}
