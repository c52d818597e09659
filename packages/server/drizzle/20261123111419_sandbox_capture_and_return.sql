ALTER TABLE "sandbox_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "return_url" text;