/** The server's import zones of eslint.config.js (see lint-zones.ts). */
import { describe, expect, it } from 'vitest';
import { zoneMessages } from './lint-zones.ts';

const throughServices = expect.stringContaining('Modules talk through services');
const repositoriesOnlyQuery = expect.stringContaining('Repositories only query');

// The first lint loads the config and its plugins: seconds on a busy machine.
describe('server import zones', { timeout: 30_000 }, () => {
  it("refuses a module importing another module's repository", async () => {
    const messages = await zoneMessages(
      'apps/server/src/modules/users/x.ts',
      "import { listTreatments } from '../booking/booking.repository.ts';\nexport { listTreatments };\n",
    );
    expect(messages).toEqual([throughServices]);
  });

  it("lets a module import its own repository and another module's service", async () => {
    // The foreign repository is there so this cannot pass with the rule switched off.
    const messages = await zoneMessages(
      'apps/server/src/modules/users/x.ts',
      "import { findUserByEmail } from './users.repository.ts';\n" +
        "import { recordAudit } from '../audit/audit.service.ts';\n" +
        "import { listTreatments } from '../booking/booking.repository.ts';\n" +
        'export { findUserByEmail, recordAudit, listTreatments };\n',
    );
    expect(messages).toEqual([expect.stringContaining('"../booking/booking.repository.ts"')]);
  });

  it('refuses a repository importing a service or a cache', async () => {
    const messages = await zoneMessages(
      'apps/server/src/modules/users/x.repository.ts',
      "import { createUsersService } from './users.service.ts';\n" +
        "import { createAvailabilityCache } from '../booking/availability-cache.ts';\n" +
        'export { createUsersService, createAvailabilityCache };\n',
    );
    expect(messages).toEqual([repositoriesOnlyQuery, repositoriesOnlyQuery]);
  });

  it('refuses a service importing from plugins/, and lets it import identity', async () => {
    const messages = await zoneMessages(
      'apps/server/src/modules/users/x.service.ts',
      "import { registerErrorHandler } from '../../plugins/error-handler.ts';\n" +
        "import type { Caller } from '../identity/caller.ts';\n" +
        'export type { Caller };\nexport { registerErrorHandler };\n',
    );
    expect(messages).toEqual([expect.stringContaining('Services do not import plugins/')]);
  });

  it('lets only repositories (and tests) import the tables', async () => {
    const tables = "import { bookings } from '../../db/schema.ts';\nexport { bookings };\n";
    expect(await zoneMessages('apps/server/src/modules/reviews/x.service.ts', tables)).toEqual([
      expect.stringContaining("Tables belong to their module's repository"),
    ]);
    expect(await zoneMessages('apps/server/src/modules/jobs/x.routes.ts', tables)).toEqual([
      expect.stringContaining("Tables belong to their module's repository"),
    ]);
    expect(await zoneMessages('apps/server/src/modules/reviews/x.repository.ts', tables)).toEqual([]);
    expect(await zoneMessages('apps/server/src/modules/reviews/x.int.test.ts', tables)).toEqual([]);
  });

  it('refuses the shared package importing from an app', async () => {
    const messages = await zoneMessages(
      'packages/shared/src/x.ts',
      "import { loadConfig } from '../../../apps/server/src/config.ts';\nexport { loadConfig };\n",
    );
    expect(messages).toEqual([
      expect.stringContaining('packages/shared imports nothing from the apps'),
    ]);
  });
});
