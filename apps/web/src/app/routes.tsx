/**
 * The route table (spec section 2). Every page is its own chunk, loaded through LazyChunk so a
 * failed load shows 'Loading chunk failed' with a Retry button; guarded pages sit behind
 * RequireAuth, and the admin pages also behind RequireAdmin.
 */
import type { RouteObject } from 'react-router';
import { LazyChunk } from '../components/lazy-chunk.tsx';
import { retryableLazy } from '../lib/retryable-lazy.ts';
import { RequireAdmin } from '../features/auth/components/require-admin.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import HomeRoute from './routes/home.tsx';

const pages = {
  about: retryableLazy(() => import('./routes/about.tsx')),
  reviews: retryableLazy(() => import('./routes/reviews.tsx')),
  contact: retryableLazy(() => import('./routes/contact.tsx')),
  login: retryableLazy(() => import('./routes/login.tsx')),
  register: retryableLazy(() => import('./routes/register.tsx')),
  forgotPassword: retryableLazy(() => import('./routes/forgot-password.tsx')),
  resetPassword: retryableLazy(() => import('./routes/reset-password.tsx')),
  verifyEmail: retryableLazy(() => import('./routes/verify-email.tsx')),
  appointment: retryableLazy(() => import('./routes/appointment.tsx')),
  dashboard: retryableLazy(() => import('./routes/dashboard.tsx')),
  dashboardAppointments: retryableLazy(() => import('./routes/dashboard-appointments.tsx')),
  dashboardReview: retryableLazy(() => import('./routes/dashboard-review.tsx')),
  dashboardHistory: retryableLazy(() => import('./routes/dashboard-history.tsx')),
  dashboardPayment: retryableLazy(() => import('./routes/dashboard-payment.tsx')),
  dashboardProfile: retryableLazy(() => import('./routes/dashboard-profile.tsx')),
  dashboardSecurity: retryableLazy(() => import('./routes/dashboard-security.tsx')),
  dashboardUsers: retryableLazy(() => import('./routes/dashboard-users.tsx')),
  dashboardAddDoctor: retryableLazy(() => import('./routes/dashboard-add-doctor.tsx')),
  dashboardManageDoctors: retryableLazy(() => import('./routes/dashboard-manage-doctors.tsx')),
  dashboardMessages: retryableLazy(() => import('./routes/dashboard-messages.tsx')),
  notFound: retryableLazy(() => import('./routes/not-found.tsx')),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // The landing page ships in the entry: one round trip fewer before its hero paints.
      { index: true, element: <HomeRoute /> },
      { path: 'about', element: <LazyChunk chunk={pages.about} /> },
      { path: 'reviews', element: <LazyChunk chunk={pages.reviews} /> },
      { path: 'contact', element: <LazyChunk chunk={pages.contact} /> },
      { path: 'login', element: <LazyChunk chunk={pages.login} /> },
      { path: 'register', element: <LazyChunk chunk={pages.register} /> },
      { path: 'forgot-password', element: <LazyChunk chunk={pages.forgotPassword} /> },
      { path: 'reset-password', element: <LazyChunk chunk={pages.resetPassword} /> },
      { path: 'verify-email', element: <LazyChunk chunk={pages.verifyEmail} /> },
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
              { path: 'payment/:id', element: <LazyChunk chunk={pages.dashboardPayment} /> },
              { path: 'profile', element: <LazyChunk chunk={pages.dashboardProfile} /> },
              { path: 'security', element: <LazyChunk chunk={pages.dashboardSecurity} /> },
              {
                // Admin pages (spec sections 2 and 4): a spinner while the server is asked; a
                // non-admin is signed out and sent to /login.
                element: <RequireAdmin />,
                children: [
                  { path: 'users', element: <LazyChunk chunk={pages.dashboardUsers} /> },
                  { path: 'addDoctor', element: <LazyChunk chunk={pages.dashboardAddDoctor} /> },
                  {
                    path: 'manage-doctor',
                    element: <LazyChunk chunk={pages.dashboardManageDoctors} />,
                  },
                  { path: 'messages', element: <LazyChunk chunk={pages.dashboardMessages} /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <LazyChunk chunk={pages.notFound} /> },
    ],
  },
];
