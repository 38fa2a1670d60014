-- Issue 23: the captcha is a signed proof-of-work challenge (ALTCHA) instead of a picture. Nothing is
-- kept per challenge issued; a solved one is kept until it expires, so it is taken once.
DROP TABLE captchas;
CREATE TABLE captchas_spent (
  challenge text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captchas_spent_expiry ON captchas_spent (expires_at);
