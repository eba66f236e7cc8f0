/**
 * Runs before each integration test file, in a worker that keeps its modules between files
 * (`isolate: false` in vitest.config.ts): what a file counts from starts again here.
 */
import { startTestFile } from './helper.ts';

startTestFile();
