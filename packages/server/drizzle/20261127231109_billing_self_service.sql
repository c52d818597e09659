CREATE TABLE "cancellations" (
	"uid" text PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"person_uid" text,
	"prior_account_stage" text,
	"cancelation_reason" text,
	"comment" text,
	"submitted_date_time" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"restored" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone,
	"lines" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_portal_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"return_url" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at" timestamp with time zone,
	"items" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_account_idx";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'signup' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "off_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellations_open_idx" ON "cancellations" USING btree ("account_uid") WHERE "cancellations"."restored" is null;--> statement-breakpoint
CREATE INDEX "sandbox_invoices_customer_idx" ON "sandbox_invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_customer_idx" ON "sandbox_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_uid","invoice_date");--> statement-breakpoint
INSERT INTO "invoice_counters" ("series", "last_number") SELECT 'invoices', COALESCE(MAX("invoice_number"), 0) FROM "invoices";--> statement-breakpoint
UPDATE "invoices" SET "paid_at" = "invoice_date" WHERE "status" = 'Paid';
