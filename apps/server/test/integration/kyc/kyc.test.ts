import type { AuditEntry } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import type { KycApplication, KycState } from '@otc/protocol/kyc/schemas';
import type { Notice } from '@otc/protocol/notifications/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/translate.ts';
import { requireVerification, verificationLevel, verifiedNationality } from '../../../src/kyc/index.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { ADVANCED, basicApplication, operatorOf, uploadPhoto } from './kyc-fixtures.ts';
import { noticesOf } from './notices.ts';

describe.each(DATABASES)('identity verification on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  let support: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    reviewer = await operatorOf(s, 'reviewer');
    support = await operatorOf(s, 'support');
  });
  afterAll(() => s.close());

  const apply = (token: string, body: Record<string, unknown>, lang = 'en') =>
    s.api<KycState>('/api/auth/applyApprove', body, { token, lang });
  const state = async (token: string) => (await s.api<KycState>('/api/kyc/status', {}, { token })).body.data;
  const applications = async (status?: string) =>
    (
      await s.api<{ items: KycApplication[]; total: number }>(
        `/api/admin/kyc/applications?pageSize=100${status ? `&status=${status}` : ''}`,
        undefined,
        { token: reviewer },
      )
    ).body.data.items;
  const pendingOf = async (userId: string, level = 'basic') => {
    const found = (await applications('reviewing')).find((a) => a.userId === userId && a.level === level);
    expect(found, `an application of ${userId} under review`).toBeDefined();
    return found as KycApplication;
  };
  const approve = (id: string, token = reviewer) =>
    s.api<KycApplication>('/api/admin/kyc/approve', { id }, { token });
  const reject = (id: string, reason: string, token = reviewer) =>
    s.api<KycApplication>('/api/admin/kyc/reject', { id, reason }, { token });
  const audits = async (action: string) =>
    (
      await s.api<{ items: AuditEntry[] }>(`/api/admin/audit?action=${action}&pageSize=100`, undefined, {
        token: admin,
      })
    ).body.data.items;
  const rowsOf = async (userId: string) =>
    Number(
      (
        await s.db.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM kyc_applications WHERE user_id = $1',
          [userId],
        )
      )[0]?.n,
    );

  it('takes a user from not verified through under review, rejected, resubmitted, to verified', async () => {
    const u = await registerUser(s);
    const before = await state(u.token);
    expect(before.basic).toMatchObject({ status: 'unverified', reason: null, mayApply: true, fields: null });
    expect(before.advanced).toMatchObject({ status: 'unverified', mayApply: false });

    const first = await basicApplication(s, u.token);
    const submitted = await apply(u.token, first);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.basic).toMatchObject({ status: 'reviewing', mayApply: false });
    const { level: _level, ...firstFields } = first;
    expect(submitted.body.data.basic.fields).toEqual(firstFields);

    // The operator sees it under review with every field, and rejects it with a reason.
    const pending = await pendingOf(u.user.id);
    const opened = await s.api<KycApplication>(`/api/admin/kyc/application?id=${pending.id}`, undefined, {
      token: reviewer,
    });
    expect(opened.body.data).toMatchObject({
      status: 'reviewing',
      level: 'basic',
      account: u.email,
      realName: 'Erika Mustermann',
      basic: firstFields,
      advanced: null,
    });
    const reason = 'The photo of the back is blurred.';
    const rejected = await reject(pending.id, reason);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason });
    const afterReject = await state(u.token);
    expect(afterReject.basic).toMatchObject({
      status: 'rejected',
      reason,
      mayApply: true,
      fields: firstFields,
    });
    expect(await noticesOf(s, u.user.id)).toContainEqual(
      expect.objectContaining({ kind: 'kyc.basic.rejected', params: { reason } }),
    );

    // Resubmission: under review again, the reason gone with the new application.
    const second = await basicApplication(s, u.token);
    const resubmitted = await apply(u.token, { ...second, documentNumber: 'T22000130' });
    expect(resubmitted.body.data.basic).toMatchObject({ status: 'reviewing', reason: null });
    expect(await verificationLevel(s.db, u.user.id)).toBe('none');

    const again = await pendingOf(u.user.id);
    const approved = await approve(again.id);
    expect(approved.body.data).toMatchObject({ status: 'verified', reason: null });
    const verified = await state(u.token);
    expect(verified.basic).toMatchObject({ status: 'verified', mayApply: false });
    expect(verified.advanced).toMatchObject({ status: 'unverified', mayApply: true });
    expect(await noticesOf(s, u.user.id)).toContainEqual(
      expect.objectContaining({ kind: 'kyc.basic.approved' }),
    );
    expect(await verificationLevel(s.db, u.user.id)).toBe('basic');
    expect(await verifiedNationality(s.db, u.user.id)).toBe('DE');

    // Verified stays verified: basic cannot be applied for again.
    const repeat = await apply(u.token, await basicApplication(s, u.token));
    expect(repeat.status).toBe(409);
    expect(repeat.body.data.error).toBe('kyc_verified');
  });

  it('opens advanced only once basic is verified, and verifies it the same way', async () => {
    const u = await registerUser(s);
    const early = await apply(u.token, ADVANCED, 'de');
    expect(early.status).toBe(403);
    expect(early.body.data.error).toBe('kyc_basic_required');
    expect(early.body.msg).toBe(translate('de', 'kyc_basic_required'));
    expect(await rowsOf(u.user.id)).toBe(0);

    await apply(u.token, await basicApplication(s, u.token));
    expect((await apply(u.token, ADVANCED)).body.data.error).toBe('kyc_basic_required');
    await approve((await pendingOf(u.user.id)).id);

    const advanced = await apply(u.token, ADVANCED);
    expect(advanced.status).toBe(200);
    expect(advanced.body.data.advanced).toMatchObject({ status: 'reviewing', mayApply: false });
    const pending = await pendingOf(u.user.id, 'advanced');
    // The reviewer sees who applies: the verified basic fields beside the advanced ones.
    const opened = (
      await s.api<KycApplication>(`/api/admin/kyc/application?id=${pending.id}`, undefined, { token: admin })
    ).body.data;
    expect(opened).toMatchObject({ level: 'advanced', realName: 'Erika Mustermann', advanced: { age: 35 } });
    expect(opened.basic?.nationality).toBe('DE');

    expect((await approve(pending.id, admin)).body.data.status).toBe('verified');
    expect((await state(u.token)).advanced.status).toBe('verified');
    expect(await verificationLevel(s.db, u.user.id)).toBe('advanced');
    expect(await noticesOf(s, u.user.id)).toContainEqual(
      expect.objectContaining({ kind: 'kyc.advanced.approved' }),
    );
  });

  it('refuses a submit while under review, and stores nothing', async () => {
    const u = await registerUser(s);
    await apply(u.token, await basicApplication(s, u.token));
    const twice = await apply(u.token, await basicApplication(s, u.token), 'fr');
    expect(twice.status).toBe(409);
    expect(twice.body.data.error).toBe('kyc_under_review');
    expect(twice.body.msg).toBe(translate('fr', 'kyc_under_review'));
    expect(translate('en', 'kyc_under_review')).toBe('Your application is under review');
    expect(await rowsOf(u.user.id)).toBe(1);
  });

  it('lets only one of two racing submits in', async () => {
    const u = await registerUser(s);
    const body = await basicApplication(s, u.token);
    const answers = await Promise.all([apply(u.token, body), apply(u.token, body), apply(u.token, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await rowsOf(u.user.id)).toBe(1);
  });

  it('refuses photos that are not the user’s own kyc uploads', async () => {
    const u = await registerUser(s);
    const other = await registerUser(s);
    const theirs = await uploadPhoto(s, other.token);
    const body = await basicApplication(s, u.token);
    for (const field of ['frontImage', 'backImage'] as const) {
      const res = await apply(u.token, { ...body, [field]: theirs });
      expect(res.status).toBe(400);
      expect(res.body.data).toMatchObject({ error: 'kyc_photo_invalid', field });
      const unknown = await apply(u.token, { ...body, [field]: '999999999' });
      expect(unknown.body.data).toMatchObject({ error: 'kyc_photo_invalid', field });
    }
    const same = await apply(u.token, { ...body, backImage: body.frontImage });
    expect(same.body.data).toMatchObject({ error: 'kyc_photos_same', field: 'backImage' });
    expect(await rowsOf(u.user.id)).toBe(0);
  });

  it('refuses missing and malformed fields with the field named, in the user’s language', async () => {
    const u = await registerUser(s);
    const body = await basicApplication(s, u.token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...body, nationality: undefined }, 'field_required', 'nationality'],
      [{ ...body, nationality: 'XX' }, 'field_invalid', 'nationality'],
      [{ ...body, realName: '   ' }, 'field_required', 'realName'],
      [{ ...body, firstName: 'x'.repeat(101) }, 'field_too_long', 'firstName'],
      [{ ...body, documentType: 'library_card' }, 'field_invalid', 'documentType'],
      [{ ...body, documentNumber: '<b>' }, 'field_invalid', 'documentNumber'],
      [{ ...body, frontImage: undefined }, 'field_required', 'frontImage'],
      [{ ...body, level: 'gold' }, 'field_invalid', 'level'],
      [{ ...body, extra: 1 }, 'field_invalid', 'extra'],
    ];
    for (const [request, error, field] of cases) {
      const res = await apply(u.token, request, 'de');
      expect(res.status, `${field}`).toBe(400);
      expect(res.body.data, field).toMatchObject({ error, field });
    }
    const missing = await apply(u.token, { ...body, lastName: undefined }, 'de');
    expect(missing.body.msg).toBe('Bitte geben Sie Ihren Nachnamen ein.');
    expect(await rowsOf(u.user.id)).toBe(0);

    await apply(u.token, body);
    await approve((await pendingOf(u.user.id)).id);
    const young = await apply(u.token, { ...ADVANCED, age: 12 });
    expect(young.body.data).toMatchObject({ error: 'field_invalid', field: 'age' });
    const noPhone = await apply(u.token, { ...ADVANCED, emergencyPhone: 'call me' });
    expect(noPhone.body.data).toMatchObject({ error: 'field_invalid', field: 'emergencyPhone' });
    expect(await rowsOf(u.user.id)).toBe(1);
  });

  it('tells a demo account it needs no verification', async () => {
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    expect((await state(demo.token)).demo).toBe(true);
    expect((await state(demo.token)).basic.mayApply).toBe(false);
    const res = await apply(demo.token, {
      ...(await basicApplication(s, demo.token)),
    });
    expect(res.status).toBe(403);
    expect(res.body.data.error).toBe('kyc_demo');
    expect(res.body.msg).toBe('Demo accounts need no verification.');
    expect(await rowsOf(demo.user.id)).toBe(0);
  });

  it('lets admins and reviewers decide, not support, and never twice', async () => {
    const u = await registerUser(s);
    await apply(u.token, await basicApplication(s, u.token));
    const pending = await pendingOf(u.user.id);
    // Support reads the queue but cannot decide.
    expect(
      (await s.api(`/api/admin/kyc/application?id=${pending.id}`, undefined, { token: support })).status,
    ).toBe(200);
    for (const res of [await approve(pending.id, support), await reject(pending.id, 'No.', support)]) {
      expect(res.status).toBe(403);
      expect(res.body.data.error).toBe('forbidden');
    }
    expect((await state(u.token)).basic.status).toBe('reviewing');

    expect((await reject(pending.id, 'Wrong document')).status).toBe(200);
    for (const res of [await approve(pending.id), await reject(pending.id, 'Again', admin)]) {
      expect(res.status).toBe(409);
      expect(res.body.data.error).toBe('already_decided');
    }
    expect((await state(u.token)).basic).toMatchObject({ status: 'rejected', reason: 'Wrong document' });
    expect((await approve('987654321')).body.data).toMatchObject({ error: 'not_found', field: 'id' });
    const empty = await reject(pending.id, '  ');
    expect(empty.body.data).toMatchObject({ error: 'field_required', field: 'reason' });
    const long = await reject(pending.id, 'x'.repeat(501));
    expect(long.body.data).toMatchObject({ error: 'field_too_long', field: 'reason' });
  });

  it('keeps HTML in a reason as the text it is, and audits every decision', async () => {
    const u = await registerUser(s);
    await apply(u.token, await basicApplication(s, u.token));
    const pending = await pendingOf(u.user.id);
    const reason = '<img src=x onerror="alert(1)"> <b>blurred</b> & cut';
    await reject(pending.id, reason);
    expect((await state(u.token)).basic.reason).toBe(reason);
    expect(await noticesOf(s, u.user.id)).toContainEqual(
      expect.objectContaining({ kind: 'kyc.basic.rejected', params: { reason } }),
    );
    // The inbox reads it back as text, in the reader's language, linking to the identity page.
    const inbox = await s.api<{ items: Notice[] }>(
      '/api/common/noticelist',
      {},
      { token: u.token, lang: 'de' },
    );
    const rejectedNotice = inbox.body.data.items.find((n) => n.kind === 'kyc.basic.rejected');
    expect(rejectedNotice?.body).toContain(reason);
    expect(rejectedNotice?.link).toBe('/pages/assets/auth');
    const rejectAudit = (await audits('kyc.reject')).find((a) => a.target === u.user.id);
    expect(rejectAudit?.detail).toMatchObject({ application: pending.id, level: 'basic', reason });

    await apply(u.token, await basicApplication(s, u.token));
    const next = await pendingOf(u.user.id);
    await approve(next.id);
    const approveAudit = (await audits('kyc.approve')).find((a) => a.target === u.user.id);
    expect(approveAudit?.detail).toMatchObject({ application: next.id, level: 'basic' });
  });

  it('lists applications under review first, and filters by status', async () => {
    const items = await applications();
    const firstDecided = items.findIndex((a) => a.status !== 'reviewing');
    const lastPending = items.map((a) => a.status).lastIndexOf('reviewing');
    expect(lastPending).toBeLessThan(firstDecided === -1 ? Number.POSITIVE_INFINITY : firstDecided);
    expect((await applications('rejected')).every((a) => a.status === 'rejected')).toBe(true);
    expect((await applications('verified')).length).toBeGreaterThan(0);
  });

  it('answers later areas: requireVerification refuses before approval and passes after', async () => {
    const u = await registerUser(s);
    const refused = await requireVerification(s.db, u.user.id, 'basic').catch((e: unknown) => e);
    expect(refused).toMatchObject({ key: 'kyc_required', status: 403 });
    expect(translate('en', 'kyc_required')).toBe('You have not authorized yet, please authorize.');
    await apply(u.token, await basicApplication(s, u.token));
    await expect(requireVerification(s.db, u.user.id, 'basic')).rejects.toMatchObject({
      key: 'kyc_required',
    });
    await approve((await pendingOf(u.user.id)).id);
    await expect(requireVerification(s.db, u.user.id, 'basic')).resolves.toBeUndefined();
    await expect(requireVerification(s.db, u.user.id, 'advanced')).rejects.toMatchObject({
      key: 'kyc_required',
    });
    expect(await verifiedNationality(s.db, (await registerUser(s)).user.id)).toBeNull();
  });
});
