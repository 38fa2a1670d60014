import type { FirstOperator } from './admin/index.ts';

export interface BannerFacts {
  /** Where the web app is, e.g. `http://localhost:8080`. */
  origin: string;
  /** Where the data lives, in words: `PGlite in /srv/otc/data` or `PostgreSQL`. */
  data: string;
  /** The operator this start created, if it did. */
  firstOperator: FirstOperator | undefined;
}

/**
 * The few lines a person who ran `npm start` needs, set apart from the JSON log lines around them
 * (none of its lines starts with `{`, so whatever reads the log as JSON lines skips it): where the
 * apps are, and on a first start the back-office sign-in and where its generated password was written
 * (never the password itself: output is kept like a log).
 */
export function startBanner({ origin, data, firstOperator }: BannerFacts): string {
  const rule = '='.repeat(64);
  const lines = [
    '',
    rule,
    '  OTC Markets is running',
    '',
    `  App          ${origin}/`,
    `  Back office  ${origin}/admin/`,
    `  API docs     ${origin}/api/docs`,
    `  Data         ${data}`,
  ];
  if (firstOperator) {
    lines.push(
      '',
      '  ** First start: the back-office operator was created **',
      `  Email        ${firstOperator.email}`,
      firstOperator.passwordFile
        ? `  Password     in ${firstOperator.passwordFile}`
        : '  Password     the one in ADMIN_PASSWORD',
    );
    if (firstOperator.passwordFile)
      lines.push(
        '  Readable by you only: sign in, change it (Change password, at the top of the back office), then delete the file.',
      );
  }
  lines.push(rule, '');
  return lines.join('\n');
}
