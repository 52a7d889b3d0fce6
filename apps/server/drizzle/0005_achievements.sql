CREATE TABLE "achievement_counters" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "achievement_counters_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "achievement_progress" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"title" text,
	"time_zone" text,
	"played_at" timestamp with time zone,
	"reset_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievement_progress_points_check" CHECK ("achievement_progress"."total_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "battle_pass_grants" (
	"user_id" text NOT NULL,
	"level" integer NOT NULL,
	"character_id" uuid,
	"item_name" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battle_pass_grants_user_id_level_pk" PRIMARY KEY("user_id","level")
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"from_character_id" uuid,
	"to_character_id" uuid,
	"copper" bigint DEFAULT 0 NOT NULL,
	"item" jsonb,
	"quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_copper_check" CHECK ("gifts"."copper" >= 0),
	CONSTRAINT "gifts_quantity_check" CHECK ("gifts"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "player_achievements" (
	"user_id" text NOT NULL,
	"achievement_id" text NOT NULL,
	"points" integer NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
ALTER TABLE "achievement_counters" ADD CONSTRAINT "achievement_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_progress" ADD CONSTRAINT "achievement_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_pass_grants" ADD CONSTRAINT "battle_pass_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_pass_grants" ADD CONSTRAINT "battle_pass_grants_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_from_character_id_player_characters_id_fk" FOREIGN KEY ("from_character_id") REFERENCES "public"."player_characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_to_character_id_player_characters_id_fk" FOREIGN KEY ("to_character_id") REFERENCES "public"."player_characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_achievements" ADD CONSTRAINT "player_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_request_idx" ON "gifts" USING btree ("from_user_id","request_id");--> statement-breakpoint
CREATE INDEX "gifts_to_idx" ON "gifts" USING btree ("to_user_id","created_at");