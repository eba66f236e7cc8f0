-- The clinic's real schedule (design clinic-operations.md sections 2.1-2.3): lanes, durations,
-- doctors' treatments, weekly hours, exceptions. Nothing a patient sees changes: the clinic's
-- weekly hours start as today's grid (08.00-12.00 and 13.00-17.00) on all seven days, no
-- treatment requires a doctor, and every existing booking keeps its id, date, slot label, price,
-- payment and (as 'confirmed') its hold on its slot. migrate.ts sets clinic.timezone first, so
-- the instants of existing bookings are computed in the clinic's zone.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "clinic_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL,
	"schedule_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_treatments" (
	"doctor_id" uuid NOT NULL,
	"treatment_id" uuid NOT NULL,
	CONSTRAINT "doctor_treatments_doctor_id_treatment_id_pk" PRIMARY KEY("doctor_id","treatment_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"kind" text NOT NULL,
	"start_min" smallint,
	"end_min" smallint,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "working_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid,
	"weekday" smallint NOT NULL,
	"start_min" smallint NOT NULL,
	"end_min" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "treatments" ALTER COLUMN "slots" SET DEFAULT '{}';--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "duration_min" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "requires_doctor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "doctor_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lane_id" uuid GENERATED ALWAYS AS (coalesce(doctor_id, treatment_id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "start_min" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "end_min" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_treatments" ADD CONSTRAINT "doctor_treatments_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_treatments" ADD CONSTRAINT "doctor_treatments_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_treatments_treatment_idx" ON "doctor_treatments" USING btree ("treatment_id");--> statement-breakpoint
CREATE INDEX "schedule_exceptions_dates_idx" ON "schedule_exceptions" USING btree ("date_to","date_from");--> statement-breakpoint
CREATE INDEX "working_hours_doctor_idx" ON "working_hours" USING btree ("doctor_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every stored label is canonical ('hh.mm AM - hh.mm PM', migration 0001's grid): its start in
-- minutes; every legacy booking is one 30-minute cell.
UPDATE "bookings" SET "start_min" =
  ((split_part(split_part("slot", ' ', 1), '.', 1)::int % 12)
    + CASE WHEN split_part("slot", ' ', 2) = 'PM' THEN 12 ELSE 0 END) * 60
  + split_part(split_part("slot", ' ', 1), '.', 2)::int;--> statement-breakpoint
UPDATE "bookings" SET "end_min" = "start_min" + 30;--> statement-breakpoint
UPDATE "bookings" SET
  "starts_at" = ("date" + make_interval(mins => "start_min")) AT TIME ZONE current_setting('clinic.timezone'),
  "ends_at" = ("date" + make_interval(mins => "end_min")) AT TIME ZONE current_setting('clinic.timezone');--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "start_min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "end_min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "bookings_one_per_slot";--> statement-breakpoint
DROP INDEX "bookings_one_per_patient";--> statement-breakpoint
UPDATE "bookings" SET "status" = 'confirmed' WHERE "status" = 'active';--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "status" SET DEFAULT 'confirmed';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status" CHECK ("status" IN ('confirmed', 'cancelled', 'completed', 'no_show'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_time_range" CHECK ("start_min" >= 0 AND "end_min" <= 1440 AND "start_min" < "end_min");--> statement-breakpoint
-- The guarantee (DESIGN.md section 3): among confirmed bookings, no two on one lane overlap.
-- Legacy rows satisfy it by construction: their lane is their treatment, and the old unique
-- index allowed one active row per (treatment, date, slot) of one 30-minute grid.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_one_per_lane_time" EXCLUDE USING gist
  ("lane_id" WITH =, "date" WITH =, int4range("start_min", "end_min") WITH &&) WHERE ("status" = 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_per_patient" ON "bookings" USING btree ("treatment_id","date","patient_id") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_duration" CHECK ("duration_min" BETWEEN 30 AND 240 AND "duration_min" % 30 = 0);--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_price" CHECK ("price_cents" BETWEEN 0 AND 1000000);--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_grid" CHECK ("weekday" BETWEEN 1 AND 7 AND "start_min" >= 0 AND "end_min" <= 1440 AND "start_min" < "end_min" AND "start_min" % 30 = 0 AND "end_min" % 30 = 0);--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_no_overlap" EXCLUDE USING gist
  (coalesce("doctor_id", '00000000-0000-0000-0000-000000000000'::uuid) WITH =, "weekday" WITH =, int4range("start_min", "end_min") WITH &&);--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_shape" CHECK (
  "kind" IN ('closed', 'open', 'blocked') AND "date_from" <= "date_to" AND "date_to" - "date_from" <= 366
  AND (("kind" = 'closed' AND "start_min" IS NULL AND "end_min" IS NULL)
    OR ("kind" <> 'closed' AND "start_min" >= 0 AND "end_min" <= 1440 AND "start_min" < "end_min"
        AND "start_min" % 30 = 0 AND "end_min" % 30 = 0)));--> statement-breakpoint
-- Today's grid, every day of the week: the clinic's hours until it changes them.
INSERT INTO "working_hours" ("weekday", "start_min", "end_min")
  SELECT d, h.s, h.e FROM generate_series(1, 7) AS d, (VALUES (480, 720), (780, 1020)) AS h(s, e);--> statement-breakpoint
-- Doctors perform the treatment their specialty names (admins change it from here on).
INSERT INTO "doctor_treatments" ("doctor_id", "treatment_id")
  SELECT d."id", t."id" FROM "doctors" d JOIN "treatments" t ON t."name" = d."specialty";--> statement-breakpoint
INSERT INTO "clinic_state" ("id", "timezone") VALUES (1, current_setting('clinic.timezone'));