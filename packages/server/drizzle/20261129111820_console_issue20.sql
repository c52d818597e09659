CREATE TABLE "operator_sessions" (
	"uid" text PRIMARY KEY NOT NULL,
	"operator_uid" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"idle_expires" timestamp with time zone NOT NULL,
	"absolute_expires" timestamp with time zone NOT NULL,
	"ended" timestamp with time zone,
	"end_reason" text,
	"authenticated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"online_until" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_case_assignments" (
	"case_uid" text PRIMARY KEY NOT NULL,
	"operator_uid" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_case_reads" (
	"operator_uid" text NOT NULL,
	"case_uid" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_case_reads_operator_uid_case_uid_pk" PRIMARY KEY("operator_uid","case_uid")
);
--> statement-breakpoint
CREATE TABLE "support_inbound_mails" (
	"message_id" text PRIMARY KEY NOT NULL,
	"case_uid" text NOT NULL,
	"activity_uid" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_reply_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"case_uid" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_uid_operators_uid_fk" FOREIGN KEY ("operator_uid") REFERENCES "public"."operators"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_case_assignments" ADD CONSTRAINT "support_case_assignments_case_uid_support_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."support_cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_case_assignments" ADD CONSTRAINT "support_case_assignments_operator_uid_operators_uid_fk" FOREIGN KEY ("operator_uid") REFERENCES "public"."operators"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_case_reads" ADD CONSTRAINT "support_case_reads_operator_uid_operators_uid_fk" FOREIGN KEY ("operator_uid") REFERENCES "public"."operators"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_case_reads" ADD CONSTRAINT "support_case_reads_case_uid_support_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."support_cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_inbound_mails" ADD CONSTRAINT "support_inbound_mails_case_uid_support_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."support_cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_reply_tokens" ADD CONSTRAINT "support_reply_tokens_case_uid_support_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."support_cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_idx" ON "operators" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "support_case_assignments_operator_idx" ON "support_case_assignments" USING btree ("operator_uid");--> statement-breakpoint
CREATE INDEX "support_reply_tokens_case_idx" ON "support_reply_tokens" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "support_cases_email_prefix_idx" ON "support_cases" USING btree (lower("email") text_pattern_ops);