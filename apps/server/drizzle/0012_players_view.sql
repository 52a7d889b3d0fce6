ALTER TABLE "chat_messages" ADD COLUMN "character_appearance" jsonb;--> statement-breakpoint
CREATE INDEX "direct_messages_sender_idx" ON "direct_messages" USING btree ("sender_id","receiver_id");--> statement-breakpoint
CREATE INDEX "direct_messages_receiver_idx" ON "direct_messages" USING btree ("receiver_id","sender_id");