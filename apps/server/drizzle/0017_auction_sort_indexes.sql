DROP INDEX "auction_listings_active_expires_idx";--> statement-breakpoint
DROP INDEX "auction_listings_active_price_idx";--> statement-breakpoint
DROP INDEX "auction_listings_active_created_idx";--> statement-breakpoint
CREATE INDEX "auction_listings_active_price_desc_idx" ON "auction_listings" USING btree ("price" DESC NULLS FIRST,"expires_at","id") WHERE "auction_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "auction_listings_active_expires_idx" ON "auction_listings" USING btree ("expires_at","id") WHERE "auction_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "auction_listings_active_price_idx" ON "auction_listings" USING btree ("price","expires_at","id") WHERE "auction_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "auction_listings_active_created_idx" ON "auction_listings" USING btree ("created_at","id") WHERE "auction_listings"."status" = 'active';