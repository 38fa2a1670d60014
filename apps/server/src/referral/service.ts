import { agentProgress, formatUnits, maskText, parseUnits, rebateRatio, type Units } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import { inviteLink, REBATE_ASSET } from '@otc/protocol/referral/constants';
import type {
  AgentStats,
  PromoteInfo,
  RebateRecord,
  RebateRecordsPage,
  ReferralPageBody,
  TeamPage,
} from '@otc/protocol/referral/schemas';
import type { AppContext } from '../context.ts';
import { fail } from '../http/errors.ts';
import { getUser } from '../users/index.ts';
import { agentStatusOf, inviteeCount, type RebateRow, rebatePage, rebateSums, teamPage } from './queries.ts';
import { loadSchedule } from './schedule.ts';

/** The caller, as every call of the area takes it: from the session alone, never from the body. */
export interface Caller {
  userId: string;
  realm: Realm;
}

const text = (n: string | Units) => formatUnits(typeof n === 'string' ? parseUnits(n) : n);
const page = (body: ReferralPageBody) => ({ page: body.page ?? 1, pageSize: body.pageSize ?? 20 });

const record = (r: RebateRow): RebateRecord => ({
  id: r.id,
  day: r.day,
  feeTotal: text(r.fee_total),
  ratio: text(r.ratio),
  rebate: text(r.rebate),
  asset: REBATE_ASSET,
  createdAt: new Date(r.created_at).toISOString(),
});

/** What a user sees of its invites, rebates and agent level; another user's are never reachable. */
export class ReferralService {
  constructor(private readonly ctx: AppContext) {}

  /** Demo users never refer (their codes are refused at registration) and earn nothing. */
  private real(caller: Caller): string {
    if (caller.realm !== 'live') fail('referral_demo');
    return caller.userId;
  }

  async promoteInfo(caller: Caller): Promise<PromoteInfo> {
    const userId = this.real(caller);
    const user = await getUser(this.ctx, userId);
    if (!user) fail('unauthorized');
    const now = this.ctx.clock.date();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [count, sums, latest] = await Promise.all([
      inviteeCount(this.ctx.db, userId),
      rebateSums(this.ctx.db, userId, today, month),
      rebatePage(this.ctx.db, userId, { page: 1, pageSize: 10 }),
    ]);
    return {
      inviteCode: user.invite_code,
      link: inviteLink(this.ctx.config.publicUrl ?? '', user.invite_code),
      count,
      asset: REBATE_ASSET,
      todayRebate: text(sums.today),
      monthRebate: text(sums.month),
      totalRebate: text(sums.total),
      records: latest.rows.map(record),
    };
  }

  async rebates(caller: Caller, body: ReferralPageBody): Promise<RebateRecordsPage> {
    const { rows, total } = await rebatePage(this.ctx.db, this.real(caller), page(body));
    return { items: rows.map(record), total };
  }

  async team(caller: Caller, body: ReferralPageBody): Promise<TeamPage> {
    const { rows, total } = await teamPage(this.ctx.db, this.real(caller), page(body));
    return {
      items: rows.map((r) => ({
        contact: maskText(r.contact ?? ''),
        joinedAt: new Date(r.created_at).toISOString(),
        valid: Boolean(r.valid),
      })),
      total,
    };
  }

  async agent(caller: Caller): Promise<AgentStats> {
    const userId = this.real(caller);
    const [schedule, status, teamSize, sums] = await Promise.all([
      loadSchedule(this.ctx.db),
      agentStatusOf(this.ctx.db, userId),
      inviteeCount(this.ctx.db, userId),
      rebateSums(this.ctx.db, userId, new Date(0), new Date(0)),
    ]);
    const level = Number(status?.level ?? 0);
    const stats = {
      validMembers: Number(status?.valid ?? 0),
      dailyVolume: parseUnits(status?.volume ?? '0'),
    };
    const next = agentProgress(level, stats, schedule.levels);
    return {
      level,
      ratio: text(rebateRatio(level, schedule.levels, schedule.defaultRatio)),
      teamSize,
      validMembers: stats.validMembers,
      dailyVolume: text(stats.dailyVolume),
      evaluatedDay: status?.day ?? null,
      feeTotal: text(sums.fees),
      rebateTotal: text(sums.total),
      next: next && {
        level: next.level,
        validMembers: next.validMembers,
        dailyVolume: text(next.dailyVolume),
      },
      levels: schedule.levels.map((l) => ({
        level: l.level,
        ratio: text(l.ratio),
        upgrade: { validMembers: l.upgrade.validMembers, dailyVolume: text(l.upgrade.dailyVolume) },
        maintain: { validMembers: l.maintain.validMembers, dailyVolume: text(l.maintain.dailyVolume) },
      })),
    };
  }
}
