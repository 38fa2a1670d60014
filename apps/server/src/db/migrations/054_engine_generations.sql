-- Fencing tokens for the roles one process owns (the spot and position engines, the market feed):
-- the owner that takes a role's advisory lock adds one to its generation in the lock's session and
-- remembers it; every engine write transaction checks, under a share lock on this row, that the
-- generation is still its own. A stale owner (its lock's connection lost, a standby took over) is
-- refused instead of writing beside the new one. Decision 0148.
CREATE TABLE engine_generations (
  role text PRIMARY KEY,
  generation bigint NOT NULL
);
