CREATE TABLE "guardianships" (
	"dependent_id" text NOT NULL,
	"guardian_id" text NOT NULL,
	"relationship" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardianships_dependent_id_guardian_id_pk" PRIMARY KEY("dependent_id","guardian_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_by" text;--> statement-breakpoint
ALTER TABLE "action_links" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "action_links" ADD COLUMN "invited_by" text;--> statement-breakpoint
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_dependent_id_users_id_fk" FOREIGN KEY ("dependent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardianships_guardian_idx" ON "guardianships" USING btree ("guardian_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_links" ADD CONSTRAINT "action_links_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_booked_by_idx" ON "bookings" USING btree ("booked_by","date") WHERE "bookings"."booked_by" IS NOT NULL AND "bookings"."status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kind_known" CHECK ("users"."kind" in ('account', 'dependent'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dependents_are_patients" CHECK ("users"."kind" = 'account' or "users"."role" = 'user');