import type { Queryable } from '../db/db.ts';

/** The agreements shipped with the platform, in English; operators add translations. */
const AGREEMENTS = [
  {
    key: 'register',
    title: 'User Agreement',
    content: [
      'By creating an OTC Markets account you agree to these terms.',
      '1. You are at least 18 years old and allowed to use trading services where you live.',
      '2. Trading spot, perpetual, seconds and CFD products carries a high risk of loss. Leverage increases it. Only trade money you can afford to lose.',
      '3. Prices and outcomes are decided by the index price recorded with each order, never by an operator.',
      '4. Fees, spreads, stamp duty and interest are shown before you confirm and are exactly what is charged.',
      '5. Keep your password and transaction password secret. We never ask for them.',
      '6. Withdrawals follow the published rules: minimum, fee, identity verification and review thresholds.',
      '7. Demo accounts trade with simulated funds only and never touch real balances.',
    ].join('\n\n'),
  },
  {
    key: 'privacy',
    title: 'Privacy Policy',
    content: [
      'We keep the data needed to run your account: your email or mobile number, identity verification documents, and your transactions.',
      'Passwords are stored only as salted memory-hard hashes. Session tokens are stored only as hashes.',
      'We do not sell your data. Operators see what their role requires, and every operator action is recorded in an audit log.',
    ].join('\n\n'),
  },
];

export async function seedAgreements(q: Queryable): Promise<void> {
  for (const a of AGREEMENTS) {
    await q.query(
      `INSERT INTO agreements (key, language, title, content) VALUES ($1, 'en', $2, $3) ON CONFLICT DO NOTHING`,
      [a.key, a.title, a.content],
    );
  }
}
