DROP INDEX "bookings_patient_email_idx";--> statement-breakpoint
DROP INDEX "bookings_one_per_patient";--> statement-breakpoint
CREATE INDEX "bookings_patient_id_idx" ON "bookings" USING btree ("patient_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_per_patient" ON "bookings" USING btree ("treatment_id","date","patient_id") WHERE "bookings"."status" = 'active';--> statement-breakpoint
-- A booking whose account was removed keeps what the clinic needs (treatment, time, price,
-- payment) and loses who the person was: the owner's removal sets patient_id to null (the
-- foreign key's ON DELETE SET NULL, or any other path) and this trigger empties the snapshots.
CREATE FUNCTION bookings_detach_patient() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.patient_email := '';
  NEW.patient_name := '';
  NEW.phone := '';
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_detach_patient
  BEFORE UPDATE OF patient_id ON "bookings"
  FOR EACH ROW WHEN (OLD.patient_id IS NOT NULL AND NEW.patient_id IS NULL)
  EXECUTE FUNCTION bookings_detach_patient();
--> statement-breakpoint
-- Bookings already detached before this migration were still found by their email, so an account
-- registered later under that address saw them: they lose their personal fields too.
UPDATE "bookings" SET "patient_email" = '', "patient_name" = '', "phone" = '' WHERE "patient_id" IS NULL;
