-- Referral (issue 27, docs/decisions/0127-referral.md): the ratio an ordinary referrer earns, the agent
-- schedule operators edit, each referrer's evaluated level, and one rebate row per referrer and day.
-- Money is NUMERIC; ratios are fractions of 1 (0.1 = 10%).

-- One row: the ratio a referrer without an agent level earns (core DEFAULT_REBATE_RATIO, 10%).
CREATE TABLE referral_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  default_ratio numeric(20, 8) NOT NULL CHECK (default_ratio >= 0 AND default_ratio <= 1),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO referral_settings (id, default_ratio) VALUES (true, 0.1);

-- The agent schedule, LV1..LV5; seeded from core DEFAULT_AGENT_LEVELS (a test compares them).
-- Maintenance no harder than the upgrade is core's agentScheduleProblem, checked on every edit.
CREATE TABLE agent_levels (
  level smallint PRIMARY KEY CHECK (level BETWEEN 1 AND 5),
  ratio numeric(20, 8) NOT NULL CHECK (ratio >= 0 AND ratio <= 1),
  upgrade_members integer NOT NULL CHECK (upgrade_members >= 0),
  upgrade_volume numeric(36, 8) NOT NULL CHECK (upgrade_volume >= 0),
  maintain_members integer NOT NULL CHECK (maintain_members >= 0),
  maintain_volume numeric(36, 8) NOT NULL CHECK (maintain_volume >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO agent_levels (level, ratio, upgrade_members, upgrade_volume, maintain_members, maintain_volume) VALUES
  (1, 0.2, 5, 10000, 3, 5000),
  (2, 0.25, 15, 50000, 10, 25000),
  (3, 0.3, 40, 200000, 30, 100000),
  (4, 0.35, 100, 1000000, 80, 500000),
  (5, 0.4, 300, 5000000, 240, 2500000);

-- A referrer's level as the agent job last evaluated it (0 = ordinary referrer), and for which day:
-- the job skips a day already evaluated, so a restart resumes.
CREATE TABLE agent_status (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  level smallint NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 5),
  valid_members integer NOT NULL DEFAULT 0 CHECK (valid_members >= 0),
  daily_volume numeric(36, 8) NOT NULL DEFAULT 0 CHECK (daily_volume >= 0),
  evaluated_day date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One rebate per referrer and platform day: the UNIQUE makes two runs at once pay once
-- (INSERT ... ON CONFLICT DO NOTHING); journal_id is null until posted, so a restart posts the rest.
-- fee_total and rebate are in USDT: fees in other assets are converted at the index price (0127).
CREATE TABLE referral_rebates (
  id bigserial PRIMARY KEY,
  referrer_id bigint NOT NULL REFERENCES users (id),
  day date NOT NULL,
  fee_total numeric(36, 8) NOT NULL CHECK (fee_total >= 0),
  ratio numeric(20, 8) NOT NULL CHECK (ratio >= 0 AND ratio <= 1),
  rebate numeric(36, 8) NOT NULL CHECK (rebate >= 0),
  journal_id bigint REFERENCES journal (id),
  created_at timestamptz NOT NULL,
  UNIQUE (referrer_id, day)
);
CREATE INDEX referral_rebates_unposted ON referral_rebates (id) WHERE journal_id IS NULL;
