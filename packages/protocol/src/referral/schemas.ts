import { z } from 'zod';
import { decimalInput } from '../amounts.ts';
import { amountText, pageBody } from '../ledger/schemas.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One day's rebate as the daily job credited it. */
export const rebateRecord = z.object({
  id: z.string(),
  day: day.describe('The platform day (UTC) whose fees it rebates'),
  feeTotal: amountText.describe('The referees’ live fees of that day, in USDT'),
  ratio: amountText.describe('The referrer’s ratio that day (0.1 = 10%)'),
  rebate: amountText.describe('feeTotal x ratio, rounded down to 8 places'),
  asset: z.string(),
  createdAt: z.string().describe('When it was credited'),
});
export type RebateRecord = z.infer<typeof rebateRecord>;

/**
 * The seed's `/api/common/promoteinfo`: the caller's code and link, how many it invited, and its
 * rebates credited today, this month (UTC, by the platform clock) and in all, with the latest records.
 */
export const promoteInfo = z.object({
  inviteCode: z.string(),
  link: z.string().describe('The register screen with the code filled in'),
  count: z.number().int().describe('Users registered with the caller’s code'),
  asset: z.string(),
  todayRebate: amountText,
  monthRebate: amountText,
  totalRebate: amountText,
  records: z.array(rebateRecord).describe('The latest ten'),
});
export type PromoteInfo = z.infer<typeof promoteInfo>;

export const referralPageBody = pageBody.strict();
export type ReferralPageBody = z.input<typeof referralPageBody>;

export const rebateRecordsPage = z.object({ items: z.array(rebateRecord), total: z.number().int() });
export type RebateRecordsPage = z.infer<typeof rebateRecordsPage>;

/** A referee as its referrer sees it: never its full contact. */
export const teamMember = z.object({
  contact: z.string().describe('The referee’s email or phone, masked (first 3 and last 3 kept)'),
  joinedAt: z.string(),
  valid: z.boolean().describe('Basic verification approved and a first deposit: it counts for agent levels'),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamPage = z.object({ items: z.array(teamMember), total: z.number().int() });
export type TeamPage = z.infer<typeof teamPage>;

const condition = z.object({ validMembers: z.number().int(), dailyVolume: amountText });

/** One level of the agent schedule. */
export const agentLevel = z.object({
  level: z.number().int(),
  ratio: amountText,
  upgrade: condition,
  maintain: condition,
});
export type AgentLevel = z.infer<typeof agentLevel>;

/** The caller's agent statistics as the daily job last evaluated them. */
export const agentStats = z.object({
  level: z.number().int().describe('0: an ordinary referrer; 1..5: LV1..LV5'),
  ratio: amountText.describe('The ratio its rebates are paid at'),
  teamSize: z.number().int(),
  validMembers: z.number().int(),
  dailyVolume: amountText.describe('The team’s live volume of the day evaluated, in USDT'),
  evaluatedDay: day.nullable(),
  feeTotal: amountText.describe('The team’s fees rebated so far, in USDT'),
  rebateTotal: amountText,
  next: z
    .object({ level: z.number().int(), validMembers: z.number().int(), dailyVolume: amountText })
    .nullable()
    .describe('What is still missing to the next level; null at the top'),
  levels: z.array(agentLevel),
});
export type AgentStats = z.infer<typeof agentStats>;

/** The agent schedule in the back office: each level with how many agents hold it now. */
export const adminAgentLevel = agentLevel.extend({
  agents: z.number().int().describe('Referrers at this level as last evaluated'),
  updatedAt: z.iso.datetime(),
});
export type AdminAgentLevel = z.infer<typeof adminAgentLevel>;
export const adminAgentSchedule = z.object({
  defaultRatio: amountText.describe('What a referrer with no agent level earns (0.1 = 10%)'),
  levels: z.array(adminAgentLevel),
});
export type AdminAgentSchedule = z.infer<typeof adminAgentSchedule>;

const conditionInput = z.strictObject({
  validMembers: z.number().int().min(0).max(1_000_000),
  dailyVolume: decimalInput,
});

export const saveAgentScheduleBody = z.strictObject({
  defaultRatio: decimalInput,
  levels: z
    .array(
      z.strictObject({
        level: z.number().int(),
        ratio: decimalInput,
        upgrade: conditionInput,
        maintain: conditionInput,
      }),
    )
    .max(20)
    .describe('The whole schedule: LV1 to LV5 once each'),
});
export type SaveAgentScheduleBody = z.infer<typeof saveAgentScheduleBody>;
