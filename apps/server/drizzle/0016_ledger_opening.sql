-- Opening balances (docs/decisions.md "The ledger"): what existed before the ledger, one entry per
-- character's copper and chips, inventory row and active listing, from the 'opening' account.
INSERT INTO "ledger_entries" ("asset", "amount", "from_account", "to_account", "to_character_id", "reason")
  SELECT 'copper', "copper", 'opening', 'character', "id", 'opening' FROM "player_characters" WHERE "copper" > 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("asset", "amount", "from_account", "to_account", "to_character_id", "reason")
  SELECT 'chips', "casino_chips", 'opening', 'character', "id", 'opening' FROM "player_characters" WHERE "casino_chips" > 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("asset", "amount", "item_name", "from_account", "to_account", "to_character_id", "to_item_id", "reason")
  SELECT 'item', "quantity", coalesce("item_data"->>'name', '?'), 'opening', 'character', "character_id", "id", 'opening' FROM "player_character_inventory";--> statement-breakpoint
INSERT INTO "ledger_entries" ("asset", "amount", "item_name", "from_account", "to_account", "to_item_id", "reason", "cause_id")
  SELECT 'item', "quantity", "item_name", 'opening', 'escrow', "id", 'opening', "id"::text FROM "auction_listings" WHERE "status" = 'active';
