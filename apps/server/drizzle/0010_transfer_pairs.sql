CREATE TABLE "transfer_pairs" (
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"gift_given" bigint DEFAULT 0 NOT NULL,
	"gift_counted" bigint DEFAULT 0 NOT NULL,
	"sales_day" date,
	"sales_counted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "transfer_pairs_from_user_id_to_user_id_pk" PRIMARY KEY("from_user_id","to_user_id"),
	CONSTRAINT "transfer_pairs_gift_check" CHECK ("transfer_pairs"."gift_given" >= 0 and "transfer_pairs"."gift_counted" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transfer_pairs" ADD CONSTRAINT "transfer_pairs_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_pairs" ADD CONSTRAINT "transfer_pairs_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_pairs_to_idx" ON "transfer_pairs" USING btree ("to_user_id");