-- Payload columns the game reads but never filters, joins, groups or sorts on: the planner has no
-- use for their statistics, and ANALYZE spent most of its time on them (a jsonb value is compared
-- to sort a sample of 30,000). The embedded database analyzes on the server's own thread
-- (db/maintenance.ts), so each ANALYZE of these tables held every request (docs/decisions.md).
ALTER TABLE "store_offers" ALTER COLUMN "item" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "player_character_inventory" ALTER COLUMN "item_data" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "auction_listings" ALTER COLUMN "item_data" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "item" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "character_adventures" ALTER COLUMN "outcome" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "character_crafts" ALTER COLUMN "result" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "console_messages" ALTER COLUMN "content" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "character_appearance" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "text" SET STATISTICS 0;
