-- The operators' audit log as a hash chain (docs/decisions/0144-audit-chain.md): a job seals entries
-- in the order it finds them (seq) with the hash of their fields and the previous hash; entries wait
-- unsealed (seq NULL) for at most a minute. Entries written before this are sealed by its first run.
ALTER TABLE audit_log ADD COLUMN seq bigint, ADD COLUMN hash text CHECK (hash ~ '^[0-9a-f]{64}$');
ALTER TABLE audit_log ADD CONSTRAINT audit_log_sealed CHECK ((seq IS NULL) = (hash IS NULL));
CREATE UNIQUE INDEX audit_log_seq ON audit_log (seq) WHERE seq IS NOT NULL;
CREATE INDEX audit_log_unsealed ON audit_log (id) WHERE seq IS NULL;
