CREATE TABLE "email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"person_uid" text NOT NULL,
	"account_uid" text,
	"expires" timestamp with time zone NOT NULL,
	"used" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"uid" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"uid" text PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"subscription_uid" text,
	"invoice_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "invoices_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_date" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"tax_behavior" text,
	"lines" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nonces" (
	"value_hash" text PRIMARY KEY NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"consumed" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"uid" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered" timestamp with time zone,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"uid" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"gateway_intent_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"account_uid" text,
	"purpose" text,
	"status" text NOT NULL,
	"consumed" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"uid" text PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"invoice_uid" text,
	"payment_information_uid" text,
	"gateway" text NOT NULL,
	"gateway_reference" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"status" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"customer_id" text,
	"payment_method_id" text,
	"status" text NOT NULL,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behavior" text NOT NULL,
	"name_on_card" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_information" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "payment_information" ADD COLUMN "customer_token" text;--> statement-breakpoint
ALTER TABLE "payment_information" ADD COLUMN "name_on_card" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "email_confirmed" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_uid_subscriptions_uid_fk" FOREIGN KEY ("subscription_uid") REFERENCES "public"."subscriptions"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_uid_invoices_uid_fk" FOREIGN KEY ("invoice_uid") REFERENCES "public"."invoices"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_information_uid_payment_information_uid_fk" FOREIGN KEY ("payment_information_uid") REFERENCES "public"."payment_information"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_person_idx" ON "email_tokens" USING btree ("person_uid");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_uid");--> statement-breakpoint
CREATE INDEX "nonces_expires_idx" ON "nonces" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt") WHERE "outbox"."delivered" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_gateway_idx" ON "payment_intents" USING btree ("gateway","gateway_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_idx" ON "payments" USING btree ("gateway","gateway_reference");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_uid");