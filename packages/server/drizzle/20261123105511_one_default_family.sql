-- Databases written before this index may hold several defaults (concurrent admin writes): keep the latest one.
UPDATE "plan_families" SET "is_default" = false
WHERE "is_default" AND "uid" <> (SELECT "uid" FROM "plan_families" WHERE "is_default" ORDER BY "updated" DESC, "uid" LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX "plan_families_one_default_idx" ON "plan_families" USING btree ("is_default") WHERE is_default;
