/**
 * Every route plugin, registered in one place after the access check (`config.access`,
 * caller.ts) that runs before each route's input; buildApp (app.ts) hands each its options.
 */
import type { FastifyInstance } from 'fastify';
import { registerAccessControl, type CallerResolver } from './modules/identity/caller.ts';
import { registerSpa } from './plugins/spa.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { verificationRoutes } from './modules/identity/verification.routes.ts';
import { meRoutes } from './modules/identity/me.routes.ts';
import { staffDayRoutes } from './modules/staff/staff-day.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { clinicRoutes } from './modules/clinic/clinic.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { readyRoutes } from './modules/health/ready.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { bookingRoutes } from './modules/booking/booking.routes.ts';
import { appointmentsRoutes } from './modules/booking/appointments.routes.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { doctorsRoutes } from './modules/doctors/doctors.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { linksRoutes } from './modules/links/links.routes.ts';
import { recallRoutes } from './modules/recall/recall.routes.ts';
import { formsRoutes } from './modules/forms/forms.routes.ts';
import { familiesRoutes } from './modules/families/families.routes.ts';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any plugin: only its options are read
type OptionsOf<T extends (app: FastifyInstance, opts: any) => unknown> = Parameters<T>[1];

/** Each plugin's options; an absent optional one is not registered (backups on PostgreSQL). */
export interface AppRoutes {
  health: OptionsOf<typeof healthRoutes>;
  ready: OptionsOf<typeof readyRoutes>;
  metrics: OptionsOf<typeof metricsRoutes>;
  identity: OptionsOf<typeof identityRoutes>;
  verification: OptionsOf<typeof verificationRoutes>;
  me: OptionsOf<typeof meRoutes>;
  users: OptionsOf<typeof usersRoutes>;
  clinic: OptionsOf<typeof clinicRoutes>;
  account: OptionsOf<typeof accountRoutes>;
  contact: OptionsOf<typeof contactRoutes>;
  mail: OptionsOf<typeof mailRoutes>;
  booking: OptionsOf<typeof bookingRoutes>;
  appointments: OptionsOf<typeof appointmentsRoutes>;
  doctors: OptionsOf<typeof doctorsRoutes>;
  links: OptionsOf<typeof linksRoutes>;
  families: OptionsOf<typeof familiesRoutes>;
  recall: OptionsOf<typeof recallRoutes>;
  forms: OptionsOf<typeof formsRoutes>;
  staffDay: OptionsOf<typeof staffDayRoutes>;
  reports: OptionsOf<typeof reportsRoutes>;
  schedule: OptionsOf<typeof scheduleRoutes>;
  images: OptionsOf<typeof imagesRoutes>;
  audit: OptionsOf<typeof auditRoutes>;
  payments: OptionsOf<typeof paymentsRoutes>;
  waitlist: OptionsOf<typeof waitlistRoutes>;
  reviews: OptionsOf<typeof reviewsRoutes>;
  jobs: OptionsOf<typeof jobsRoutes>;
  backup?: OptionsOf<typeof backupRoutes>;
  /** Text messages' webhook, when SMS_PROVIDER is set (sms/text-messages.ts). */
  texts?: { register(app: FastifyInstance): Promise<void> } | null;
}

export async function registerRoutes(app: FastifyInstance, callers: CallerResolver, routes: AppRoutes, webDistDir: string): Promise<void> {
  registerAccessControl(app, callers);
  await app.register(healthRoutes, routes.health);
  await app.register(readyRoutes, routes.ready);
  await app.register(metricsRoutes, routes.metrics);
  await app.register(identityRoutes, routes.identity);
  await app.register(verificationRoutes, routes.verification);
  await app.register(meRoutes, routes.me);
  await app.register(usersRoutes, routes.users);
  await app.register(clinicRoutes, routes.clinic);
  await app.register(accountRoutes, routes.account);
  await app.register(contactRoutes, routes.contact);
  await app.register(mailRoutes, routes.mail);
  await app.register(bookingRoutes, routes.booking);
  await app.register(appointmentsRoutes, routes.appointments);
  await app.register(doctorsRoutes, routes.doctors);
  await app.register(linksRoutes, routes.links);
  await app.register(familiesRoutes, routes.families);
  await routes.texts?.register(app);
  await app.register(recallRoutes, routes.recall);
  await app.register(formsRoutes, routes.forms);
  await app.register(staffDayRoutes, routes.staffDay);
  await app.register(reportsRoutes, routes.reports);
  await app.register(scheduleRoutes, routes.schedule);
  await app.register(imagesRoutes, routes.images);
  await app.register(auditRoutes, routes.audit);
  await app.register(paymentsRoutes, routes.payments);
  await app.register(waitlistRoutes, routes.waitlist);
  await app.register(reviewsRoutes, routes.reviews);
  await app.register(jobsRoutes, routes.jobs);
  if (routes.backup) await app.register(backupRoutes, routes.backup);
  await registerSpa(app, webDistDir);
}
