CREATE TABLE "chat_operators" (
	"name" text PRIMARY KEY NOT NULL,
	"online_until" timestamp with time zone NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_visitors" (
	"uid" text PRIMARY KEY NOT NULL,
	"person_uid" text,
	"email" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_case_activities" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "support_case_activities" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "support_case_activities" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_cases" ADD COLUMN "visitor_uid" text;--> statement-breakpoint
ALTER TABLE "support_cases" ADD COLUMN "last_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_visitors" ADD CONSTRAINT "chat_visitors_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_visitors_person_idx" ON "chat_visitors" USING btree ("person_uid");--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_visitor_uid_chat_visitors_uid_fk" FOREIGN KEY ("visitor_uid") REFERENCES "public"."chat_visitors"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_case_activities_seq_idx" ON "support_case_activities" USING btree ("case_uid","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "support_case_activities_client_id_idx" ON "support_case_activities" USING btree ("case_uid","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_cases_open_chat_idx" ON "support_cases" USING btree ("visitor_uid") WHERE "support_cases"."source" = 5 and "support_cases"."status" = 'open';