-- Uploaded images (platform/uploads): stored in the database so any instance serves them. Only
-- the re-encoded image is kept (no metadata, nothing appended), never the bytes as sent.
-- Areas keep upload ids in their own tables and check them with findOwnUpload (owner and purpose).
CREATE TABLE uploads (
  id uuid PRIMARY KEY,
  owner_user_id bigint NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('avatar', 'kyc', 'payment_proof', 'loan_document')),
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  size integer NOT NULL CHECK (size > 0),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_owner ON uploads (owner_user_id, created_at);
