-- NFT collections and items (issue 26; docs/decisions/0124-nft.md). Operators configure them in the
-- back office; a user buys one unit at a time at the item's USDT price. What a buyer gets is a row
-- here, numbered, paid for by a ledger transaction: nothing is minted on a chain.
--
-- The images collections and items show are uploads (platform/uploads) an operator made, of
-- purpose `nft`: an upload now belongs to a user or to an operator, never both or neither.
ALTER TABLE uploads
  ALTER COLUMN owner_user_id DROP NOT NULL,
  ADD COLUMN owner_operator_id bigint REFERENCES operators (id),
  ADD CONSTRAINT uploads_one_owner CHECK ((owner_user_id IS NULL) <> (owner_operator_id IS NULL)),
  DROP CONSTRAINT uploads_purpose_check,
  ADD CONSTRAINT uploads_purpose_check
    CHECK (purpose IN ('avatar', 'kyc', 'payment_proof', 'loan_document', 'nft'));

CREATE TABLE nft_collections (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description text NOT NULL CHECK (length(description) <= 2000),
  -- An operator's upload of purpose `nft` (checked when saved), or none.
  image_id uuid REFERENCES uploads (id),
  listed boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- `sold_live` and `sold_demo` count units sold in each realm: demo users buy with demo funds and
-- never take a unit from real buyers. The CHECKs are the last guard against overselling; the buy
-- itself increments with `sold < supply` in its WHERE, so two buyers of the last unit cannot both win.
CREATE TABLE nft_items (
  id bigserial PRIMARY KEY,
  collection_id bigint NOT NULL REFERENCES nft_collections (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description text NOT NULL CHECK (length(description) <= 2000),
  image_id uuid REFERENCES uploads (id),
  price numeric(38, 18) NOT NULL CHECK (price > 0),
  supply integer NOT NULL CHECK (supply >= 0),
  sold_live integer NOT NULL DEFAULT 0 CHECK (sold_live BETWEEN 0 AND supply),
  sold_demo integer NOT NULL DEFAULT 0 CHECK (sold_demo BETWEEN 0 AND supply),
  listed boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX nft_items_collection ON nft_items (collection_id, id);

-- One row per unit sold: its serial number within the item and realm (1, 2, ... in the order
-- sold), its owner, the price paid and the journal transaction that paid it.
CREATE TABLE nft_units (
  id bigserial PRIMARY KEY,
  item_id bigint NOT NULL REFERENCES nft_items (id),
  realm text NOT NULL CHECK (realm IN ('live', 'demo')),
  serial integer NOT NULL CHECK (serial >= 1),
  user_id bigint NOT NULL REFERENCES users (id),
  price numeric(38, 18) NOT NULL CHECK (price > 0),
  journal_id bigint NOT NULL UNIQUE REFERENCES journal (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (item_id, realm, serial)
);
CREATE INDEX nft_units_owner ON nft_units (user_id, id);

