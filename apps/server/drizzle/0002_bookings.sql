CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"treatment_id" uuid NOT NULL,
	"treatment_name" text NOT NULL,
	"date" date NOT NULL,
	"slot" text NOT NULL,
	"patient_id" text,
	"patient_email" text NOT NULL,
	"patient_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_per_slot" ON "bookings" USING btree ("treatment_id","date","slot") WHERE "bookings"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_per_patient" ON "bookings" USING btree ("treatment_id","date","patient_email") WHERE "bookings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("date");--> statement-breakpoint
CREATE INDEX "bookings_patient_email_idx" ON "bookings" USING btree ("patient_email");