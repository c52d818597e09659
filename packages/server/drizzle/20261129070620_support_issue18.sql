CREATE TABLE "support_attachments" (
	"uid" text PRIMARY KEY NOT NULL,
	"case_uid" text NOT NULL,
	"activity_uid" text,
	"file_uid" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_case_activities" (
	"uid" text PRIMARY KEY NOT NULL,
	"case_uid" text NOT NULL,
	"type" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"author_kind" text NOT NULL,
	"author_name" text,
	"author_email" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_cases" (
	"uid" text PRIMARY KEY NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_cases_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1000 CACHE 1),
	"source" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"person_uid" text,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_case_uid_support_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."support_cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_activity_uid_support_case_activities_uid_fk" FOREIGN KEY ("activity_uid") REFERENCES "public"."support_case_activities"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_file_uid_files_uid_fk" FOREIGN KEY ("file_uid") REFERENCES "public"."files"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_case_activities" ADD CONSTRAINT "support_case_activities_case_uid_support_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."support_cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_case_idx" ON "support_attachments" USING btree ("case_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "support_attachments_file_idx" ON "support_attachments" USING btree ("file_uid");--> statement-breakpoint
CREATE INDEX "support_case_activities_case_idx" ON "support_case_activities" USING btree ("case_uid","created");--> statement-breakpoint
CREATE UNIQUE INDEX "support_cases_number_idx" ON "support_cases" USING btree ("number");--> statement-breakpoint
CREATE INDEX "support_cases_email_idx" ON "support_cases" USING btree (lower("email"),"created");--> statement-breakpoint
CREATE INDEX "support_cases_status_idx" ON "support_cases" USING btree ("status","created");