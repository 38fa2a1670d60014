-- Proof of liabilities becomes a Merkle sum tree (docs/decisions/0140-proof-sum-tree.md): each node's
-- hash commits to its children's sums, and the published totals are the root's sums. Snapshots made
-- before keep their plain tree and are no longer served: a proof of theirs could not be checked by
-- today's verifier, and their totals were not bound to their root. They stay, marked, for the record.
ALTER TABLE proof_snapshots ADD COLUMN scheme text NOT NULL DEFAULT 'otc-por-v1';
ALTER TABLE proof_snapshots ALTER COLUMN scheme DROP DEFAULT;
CREATE INDEX proof_snapshots_scheme_idx ON proof_snapshots (scheme, id DESC);
