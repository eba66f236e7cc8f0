CREATE TABLE "recalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"treatment_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"source_booking_id" uuid,
	"booking_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_contacted_at" timestamp with time zone,
	"snoozed_until" date,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recall_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "recall_months" smallint;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_source_booking_id_bookings_id_fk" FOREIGN KEY ("source_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recalls_one_per_patient_treatment" ON "recalls" USING btree ("patient_id","treatment_id");--> statement-breakpoint
CREATE INDEX "recalls_due_idx" ON "recalls" USING btree ("due_date") WHERE "recalls"."status" = 'due';--> statement-breakpoint
CREATE INDEX "recalls_booking_idx" ON "recalls" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "action_links" ADD CONSTRAINT "action_links_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_created_via";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_via" CHECK ("created_via" IN ('online', 'admin', 'waitlist', 'recall'));
