-- News and announcements (docs/decisions/0128-news.md): an operator's item, its texts per language
-- (English required, checked by the service: the fallback every reader can get), the instruments it
-- is tagged with, and each reader's one read.
CREATE TABLE news_items (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('news', 'announcement')),
  -- Readers see it from then on, by the platform clock: scheduling is just a later time.
  publish_at timestamptz NOT NULL,
  created_by bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX news_items_published ON news_items (publish_at DESC, id DESC);

-- Markdown as written; the HTML is rendered when read (the renderer's fixes reach old items too).
CREATE TABLE news_texts (
  item_id bigint NOT NULL REFERENCES news_items (id),
  lang text NOT NULL,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  summary text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (item_id, lang)
);

CREATE TABLE news_tags (
  item_id bigint NOT NULL REFERENCES news_items (id),
  symbol text NOT NULL,
  PRIMARY KEY (item_id, symbol)
);
CREATE INDEX news_tags_by_symbol ON news_tags (symbol, item_id);

-- One row per reader per item: the primary key makes a second read (even two at once) count nothing.
CREATE TABLE news_reads (
  item_id bigint NOT NULL REFERENCES news_items (id),
  user_id bigint NOT NULL REFERENCES users (id),
  read_at timestamptz NOT NULL,
  PRIMARY KEY (item_id, user_id)
);
