-- The operators' audit log as a hash chain (docs/decisions/0144-audit-chain.md): a job seals entries
-- in the order it finds them (seq) with the hash of their fields and the previous hash; entries wait
-- unsealed (seq NULL) for at most a minute. Entries written before this are sealed by its first run.
-- And the user an action was taken on, so its owner sees it (issue 29: every operator action on an
-- account is visible to its owner); entries before this name none.
ALTER TABLE audit_log ADD COLUMN subject_user_id bigint;
CREATE INDEX audit_log_subject ON audit_log (subject_user_id, id DESC) WHERE subject_user_id IS NOT NULL;
ALTER TABLE audit_log ADD COLUMN seq bigint, ADD COLUMN hash text CHECK (hash ~ '^[0-9a-f]{64}$');
ALTER TABLE audit_log ADD CONSTRAINT audit_log_sealed CHECK ((seq IS NULL) = (hash IS NULL));
CREATE UNIQUE INDEX audit_log_seq ON audit_log (seq) WHERE seq IS NOT NULL;
CREATE INDEX audit_log_unsealed ON audit_log (id) WHERE seq IS NULL;
