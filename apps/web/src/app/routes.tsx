/**
 * The route table (spec section 2). Every page is its own chunk, loaded through LazyChunk so a
 * failed load shows 'Loading chunk failed' with a Retry button; guarded pages sit behind
 * RequireAuth (and, in later releases, RequireAdmin).
 */
import type { RouteObject } from 'react-router';
import { LazyChunk } from '../components/lazy-chunk.tsx';
import { retryableLazy } from '../lib/retryable-lazy.ts';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';

const pages = {
  home: retryableLazy(() => import('./routes/home.tsx')),
  about: retryableLazy(() => import('./routes/about.tsx')),
  reviews: retryableLazy(() => import('./routes/reviews.tsx')),
  contact: retryableLazy(() => import('./routes/contact.tsx')),
  login: retryableLazy(() => import('./routes/login.tsx')),
  register: retryableLazy(() => import('./routes/register.tsx')),
  appointment: retryableLazy(() => import('./routes/appointment.tsx')),
  dashboard: retryableLazy(() => import('./routes/dashboard.tsx')),
  dashboardAppointments: retryableLazy(() => import('./routes/dashboard-appointments.tsx')),
  dashboardReview: retryableLazy(() => import('./routes/dashboard-review.tsx')),
  dashboardHistory: retryableLazy(() => import('./routes/dashboard-history.tsx')),
  notFound: retryableLazy(() => import('./routes/not-found.tsx')),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LazyChunk chunk={pages.home} /> },
      { path: 'about', element: <LazyChunk chunk={pages.about} /> },
      { path: 'reviews', element: <LazyChunk chunk={pages.reviews} /> },
      { path: 'contact', element: <LazyChunk chunk={pages.contact} /> },
      { path: 'login', element: <LazyChunk chunk={pages.login} /> },
      { path: 'register', element: <LazyChunk chunk={pages.register} /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'appointment', element: <LazyChunk chunk={pages.appointment} /> },
          {
            path: 'dashboard',
            element: <LazyChunk chunk={pages.dashboard} />,
            children: [
              { index: true, element: <LazyChunk chunk={pages.dashboardAppointments} /> },
              { path: 'review', element: <LazyChunk chunk={pages.dashboardReview} /> },
              { path: 'history', element: <LazyChunk chunk={pages.dashboardHistory} /> },
              // The payment page (dashboard/payment/:id) and the admin pages behind RequireAdmin
              // (users, addDoctor, manage-doctor) join these in their own releases.
            ],
          },
        ],
      },
      { path: '*', element: <LazyChunk chunk={pages.notFound} /> },
    ],
  },
];
