-- The rows every order writes (its journal entries, the order itself) no longer carry foreign
-- keys. Each key cost a trigger and a lookup per row: together 4 of them took about 60 us of
-- PostgreSQL's time per order, a quarter of what an order costs the database (durable orders
-- benchmark, docs/BENCHMARKS.md). Nothing is ever deleted from the tables they pointed at, the
-- writers take the ids from rows they have just read or locked, and the ledger check (run after
-- every integration suite and by `npm run ledger:check`) reports any entry or order that names a
-- missing journal, account, user or instrument.
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_journal_id_fkey;
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_account_id_fkey;
ALTER TABLE spot_orders DROP CONSTRAINT spot_orders_user_id_fkey;
ALTER TABLE spot_orders DROP CONSTRAINT spot_orders_symbol_fkey;
