ALTER TABLE "users" ADD COLUMN "sms_phone" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sms_body" text;--> statement-breakpoint
CREATE INDEX "users_sms_phone_idx" ON "users" USING btree ("sms_phone") WHERE "users"."sms_phone" IS NOT NULL;