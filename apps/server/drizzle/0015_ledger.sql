CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"item_name" text,
	"from_account" text NOT NULL,
	"from_character_id" uuid,
	"from_item_id" uuid,
	"to_account" text NOT NULL,
	"to_character_id" uuid,
	"to_item_id" uuid,
	"reason" text NOT NULL,
	"cause_id" text,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" > 0),
	CONSTRAINT "ledger_entries_asset_check" CHECK ("ledger_entries"."asset" in ('copper', 'chips', 'item') and ("ledger_entries"."asset" = 'item') = ("ledger_entries"."item_name" is not null)),
	CONSTRAINT "ledger_entries_from_check" CHECK (("ledger_entries"."from_account" = 'character') = ("ledger_entries"."from_character_id" is not null)),
	CONSTRAINT "ledger_entries_to_check" CHECK (("ledger_entries"."to_account" = 'character') = ("ledger_entries"."to_character_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_from_character_idx" ON "ledger_entries" USING btree ("from_character_id","id") WHERE "ledger_entries"."from_character_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_to_character_idx" ON "ledger_entries" USING btree ("to_character_id","id") WHERE "ledger_entries"."to_character_id" is not null;