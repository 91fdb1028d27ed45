DROP INDEX "remote_commands_device_idx";--> statement-breakpoint
DROP INDEX "remote_param_audit_device_idx";--> statement-breakpoint
DROP INDEX "remote_param_audit_plant_idx";--> statement-breakpoint
CREATE INDEX "remote_commands_device_idx" ON "remote_commands" USING btree ("device_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "remote_param_audit_device_idx" ON "remote_param_audit" USING btree ("device_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "remote_param_audit_plant_idx" ON "remote_param_audit" USING btree ("plant_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);