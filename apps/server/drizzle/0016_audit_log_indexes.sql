-- The audit log screen (issue: admin back office): every filter leads one index, each ending with
-- (created_at, id) so a filtered page is read in order with a LIMIT; distinct values of a column are
-- found by skipping through its index.
DROP INDEX IF EXISTS "audit_log_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_target_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at","id");
