CREATE TABLE "discord_connections" (
	"person_uid" text PRIMARY KEY NOT NULL,
	"discord_user_id" text NOT NULL,
	"username" text NOT NULL,
	"connected" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discord_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"person_uid" text NOT NULL,
	"session_uid" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_url" text,
	"expires" timestamp with time zone NOT NULL,
	"used" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discord_role_repairs" (
	"uid" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"person_uid" text NOT NULL,
	"discord_user_id" text NOT NULL,
	"action" text NOT NULL,
	"role_id" text,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discord_connections" ADD CONSTRAINT "discord_connections_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_oauth_states" ADD CONSTRAINT "discord_oauth_states_person_uid_people_uid_fk" FOREIGN KEY ("person_uid") REFERENCES "public"."people"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discord_connections_user_idx" ON "discord_connections" USING btree ("discord_user_id");--> statement-breakpoint
CREATE INDEX "discord_oauth_states_expires_idx" ON "discord_oauth_states" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "discord_role_repairs_at_idx" ON "discord_role_repairs" USING btree ("at");