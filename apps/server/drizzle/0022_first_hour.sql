CREATE TABLE "player_first_hour" (
	"user_id" text PRIMARY KEY NOT NULL,
	"steps" text[] DEFAULT '{}'::text[] NOT NULL,
	"guide_hidden" boolean DEFAULT false NOT NULL,
	"away_seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "player_first_hour" ADD CONSTRAINT "player_first_hour_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;