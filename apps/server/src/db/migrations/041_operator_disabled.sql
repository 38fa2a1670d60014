-- An operator can be disabled (`npm run admin -- operator:disable`): no login, and the sessions they
-- hold stop working at once (the guard reads operator_logins, which leaves them out).
ALTER TABLE operators ADD COLUMN disabled_at timestamptz;
CREATE OR REPLACE VIEW operator_logins AS
  SELECT s.token_hash, s.expires_at, s.revoked_at, o.id AS operator_id, o.email, o.role
  FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
  WHERE o.disabled_at IS NULL;
