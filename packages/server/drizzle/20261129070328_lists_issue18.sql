CREATE TABLE "email_list_consents" (
	"uid" text PRIMARY KEY NOT NULL,
	"person_uid" text NOT NULL,
	"list_uid" text NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"ip" text,
	"at" timestamp with time zone NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_list_link_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_list_subscriptions" (
	"uid" text PRIMARY KEY NOT NULL,
	"list_uid" text NOT NULL,
	"person_uid" text NOT NULL,
	"status" text NOT NULL,
	"unsubscribe_reason" text,
	"unsubscribe_reason_other" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_lists" ADD COLUMN "archived" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_list_consents" ADD CONSTRAINT "email_list_consents_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_list_consents" ADD CONSTRAINT "email_list_consents_list_uid_email_lists_uid_fk" FOREIGN KEY ("list_uid") REFERENCES "public"."email_lists"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_list_subscriptions" ADD CONSTRAINT "email_list_subscriptions_list_uid_email_lists_uid_fk" FOREIGN KEY ("list_uid") REFERENCES "public"."email_lists"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_list_subscriptions" ADD CONSTRAINT "email_list_subscriptions_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_list_consents_person_idx" ON "email_list_consents" USING btree ("person_uid","at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_list_subscriptions_list_person_idx" ON "email_list_subscriptions" USING btree ("list_uid","person_uid");--> statement-breakpoint
CREATE INDEX "email_list_subscriptions_person_idx" ON "email_list_subscriptions" USING btree ("person_uid");
