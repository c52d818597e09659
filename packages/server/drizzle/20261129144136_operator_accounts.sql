CREATE TABLE "operator_email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"used" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_uid" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_known_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used" timestamp with time zone NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"operator_uid" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operators" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_email_tokens" ADD CONSTRAINT "operator_email_tokens_operator_uid_operators_uid_fk" FOREIGN KEY ("operator_uid") REFERENCES "public"."operators"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_known_devices" ADD CONSTRAINT "operator_known_devices_operator_uid_operators_uid_fk" FOREIGN KEY ("operator_uid") REFERENCES "public"."operators"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_email_tokens_operator_idx" ON "operator_email_tokens" USING btree ("operator_uid");--> statement-breakpoint
CREATE INDEX "operator_known_devices_operator_idx" ON "operator_known_devices" USING btree ("operator_uid");