import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { arrivalPages, routeTable, staffPages, type RouteEntry } from './route-table.ts';

function pagesOf(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.page ? [entry.page] : []),
    ...pagesOf(entry.children ?? []),
  ]);
}

describe('route table', () => {
  it('names only pages that exist under app/routes/', () => {
    for (const page of pagesOf(routeTable)) {
      expect(existsSync(path.join(import.meta.dirname, 'routes', `${page}.tsx`)), page).toBe(true);
    }
  });

  it('gives the build the arrival pages with their modules, guarded ones at their full path', () => {
    expect(arrivalPages()).toEqual({
      '/about': 'src/app/routes/about.tsx',
      '/reviews': 'src/app/routes/reviews.tsx',
      '/contact': 'src/app/routes/contact.tsx',
      '/login': 'src/app/routes/login.tsx',
      '/register': 'src/app/routes/register.tsx',
      '/appointment': 'src/app/routes/appointment.tsx',
    });
    expect(
      arrivalPages([
        { path: 'dashboard', children: [{ path: 'profile', page: 'p', isArrivalPage: true }] },
      ]),
    ).toEqual({ '/dashboard/profile': 'src/app/routes/p.tsx' });
  });

  it('refuses an arrival page whose URL is not fixed: there is no one file to serve it from', () => {
    expect(() =>
      arrivalPages([{ path: 'payment/:id', page: 'dashboard-payment', isArrivalPage: true }]),
    ).toThrow('/payment/:id');
  });

  it("names the staff's pages, behind any guard but signing in, and no patient's page", () => {
    const staff = staffPages();
    expect(staff).toEqual(expect.arrayContaining(['dashboard-all-appointments', 'dashboard-recalls', 'dashboard-my-day', 'dashboard-users', 'dashboard-reports', 'dashboard-reviews']));
    for (const patientPage of ['dashboard', 'dashboard-appointments', 'dashboard-review', 'dashboard-payment', 'appointment', 'link', 'home']) {
      expect(staff).not.toContain(patientPage);
    }
    expect(staffPages([{ guard: 'signed-in', children: [{ path: 'a', page: 'mine' }, { guard: 'admin', children: [{ index: true, page: 'theirs' }] }] }])).toEqual(['theirs']);
  });
});
