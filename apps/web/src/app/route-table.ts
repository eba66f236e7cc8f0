/**
 * The route table (spec section 2) as data: every URL, the page under app/routes/ that shows it,
 * and the guard in front of it. routes.tsx makes React Router's routes of it, and the build
 * (vite.config.ts) reads the pages people arrive on from it. It imports nothing, so the build can
 * load it without the app.
 */
export type RouteEntry = {
  /** The URL segment, under the parent's. */
  path?: string;
  /** The parent's own page, at the parent's path. */
  index?: true;
  /** Its page, `app/routes/<page>.tsx`: a chunk of its own, but for the landing page. */
  page?: string;
  /**
   * Who may go past this point: the children render behind the guard. `front-desk` is the
   * receptionist and the owner, `staff` also the doctors (practice-loop.md section 2).
   */
  guard?: 'signed-in' | 'admin' | 'front-desk' | 'staff';
  /**
   * People arrive on it from outside (a link, a bookmark, a search): the build gives it its own
   * copy of index.html that announces its code (build/route-pages.ts).
   */
  isArrivalPage?: true;
  children?: readonly RouteEntry[];
};

export const routeTable: readonly RouteEntry[] = [
  { index: true, page: 'home' },
  { path: 'about', page: 'about', isArrivalPage: true },
  { path: 'reviews', page: 'reviews', isArrivalPage: true },
  { path: 'contact', page: 'contact', isArrivalPage: true },
  { path: 'login', page: 'login', isArrivalPage: true },
  { path: 'register', page: 'register', isArrivalPage: true },
  { path: 'forgot-password', page: 'forgot-password' },
  { path: 'reset-password', page: 'reset-password' },
  { path: 'verify-email', page: 'verify-email' },
  { path: 'privacy', page: 'privacy' },
  { path: 'terms', page: 'terms' },
  // The one-time first run (practice-loop.md section 10): the address the server logs.
  { path: 'setup', page: 'setup' },
  // A link in a reminder (practice-loop.md section 3): public, it acts for one booking.
  { path: 'l/:token', page: 'link' },
  {
    guard: 'signed-in',
    children: [
      { path: 'appointment', page: 'appointment', isArrivalPage: true },
      {
        path: 'dashboard',
        page: 'dashboard',
        children: [
          { index: true, page: 'dashboard-appointments' },
          { path: 'review', page: 'dashboard-review' },
          { path: 'history', page: 'dashboard-history' },
          { path: 'waitlist', page: 'dashboard-waitlist' },
          { path: 'forms', page: 'dashboard-forms' },
          { path: 'family', page: 'dashboard-family' },
          { path: 'payment/:id', page: 'dashboard-payment' },
          { path: 'appointments/:id', page: 'dashboard-appointment' },
          { path: 'appointments/:id/reschedule', page: 'dashboard-appointment-reschedule' },
          { path: 'profile', page: 'dashboard-profile' },
          { path: 'security', page: 'dashboard-security' },
          {
            // The front desk's screens: the receptionist and the owner.
            guard: 'front-desk',
            children: [
              { path: 'all-appointments', page: 'dashboard-all-appointments' },
              { path: 'recalls', page: 'dashboard-recalls' },
            ],
          },
          {
            // A doctor's day: the doctor's own; the front desk and the owner choose the doctor.
            guard: 'staff',
            children: [{ path: 'my-day', page: 'dashboard-my-day' }],
          },
          {
            // Admin pages (spec sections 2 and 4): a spinner while the server is asked; a
            // non-admin is signed out and sent to /login.
            guard: 'admin',
            children: [
              { path: 'users', page: 'dashboard-users' },
              { path: 'addDoctor', page: 'dashboard-add-doctor' },
              { path: 'manage-doctor', page: 'dashboard-manage-doctors' },
              { path: 'messages', page: 'dashboard-messages' },
              { path: 'background', page: 'dashboard-background' },
              { path: 'treatments', page: 'dashboard-treatments' },
              { path: 'medical-history', page: 'dashboard-medical-history' },
              { path: 'clinic-hours', page: 'dashboard-clinic-hours' },
              { path: 'clinic', page: 'dashboard-clinic' },
              { path: 'doctors/:id/schedule', page: 'dashboard-doctor-schedule' },
              { path: 'reviews', page: 'dashboard-reviews' },
              { path: 'audit', page: 'dashboard-audit' },
              { path: 'reports', page: 'dashboard-reports' },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', page: 'not-found' },
];

/**
 * The arrival pages: each one's URL path and its page module, relative to the web app
 * (`'/login' -> 'src/app/routes/login.tsx'`).
 */
export function arrivalPages(table: readonly RouteEntry[] = routeTable): Record<string, string> {
  const pages: Record<string, string> = {};
  const visit = (entries: readonly RouteEntry[], parentPath: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${parentPath}/${entry.path}` : parentPath;
      if (entry.isArrivalPage) {
        if (!entry.page || !path || /[:*]/.test(path)) {
          throw new Error(`An arrival page needs a page and a fixed path: ${path || '/'}`);
        }
        pages[path] = `src/app/routes/${entry.page}.tsx`;
      }
      if (entry.children) visit(entry.children, path);
    }
  };
  visit(table, '');
  return pages;
}

/**
 * The staff's pages (behind the front desk's, the staff's or the owner's guard): their page
 * modules' names, `['dashboard-all-appointments', ...]`. The build lets these load their shared
 * code when they open rather than list it in the landing page's entry (vite.config.ts).
 */
export function staffPages(table: readonly RouteEntry[] = routeTable): string[] {
  const pages: string[] = [];
  const visit = (entries: readonly RouteEntry[], staff: boolean) => {
    for (const entry of entries) {
      const behind = staff || (entry.guard !== undefined && entry.guard !== 'signed-in');
      if (behind && entry.page) pages.push(entry.page);
      if (entry.children) visit(entry.children, behind);
    }
  };
  visit(table, false);
  return pages;
}
