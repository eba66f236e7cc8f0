ALTER TABLE "contact_messages" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id") WHERE "contact_messages"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_user_idx" ON "outbox" USING btree ("user_id") WHERE "outbox"."user_id" IS NOT NULL;--> statement-breakpoint
-- Backfill: a row is an account's only where something other than its address ties it to one.
-- A booking's mails (reminders by booking_id; confirmations, cancellations and moves by their
-- calendar file's UID, which is the booking id) belong to the booking's patient; a detached
-- booking (its account removed) has none. A waitlist offer belongs to the patient of the entry
-- it was made for (same expiry, same address). Everything else (verification and reset links,
-- contact messages, mail to the clinic) stays null: an address proves nobody, and an account's
-- address may have belonged to someone else when the row was written.
UPDATE "outbox" AS o SET "user_id" = b."patient_id"
FROM "bookings" AS b
WHERE o."user_id" IS NULL
  AND b."patient_id" IS NOT NULL
  AND o."kind" LIKE 'booking-%'
  AND b."id"::text = coalesce(
    o."booking_id"::text,
    substring(o."ics" from 'UID:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@doctors-portal')
  );--> statement-breakpoint
UPDATE "outbox" AS o SET "user_id" = e."patient_id"
FROM "waitlist_offers" AS w
JOIN "waitlist_entries" AS e ON e."id" = w."entry_id"
JOIN "users" AS u ON u."id" = e."patient_id"
WHERE o."user_id" IS NULL
  AND o."kind" = 'waitlist-offer'
  AND o."expires_at" = w."expires_at"
  AND lower(o."to_address") = lower(u."email");
