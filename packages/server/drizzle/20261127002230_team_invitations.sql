ALTER TABLE "person_accounts" ADD COLUMN "invitation_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "person_accounts" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "person_accounts" ADD COLUMN "invited_by" text;--> statement-breakpoint
ALTER TABLE "person_accounts" ADD CONSTRAINT "person_accounts_invited_by_people_uid_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."people"("uid") ON DELETE set null ON UPDATE no action;