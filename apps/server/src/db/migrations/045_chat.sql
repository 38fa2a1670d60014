-- The support chat (issue 27, docs/decisions/0129-chat.md): one open conversation per user or guest
-- device; messages keep their author's kind (only 'operator' earns the staff badge); each side's
-- last read message gives the unread counts and the read receipts. History is kept: nothing deleted.
CREATE TABLE chat_conversations (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  device_token text,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'open', 'closed')),
  operator_id bigint REFERENCES operators (id),
  customer_read_id bigint NOT NULL DEFAULT 0,
  staff_read_id bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  last_message_at timestamptz NOT NULL,
  CHECK (user_id IS NOT NULL OR device_token IS NOT NULL)
);
CREATE UNIQUE INDEX chat_one_open_per_user ON chat_conversations (user_id)
  WHERE status <> 'closed' AND user_id IS NOT NULL;
CREATE UNIQUE INDEX chat_one_open_per_device ON chat_conversations (device_token)
  WHERE status <> 'closed' AND user_id IS NULL;
CREATE INDEX chat_conversations_queue ON chat_conversations (status, last_message_at DESC);

CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id),
  author_kind text NOT NULL CHECK (author_kind IN ('user', 'guest', 'operator')),
  operator_id bigint REFERENCES operators (id),
  text text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);

-- A user's image in the chat is an upload of purpose `chat` (operators answering chats read it).
ALTER TABLE uploads
  DROP CONSTRAINT uploads_purpose_check,
  ADD CONSTRAINT uploads_purpose_check
    CHECK (purpose IN ('avatar', 'kyc', 'payment_proof', 'loan_document', 'nft', 'chat'));
ALTER TABLE chat_messages
  ADD COLUMN upload_id uuid REFERENCES uploads (id),
  ADD CONSTRAINT chat_messages_text_or_image CHECK (text <> '' OR upload_id IS NOT NULL);
