/** The signed-link page rendered for a test, its API mocked, and helpers to read what it sent. */
import { vi } from 'vitest';
import type { LinkView } from '@clinic/shared';
import { clinicProfileFactory } from '../../../test/clinic-factories.ts';
import { json, mockFetch, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { LinkPage } from '../components/link-page.tsx';
import { TOKEN } from './link-factories.ts';

export const linkApi = `/api/links/${TOKEN}`;
export const availabilityApi = `${linkApi}/availability`;

type Routes = Parameters<typeof mockFetch>[0];

/** The page at `/l/<token>` with the link answering `view`, and `routes` for the rest. */
export function renderLink(view: LinkView | Routes[string], routes: Routes = {}) {
  const mock = mockFetch({
    'GET /api/clinic': () => json(clinicProfileFactory({ timezone: 'UTC' })),
    [`GET ${linkApi}`]: typeof view === 'function' ? view : () => json(view),
    ...routes,
  });
  const rendered = renderAt(<LinkPage token={TOKEN} />, {
    path: '/l/:token',
    initialEntries: [`/l/${TOKEN}`],
  });
  return { ...mock, ...rendered };
}

export const posts = (calls: ApiCall[], action: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === `${linkApi}/${action}`);

/** The paths (with their `?date=`) of the link's free times asked for, in order. */
export const availabilityPaths = (calls: ApiCall[]) =>
  calls.filter((call) => call.path.startsWith(availabilityApi)).map((call) => call.path);

/** A response the test hands over when it chooses, to see the page while the request runs. */
export function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Today is Jun 1, 2030 (10.00 UTC): only `Date` is faked, so waiting still works. */
export function pinToday() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-01T10:00:00.000Z'));
}
