/**
 * Identity tables owned by Better Auth (with its admin plugin's role/ban fields). The property
 * names are Better Auth's field names; the drizzle adapter maps them by these keys.
 */
import { relations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './admin.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  /** Ours, not Better Auth's: set on the profile page, it pre-fills the booking dialog. */
  phone: text('phone').notNull().default(''),
  /** Better Auth's twoFactor plugin: sign-in asks for a second factor. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** The patient turned appointment reminders off (the profile page); checked when one is sent. */
  remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
  /** The patient turned check-up recall messages off (the profile page, or a recall link's Stop). */
  recallOptOut: boolean('recall_opt_out').notNull().default(false),
  /**
   * Ours: the patient's phone in E.164 while they take text messages (`smsOptIn`, the profile
   * page); null: no texts. Kept apart from `phone`, which is free text, so that a reply is
   * matched to its sender by an index (practice-loop.md section 5).
   */
  smsPhone: text('sms_phone'),
  /**
   * Ours: the doctor a `doctor` account works as (one account per doctor). Cleared when the
   * doctor row goes; only a doctor account holds one.
   */
  doctorId: uuid('doctor_id')
    .unique('users_doctor_id_unique')
    .references(() => doctors.id, { onDelete: 'set null' }),
  /**
   * Ours: `dependent` for a patient without a login whom guardians manage (practice-loop.md
   * section 7, decision 037): no credential, an address under `.invalid` that no mail reaches,
   * left out of every list of accounts. A handover makes it an `account`.
   */
  kind: text('kind', { enum: ['account', 'dependent'] }).notNull().default('account'),
  /** Ours: a dependent's date of birth (the handover age); null for accounts. */
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  /**
   * Ours: the language of the account's mails (practice-loop.md section 9), one of the shared
   * LOCALES; null: none chosen, the clinic's DEFAULT_LOCALE. Set by `PATCH /api/me`, and at
   * sign-up from the browser's languages (identity/auth.ts).
   */
  locale: text('locale', { enum: ['en', 'es', 'de'] }),
  ...timestamps,
}, (t) => [
  check('users_role_known', sql`${t.role} in ('user', 'receptionist', 'doctor', 'admin')`),
  check('users_doctor_id_only_doctors', sql`${t.doctorId} is null or ${t.role} = 'doctor'`),
  index('users_sms_phone_idx').on(t.smsPhone).where(sql`${t.smsPhone} IS NOT NULL`),
  check('users_kind_known', sql`${t.kind} in ('account', 'dependent')`),
  check('users_dependents_are_patients', sql`${t.kind} = 'account' or ${t.role} = 'user'`),
  check('users_locale_known', sql`${t.locale} is null or ${t.locale} in ('en', 'es', 'de')`),
]);

/**
 * Who manages a dependent (practice-loop.md section 7): one row per guardian. Ends with either
 * side's account; the last guardian's erasure erases the dependent first (account module).
 */
export const guardianships = pgTable(
  'guardianships',
  {
    dependentId: text('dependent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guardianId: text('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The guardian's own word for the relationship ("Son"); empty when none was given. */
    relationship: text('relationship').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dependentId, t.guardianId] }), index('guardianships_guardian_idx').on(t.guardianId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    /**
     * Ours, known to Better Auth as a session field: the sign-in that made this session passed a
     * second factor (an authenticator code or a backup code). REQUIRE_ADMIN_2FA counts only such
     * sessions; one made by a password alone or by Google does not.
     */
    secondFactorVerified: boolean('second_factor_verified').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Better Auth's twoFactor plugin: the TOTP secret and the backup codes (both encrypted with the
 * auth secret), and its per-account count of failed second factors.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * Ours, unknown to Better Auth: the 30-second step of the last authenticator code accepted, so
     * that a code is good once (identity/totp-once.ts); null before the first.
     */
    lastTotpStep: integer('last_totp_step'),
  },
  // One row per account: the plugin looks it up by user and replaces it on re-enrolment.
  (t) => [uniqueIndex('two_factors_user_id_idx').on(t.userId)],
);

// Relations let Better Auth read a session with its user in one query (its `joins` option):
// every signed-in request does that lookup.
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
