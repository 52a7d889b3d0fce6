ALTER TABLE "users" ADD COLUMN "chat_muted_by_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_by_role" text;