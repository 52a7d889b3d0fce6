CREATE TABLE "player_character_appearance" (
	"character_id" uuid PRIMARY KEY NOT NULL,
	"hair_style" text DEFAULT 'default' NOT NULL,
	"hair_color" text DEFAULT '#000000' NOT NULL,
	"eye_color" text DEFAULT '#000000' NOT NULL,
	"clothes_style" text DEFAULT 'casual' NOT NULL,
	"skin_tone" text DEFAULT '#8D5524' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_character_attributes" (
	"character_id" uuid PRIMARY KEY NOT NULL,
	"strength" integer NOT NULL,
	"dexterity" integer NOT NULL,
	"intelligence" integer NOT NULL,
	"constitution" integer NOT NULL,
	"attack" integer NOT NULL,
	"magic_power" integer NOT NULL,
	"speed" integer NOT NULL,
	"defense" integer NOT NULL,
	"health" integer NOT NULL,
	"current_health" integer NOT NULL,
	"max_health" integer NOT NULL,
	"current_mana" integer NOT NULL,
	"max_mana" integer NOT NULL,
	"base_strength" integer NOT NULL,
	"base_dexterity" integer NOT NULL,
	"base_intelligence" integer NOT NULL,
	"base_constitution" integer NOT NULL,
	"base_attack" integer NOT NULL,
	"base_magic_power" integer NOT NULL,
	"base_speed" integer NOT NULL,
	"base_defense" integer NOT NULL,
	"base_health" integer NOT NULL,
	"base_current_health" integer NOT NULL,
	"base_max_health" integer NOT NULL,
	"base_current_mana" integer NOT NULL,
	"base_max_mana" integer NOT NULL,
	"mana_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_character_backpack" (
	"character_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tier" text NOT NULL,
	"slots" integer NOT NULL,
	"description" text NOT NULL,
	"price" bigint NOT NULL,
	"sell_price" bigint
);
--> statement-breakpoint
CREATE TABLE "player_character_inventory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character_id" uuid NOT NULL,
	"item_data" jsonb NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"equipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_character_inventory_quantity_check" CHECK ("player_character_inventory"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_characters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"race" text NOT NULL,
	"class" text NOT NULL,
	"gender" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"copper" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"skill_points" integer DEFAULT 0 NOT NULL,
	"spent_attribute_points" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"avatar_path" text,
	"background_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_characters_copper_check" CHECK ("player_characters"."copper" >= 0),
	CONSTRAINT "player_characters_level_check" CHECK ("player_characters"."level" >= 1),
	CONSTRAINT "player_characters_xp_check" CHECK ("player_characters"."xp" >= 0),
	CONSTRAINT "player_characters_skill_points_check" CHECK ("player_characters"."skill_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "player_character_appearance" ADD CONSTRAINT "player_character_appearance_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_character_attributes" ADD CONSTRAINT "player_character_attributes_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_character_backpack" ADD CONSTRAINT "player_character_backpack_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_character_inventory" ADD CONSTRAINT "player_character_inventory_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_characters" ADD CONSTRAINT "player_characters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_character_inventory_character_idx" ON "player_character_inventory" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "player_characters_user_idx" ON "player_characters" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_characters_one_active_idx" ON "player_characters" USING btree ("user_id") WHERE is_active;