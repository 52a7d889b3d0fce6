CREATE TABLE "character_skills" (
	"character_id" uuid NOT NULL,
	"skill_id" text NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_skills_character_id_skill_id_pk" PRIMARY KEY("character_id","skill_id")
);
--> statement-breakpoint
ALTER TABLE "character_skills" ADD CONSTRAINT "character_skills_character_id_player_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."player_characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_character_attributes_lb_health_idx" ON "player_character_attributes" USING btree ("max_health","character_id");--> statement-breakpoint
CREATE INDEX "player_character_attributes_lb_defense_idx" ON "player_character_attributes" USING btree ("defense","character_id");--> statement-breakpoint
CREATE INDEX "player_character_attributes_lb_attack_idx" ON "player_character_attributes" USING btree ("attack","character_id");--> statement-breakpoint
CREATE INDEX "player_characters_lb_xp_idx" ON "player_characters" USING btree ("level","xp","id");--> statement-breakpoint
CREATE INDEX "player_characters_lb_adventures_idx" ON "player_characters" USING btree ("adventures_completed","id");--> statement-breakpoint
CREATE INDEX "player_characters_lb_battles_idx" ON "player_characters" USING btree ("battles_won","id");