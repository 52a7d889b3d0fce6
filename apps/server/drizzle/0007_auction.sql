CREATE TABLE "auction_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_user_id" text NOT NULL,
	"seller_character_id" uuid NOT NULL,
	"item_data" jsonb NOT NULL,
	"item_name" text NOT NULL,
	"item_tier" text NOT NULL,
	"item_slot" text,
	"quantity" integer NOT NULL,
	"price" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"buyer_user_id" text,
	"buyer_character_id" uuid,
	"payout" bigint,
	"sold_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "auction_listings_status_check" CHECK ("auction_listings"."status" in ('active', 'sold', 'cancelled', 'expired')),
	CONSTRAINT "auction_listings_price_check" CHECK ("auction_listings"."price" > 0),
	CONSTRAINT "auction_listings_fee_check" CHECK ("auction_listings"."fee" >= 0),
	CONSTRAINT "auction_listings_quantity_check" CHECK ("auction_listings"."quantity" > 0),
	CONSTRAINT "auction_listings_sold_check" CHECK ("auction_listings"."status" <> 'sold' or ("auction_listings"."sold_at" is not null and "auction_listings"."payout" is not null))
);
--> statement-breakpoint
ALTER TABLE "auction_listings" ADD CONSTRAINT "auction_listings_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_listings" ADD CONSTRAINT "auction_listings_seller_character_id_player_characters_id_fk" FOREIGN KEY ("seller_character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_listings" ADD CONSTRAINT "auction_listings_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_listings" ADD CONSTRAINT "auction_listings_buyer_character_id_player_characters_id_fk" FOREIGN KEY ("buyer_character_id") REFERENCES "public"."player_characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_listings_active_expires_idx" ON "auction_listings" USING btree ("expires_at") WHERE "auction_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "auction_listings_active_price_idx" ON "auction_listings" USING btree ("price") WHERE "auction_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "auction_listings_active_created_idx" ON "auction_listings" USING btree ("created_at") WHERE "auction_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "auction_listings_seller_idx" ON "auction_listings" USING btree ("seller_user_id","created_at");--> statement-breakpoint
CREATE INDEX "auction_listings_sales_idx" ON "auction_listings" USING btree ("item_name","sold_at") WHERE "auction_listings"."status" = 'sold';