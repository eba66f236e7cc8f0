CREATE TABLE "retained_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_ref" uuid NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"legal_basis" text NOT NULL,
	"retain_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "subject_ref" uuid;--> statement-breakpoint
CREATE INDEX "retained_identities_subject_ref_idx" ON "retained_identities" USING btree ("subject_ref");--> statement-breakpoint
CREATE INDEX "retained_identities_retain_until_idx" ON "retained_identities" USING btree ("retain_until");