CREATE TABLE "post_images" (
	"path" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"post_id" uuid
);
--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_images_owner_idx" ON "post_images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "post_images_pending_idx" ON "post_images" USING btree ("created_at") WHERE "post_images"."post_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "post_images_post_uq" ON "post_images" USING btree ("post_id");