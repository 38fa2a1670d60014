-- Notifications (issue 14): one inbox per user, written by any area in the same transaction as the
-- event it reports. A row keeps its kind and plain-text params, not texts: the title and body are
-- the server messages `notice.<kind>.title` / `.body`, filled in the reader's language when read.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- An app path the notification offers to open (never an outside address).
  link text CHECK (link IS NULL OR (link LIKE '/%' AND link NOT LIKE '//%')),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
-- The inbox, newest first.
CREATE INDEX notifications_user ON notifications (user_id, id DESC);
-- The unread count (the badge), and marking all read.
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
