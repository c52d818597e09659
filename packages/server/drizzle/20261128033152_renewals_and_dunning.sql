CREATE TABLE "usage_records" (
	"uid" text PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"add_on_uid" text NOT NULL,
	"quantity" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"report_key" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "attempt_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "attempt_in_flight" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "dunning_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_failure_message" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_failure_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pending_intent_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_add_on_uid_add_ons_uid_fk" FOREIGN KEY ("add_on_uid") REFERENCES "public"."add_ons"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_records_key_idx" ON "usage_records" USING btree ("account_uid","report_key");--> statement-breakpoint
CREATE INDEX "usage_records_period_idx" ON "usage_records" USING btree ("account_uid","add_on_uid","used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_renewal_period_idx" ON "invoices" USING btree ("subscription_uid","period_start") WHERE "invoices"."kind" = 'renewal';--> statement-breakpoint
CREATE INDEX "invoices_collect_idx" ON "invoices" USING btree ("next_attempt_at") WHERE "invoices"."status" = 'Open' and "invoices"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("renewal_date") WHERE "subscriptions"."renewal_date" is not null;