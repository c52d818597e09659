CREATE TABLE "lead_form_submissions" (
	"uid" text PRIMARY KEY NOT NULL,
	"form_uid" text NOT NULL,
	"person_uid" text NOT NULL,
	"referer_url" text,
	"ip" text,
	"values" jsonb NOT NULL,
	"created_person" boolean NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_forms" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"config" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_form_submissions" ADD CONSTRAINT "lead_form_submissions_form_uid_lead_forms_uid_fk" FOREIGN KEY ("form_uid") REFERENCES "public"."lead_forms"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_form_submissions" ADD CONSTRAINT "lead_form_submissions_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_form_submissions_form_idx" ON "lead_form_submissions" USING btree ("form_uid","created");