/** The back office's texts of the outbox (read by its pages; the shell's own are in `src/texts.ts`). */
export const outboxTexts = {
  outbox: {
    /** Its entry in the navigation. */
    nav: 'Outbox',
    title: 'Outbox',
    subtitle: 'Verification codes and other messages the server would send by email or SMS (dev outbox).',
    targetLabel: 'Target',
    targetPlaceholder: 'Email address or phone number',
    channels: { email: 'Email', sms: 'SMS' },
    columns: {
      time: 'Time',
      channel: 'Channel',
      target: 'Target',
      subject: 'Subject',
      body: 'Body',
    },
    empty: 'No messages.',
  },
} as const;
