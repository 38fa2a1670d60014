-- Whether an operator may still sign in, in the view other areas read operators through: the chat's
-- hand-over lists and accepts only active support and admin operators (a disabled one, migration
-- 041, would be handed conversations nobody reads). The column is added at the view's end.
CREATE OR REPLACE VIEW operator_directory AS
  SELECT id, email, role, disabled_at IS NULL AS active FROM operators;
