-- Read views: what an area shares of its tables with the other areas (docs/decisions/0109-table-owners.md).
-- Each is declared in its owner's module (`shares`); the lint lets any area name it, and no other
-- area name the tables behind it. Plain views: the planner reads through them to the tables' indexes.

-- users: what other areas may know of a user (never a password hash or the invite code).
CREATE VIEW user_directory AS
  SELECT id, kind, status, email, phone, wallet_address, nickname, system, vip_level, vip_volume, created_at
  FROM users;

-- admin: who an operator is (a review's decider), and a live operator session as the HTTP guard checks it.
CREATE VIEW operator_directory AS
  SELECT id, email, role FROM operators;
CREATE VIEW operator_logins AS
  SELECT s.token_hash, s.expires_at, s.revoked_at, o.id AS operator_id, o.email, o.role
  FROM operator_sessions s JOIN operators o ON o.id = s.operator_id;

-- ledger: the asset catalogue, every account's balance, and the journal's heads (what a posting was for).
CREATE VIEW asset_catalogue AS
  SELECT code, name, decimals, display_decimals, sort, enabled FROM assets;
CREATE VIEW account_balances AS
  SELECT realm, owner_type, owner, kind, asset, available, frozen FROM ledger_accounts;
CREATE VIEW journal_heads AS
  SELECT id, realm, kind, reference, subject, created_at FROM journal;

-- market: the instrument catalogue and the index price history.
CREATE VIEW instrument_catalogue AS
  SELECT * FROM instruments;
CREATE VIEW index_history AS
  SELECT symbol, ts, price, source FROM index_ticks;

-- spot: each fill's sides and fees, for the ledger's statement lines.
CREATE VIEW spot_fills AS
  SELECT journal_id, maker_order, taker_side, maker_fee, taker_fee FROM spot_trades;
