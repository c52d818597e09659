CREATE TABLE "periodic_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_run" timestamp with time zone,
	"last_result" integer
);
