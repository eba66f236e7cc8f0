/** The web app's import zones of eslint.config.js (see lint-zones.ts). */
import { describe, expect, it } from 'vitest';
import { zoneMessages } from './lint-zones.ts';

const notAnotherFeature = expect.stringContaining('Features do not import each other');
const sharedCode = expect.stringContaining('Shared code (components/, hooks/, lib/)');

// The first lint loads the config and its plugins: seconds on a busy machine.
describe('web import zones', { timeout: 30_000 }, () => {
  it('refuses a feature importing another feature by a relative path', async () => {
    // The old no-restricted-imports patterns matched '**/features/*/**', not these.
    const fromComponents = await zoneMessages(
      'apps/web/src/features/users/components/x.ts',
      "import { useCreateBooking } from '../../booking/api/create-booking.ts';\n" +
        'export { useCreateBooking };\n',
    );
    const fromTheTop = await zoneMessages(
      'apps/web/src/features/users/x.ts',
      "import { useCreateBooking } from '../booking/api/create-booking.ts';\n" +
        'export { useCreateBooking };\n',
    );
    expect([...fromComponents, ...fromTheTop]).toEqual([notAnotherFeature, notAnotherFeature]);
  });

  it('refuses it for a type, without the extension, and in a lazy import', async () => {
    const messages = await zoneMessages(
      'apps/web/src/features/users/components/x.tsx',
      "import type { Patient } from '../../booking/components/booking-dialog.tsx';\n" +
        "import { useBookings } from '../../dashboard/api/get-bookings';\n" +
        "export const dialog = () => import('../../booking/components/booking-dialog.tsx');\n" +
        'export type { Patient };\nexport { useBookings };\n',
    );
    expect(messages).toEqual([notAnotherFeature, notAnotherFeature, notAnotherFeature]);
  });

  it('lets a feature import its own files and shared code, and app/ compose features', async () => {
    // The other feature's import is there so this cannot pass with the rule switched off.
    const feature = await zoneMessages(
      'apps/web/src/features/users/components/x.tsx',
      "import { useUsers } from '../api/get-users.ts';\n" +
        "import { LoadFailed } from '../../../components/ui/load-failed.tsx';\n" +
        "import { useZodForm } from '../../../hooks/use-zod-form.ts';\n" +
        "import { api } from '../../../lib/api-client.ts';\n" +
        "import { useMe } from '../../auth/api/get-me.ts';\n" +
        'export { useUsers, LoadFailed, useZodForm, api, useMe };\n',
    );
    expect(feature).toEqual([expect.stringContaining('"../../auth/api/get-me.ts"')]);

    const app = await zoneMessages(
      'apps/web/src/app/routes/x.tsx',
      "import { useMe } from '../../features/auth/api/get-me.ts';\n" +
        "import { AllUsers } from '../../features/users/components/all-users.tsx';\n" +
        'export { useMe, AllUsers };\n',
    );
    expect(app).toEqual([]);
  });

  it('refuses components/, hooks/ and lib/ importing a feature or the app', async () => {
    const component = await zoneMessages(
      'apps/web/src/components/ui/x.tsx',
      "import { useMe } from '../../features/auth/api/get-me.ts';\nexport { useMe };\n",
    );
    const hook = await zoneMessages(
      'apps/web/src/hooks/x.ts',
      "import { routes } from '../app/routes.tsx';\nexport { routes };\n",
    );
    const lib = await zoneMessages(
      'apps/web/src/lib/x.ts',
      "import { routeTable } from '../app/route-table.ts';\n" +
        "import { useSignOut } from '../features/auth/api/sign-out.ts';\n" +
        'export { routeTable, useSignOut };\n',
    );
    expect([...component, ...hook, ...lib]).toEqual([
      sharedCode,
      sharedCode,
      sharedCode,
      sharedCode,
    ]);
  });

  it('refuses a feature importing the app', async () => {
    const messages = await zoneMessages(
      'apps/web/src/features/auth/x.ts',
      "import { routeTable } from '../../app/route-table.ts';\nexport { routeTable };\n",
    );
    expect(messages).toEqual([expect.stringContaining('Features do not import the app')]);
  });
});
