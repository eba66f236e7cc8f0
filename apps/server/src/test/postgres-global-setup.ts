/** Vitest global setup of the `api-postgres` project: one throwaway PostgreSQL for the run. */
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

let postgres: ThrowawayPostgres | undefined;

export async function setup(project: TestProject) {
  postgres = await startThrowawayPostgres();
  project.provide('postgresUrl', postgres.url);
}

export async function teardown() {
  await postgres?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
