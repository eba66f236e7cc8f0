CREATE TABLE "booking_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"patient_id" text,
	"subject_ref" uuid,
	"treatment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"typed_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"sha256" text NOT NULL,
	"retain_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intake_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"medical_history_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_history_forms" (
	"version" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"questions" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_history_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text,
	"subject_ref" uuid,
	"version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"alerts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"typed_name" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"sha256" text NOT NULL,
	"retain_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "treatment_consents" (
	"treatment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatment_consents_treatment_id_version_pk" PRIMARY KEY("treatment_id","version")
);
--> statement-breakpoint
ALTER TABLE "booking_consents" ADD CONSTRAINT "booking_consents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_consents" ADD CONSTRAINT "booking_consents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_submissions" ADD CONSTRAINT "medical_history_submissions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_submissions" ADD CONSTRAINT "medical_history_submissions_version_medical_history_forms_version_fk" FOREIGN KEY ("version") REFERENCES "public"."medical_history_forms"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_consents" ADD CONSTRAINT "treatment_consents_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_consents_booking_version_unique" ON "booking_consents" USING btree ("booking_id","version");--> statement-breakpoint
CREATE INDEX "booking_consents_patient_idx" ON "booking_consents" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "medical_history_submissions_patient_idx" ON "medical_history_submissions" USING btree ("patient_id","submitted_at");--> statement-breakpoint
CREATE INDEX "medical_history_submissions_retain_idx" ON "medical_history_submissions" USING btree ("retain_until") WHERE "medical_history_submissions"."retain_until" IS NOT NULL;