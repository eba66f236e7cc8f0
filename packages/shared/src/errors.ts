import { z } from 'zod';

/** Stable machine codes carried by every problem+json error (DESIGN.md section 1). */
export const ErrorCode = {
  VALIDATION: 'validation_failed',
  UNAUTHENTICATED: 'unauthenticated',
  FORBIDDEN: 'forbidden',
  /** An admin route, and REQUIRE_ADMIN_2FA is on: the admin must turn on two-step sign-in. */
  TWO_FACTOR_REQUIRED: 'two_factor_required',
  NOT_FOUND: 'not_found',
  CONFLICT: 'conflict',
  /** A patient already holds the most upcoming bookings one may (MAX_ACTIVE_BOOKINGS). */
  BOOKING_LIMIT: 'booking_limit_reached',
  /** The patient must verify the email address first (REQUIRE_EMAIL_VERIFICATION). */
  EMAIL_UNVERIFIED: 'email_unverified',
  /** A schedule change or deletion would strand confirmed bookings (listed; confirm to cancel them). */
  HAS_FUTURE_BOOKINGS: 'has_future_bookings',
  /** The patient's cancellation deadline has passed (CANCEL_NOTICE_HOURS): the clinic's phone is in the answer. */
  CANCEL_WINDOW_CLOSED: 'cancel_window_closed',
  RESCHEDULE_WINDOW_CLOSED: 'reschedule_window_closed',
  /** Already cancelled, completed, marked, or started: this change is not possible any more. */
  BOOKING_NOT_MODIFIABLE: 'booking_not_modifiable',
  /** `If-Match` names an older version of the booking. */
  PRECONDITION_FAILED: 'precondition_failed',
  /** A waitlist offer's time was booked by someone else first. */
  SLOT_TAKEN: 'slot_taken',
  /** A waitlist offer claimed after it expired (the time may still be booked normally). */
  OFFER_EXPIRED: 'offer_expired',
  /** A patient already waits on the most waitlist entries one may (WAITLIST_MAX_ENTRIES). */
  WAITLIST_LIMIT: 'waitlist_limit_reached',
  /** A link in a message past its time (`GET /api/links/:token`): 410. */
  LINK_EXPIRED: 'link_expired',
  /** A link already used, or made for an appointment that has changed since: 409. */
  LINK_USED: 'link_used',
  /** Check-in opens CHECKIN_OPENS_MINUTES before the start and closes 30 minutes after it (practice-loop.md section 6.4). */
  CHECK_IN_CLOSED: 'check_in_closed',
  RATE_LIMITED: 'rate_limited',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  AUTH_FAILED: 'auth_failed',
  /** A sensitive action (deleting the account) needs the password again, or a fresh sign-in. */
  REAUTH_REQUIRED: 'reauth_required',
  PAYMENT_DECLINED: 'payment_declined',
  INTERNAL: 'internal_error',
  /** Free space under DATA_DIR is below DISK_STOP_MB: writes are refused until space is freed; reads go on. */
  DISK_FULL: 'disk_full',
  UNAVAILABLE: 'service_unavailable',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** RFC 9457 problem details as the API renders them. */
export const problemSchema = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
