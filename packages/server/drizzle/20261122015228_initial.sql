CREATE TABLE "accounts" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_identifier" text,
	"domain_name" text,
	"account_stage" text,
	"account_type" integer DEFAULT 1 NOT NULL,
	"billing_address_uid" text,
	"mailing_address_uid" text,
	"tax_id" text,
	"tax_id_type" text,
	"tax_status" text,
	"tax_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_credit" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "add_ons" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit_of_measure" text,
	"billing_add_on_type" text DEFAULT 'Recurring' NOT NULL,
	"is_quantity_editable" boolean DEFAULT false NOT NULL,
	"minimum_quantity" integer DEFAULT 0 NOT NULL,
	"is_billed_during_trial" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"monthly_rate" integer,
	"quarterly_rate" integer,
	"annual_rate" integer,
	"one_time_rate" integer,
	"setup_fee" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"uid" text PRIMARY KEY NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"address_line3" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "discount_coupon_subscriptions" (
	"uid" text PRIMARY KEY NOT NULL,
	"subscription_uid" text NOT NULL,
	"discount_coupon_uid" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discount_coupons" (
	"uid" text PRIMARY KEY NOT NULL,
	"unique_identifier" text NOT NULL,
	"name" text NOT NULL,
	"percent_off" numeric(5, 2),
	"amount_off" integer,
	"duration" text NOT NULL,
	"duration_in_months" integer,
	"redeem_by" timestamp with time zone,
	"plan_uids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_lists" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"requires_double_opt_in" boolean DEFAULT false NOT NULL,
	"is_sign_up_list" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_configurations" (
	"context" text NOT NULL,
	"position" integer NOT NULL,
	"field_definition_uid" text NOT NULL,
	"behavior" text NOT NULL,
	"group_name" text,
	CONSTRAINT "field_configurations_context_position_pk" PRIMARY KEY("context","position")
);
--> statement-breakpoint
CREATE TABLE "field_definitions" (
	"uid" text PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"system_name" text NOT NULL,
	"label" text NOT NULL,
	"control_type" text NOT NULL,
	"control_params" text,
	"same_as_label" text,
	"same_as_label_default" boolean,
	"same_as_object" text
);
--> statement-breakpoint
CREATE TABLE "payment_information" (
	"uid" text PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"payment_method_type" text DEFAULT 'card' NOT NULL,
	"card_type" text,
	"last_four_digits" text,
	"expiration_month" integer,
	"expiration_year" integer,
	"bank_name" text,
	"bank_account_type" text,
	"payment_token" text,
	"latest_failure_date_time" timestamp with time zone,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"title" text,
	"phone_mobile" text,
	"phone_work" text,
	"mailing_address_uid" text,
	"oauth_google_profile_id" text,
	"opt_in_to_email_list" boolean DEFAULT false NOT NULL,
	"profile_image_url" text,
	"password_hash" text,
	"password_must_change" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_accounts" (
	"uid" text PRIMARY KEY NOT NULL,
	"person_uid" text NOT NULL,
	"account_uid" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"receive_invoices" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_add_ons" (
	"plan_uid" text NOT NULL,
	"add_on_uid" text NOT NULL,
	"is_user_selectable" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_add_ons_plan_uid_add_on_uid_pk" PRIMARY KEY("plan_uid","add_on_uid")
);
--> statement-breakpoint
CREATE TABLE "plan_families" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"uid" text PRIMARY KEY NOT NULL,
	"plan_family_uid" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_quantity_editable" boolean DEFAULT false NOT NULL,
	"is_per_user" boolean DEFAULT false NOT NULL,
	"minimum_quantity" integer DEFAULT 0 NOT NULL,
	"maximum_people" integer,
	"monthly_rate" integer,
	"quarterly_rate" integer,
	"annual_rate" integer,
	"one_time_rate" integer,
	"setup_fee" integer,
	"unit_of_measure" text,
	"unit_of_measure_plural" text,
	"trial_period_days" integer,
	"trial_until_date" date,
	"require_payment_information" boolean DEFAULT false NOT NULL,
	"account_registration_mode" text DEFAULT 'Individual' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_add_ons" (
	"uid" text PRIMARY KEY NOT NULL,
	"subscription_uid" text NOT NULL,
	"add_on_uid" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"billing_renewal_term" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"renewal_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"uid" text PRIMARY KEY NOT NULL,
	"account_uid" text NOT NULL,
	"plan_uid" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"billing_renewal_term" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"expiration_date" timestamp with time zone,
	"renewal_date" timestamp with time zone,
	"new_required_quantity" integer,
	"is_plan_upgrade_required" boolean DEFAULT false NOT NULL,
	"plan_upgrade_required_message" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_billing_address_uid_addresses_uid_fk" FOREIGN KEY ("billing_address_uid") REFERENCES "public"."addresses"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_mailing_address_uid_addresses_uid_fk" FOREIGN KEY ("mailing_address_uid") REFERENCES "public"."addresses"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_coupon_subscriptions" ADD CONSTRAINT "discount_coupon_subscriptions_subscription_uid_subscriptions_uid_fk" FOREIGN KEY ("subscription_uid") REFERENCES "public"."subscriptions"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_coupon_subscriptions" ADD CONSTRAINT "discount_coupon_subscriptions_discount_coupon_uid_discount_coupons_uid_fk" FOREIGN KEY ("discount_coupon_uid") REFERENCES "public"."discount_coupons"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_configurations" ADD CONSTRAINT "field_configurations_field_definition_uid_field_definitions_uid_fk" FOREIGN KEY ("field_definition_uid") REFERENCES "public"."field_definitions"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_information" ADD CONSTRAINT "payment_information_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_mailing_address_uid_addresses_uid_fk" FOREIGN KEY ("mailing_address_uid") REFERENCES "public"."addresses"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_accounts" ADD CONSTRAINT "person_accounts_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_accounts" ADD CONSTRAINT "person_accounts_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_add_ons" ADD CONSTRAINT "plan_add_ons_plan_uid_plans_uid_fk" FOREIGN KEY ("plan_uid") REFERENCES "public"."plans"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_add_ons" ADD CONSTRAINT "plan_add_ons_add_on_uid_add_ons_uid_fk" FOREIGN KEY ("add_on_uid") REFERENCES "public"."add_ons"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_plan_family_uid_plan_families_uid_fk" FOREIGN KEY ("plan_family_uid") REFERENCES "public"."plan_families"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_add_ons" ADD CONSTRAINT "subscription_add_ons_subscription_uid_subscriptions_uid_fk" FOREIGN KEY ("subscription_uid") REFERENCES "public"."subscriptions"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_add_ons" ADD CONSTRAINT "subscription_add_ons_add_on_uid_add_ons_uid_fk" FOREIGN KEY ("add_on_uid") REFERENCES "public"."add_ons"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_uid_accounts_uid_fk" FOREIGN KEY ("account_uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_uid_plans_uid_fk" FOREIGN KEY ("plan_uid") REFERENCES "public"."plans"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dcs_sub_idx" ON "discount_coupon_subscriptions" USING btree ("subscription_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_coupons_code_idx" ON "discount_coupons" USING btree (lower("unique_identifier"));--> statement-breakpoint
CREATE UNIQUE INDEX "field_definitions_name_idx" ON "field_definitions" USING btree ("entity_type","system_name");--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_idx" ON "people" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "person_accounts_pair_idx" ON "person_accounts" USING btree ("person_uid","account_uid");--> statement-breakpoint
CREATE INDEX "plans_family_idx" ON "plans" USING btree ("plan_family_uid");--> statement-breakpoint
CREATE INDEX "subscription_add_ons_sub_idx" ON "subscription_add_ons" USING btree ("subscription_uid");--> statement-breakpoint
CREATE INDEX "subscriptions_account_idx" ON "subscriptions" USING btree ("account_uid");