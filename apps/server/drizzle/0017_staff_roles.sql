ALTER TABLE "users" ADD COLUMN "doctor_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_doctor_id_unique" UNIQUE("doctor_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('user', 'receptionist', 'doctor', 'admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_doctor_id_only_doctors" CHECK ("users"."doctor_id" is null or "users"."role" = 'doctor');