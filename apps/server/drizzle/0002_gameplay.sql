CREATE TABLE "character_adventures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character_id" uuid NOT NULL,
	"location" text NOT NULL,
	"level" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"original_ms" integer NOT NULL,
	"speed_reduction" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"reward_claimed" boolean DEFAULT false NOT NULL,
	"outcome" jsonb,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "character_crafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character_id" uuid NOT NULL,
	"recipe_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "console_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"character_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sender" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poker_games" (
	"character_id" uuid PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"seed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"section" text NOT NULL,
	"offer_id" text NOT NULL,
	"position" integer NOT NULL,
	"item" jsonb NOT NULL,
	"price" bigint NOT NULL,
	"sold" boolean DEFAULT false NOT NULL,
	CONSTRAINT "store_offers_price_check" CHECK ("store_offers"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "player_characters" ADD COLUMN "casino_chips" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_characters" ADD COLUMN "crafting_xp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_characters" ADD COLUMN "unlocked_recipes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "player_characters" ADD COLUMN "spell_effects" jsonb DEFAULT '{"bonusWinChance":0,"bonusDefense":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "player_characters" ADD COLUMN "adventures_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_characters" ADD COLUMN "battles_won" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "character_adventures" ADD CONSTRAINT "character_adventures_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_crafts" ADD CONSTRAINT "character_crafts_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_messages" ADD CONSTRAINT "console_messages_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poker_games" ADD CONSTRAINT "poker_games_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_offers" ADD CONSTRAINT "store_offers_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "character_adventures_one_open_idx" ON "character_adventures" USING btree ("character_id") WHERE not "character_adventures"."completed";--> statement-breakpoint
CREATE INDEX "character_adventures_due_idx" ON "character_adventures" USING btree ("end_time") WHERE not "character_adventures"."completed";--> statement-breakpoint
CREATE INDEX "character_adventures_character_idx" ON "character_adventures" USING btree ("character_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "character_crafts_one_open_idx" ON "character_crafts" USING btree ("character_id") WHERE not "character_crafts"."completed";--> statement-breakpoint
CREATE INDEX "character_crafts_due_idx" ON "character_crafts" USING btree ("ends_at") WHERE not "character_crafts"."completed";--> statement-breakpoint
CREATE INDEX "console_messages_character_idx" ON "console_messages" USING btree ("character_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_offers_window_idx" ON "store_offers" USING btree ("character_id","window_start","offer_id");--> statement-breakpoint
ALTER TABLE "player_characters" ADD CONSTRAINT "player_characters_chips_check" CHECK ("player_characters"."casino_chips" >= 0);