/** The back office's texts of the support chat (read by its pages; the shell's own are in `src/texts.ts`). */
export const chatTexts = {
  nav: 'Support chat',
  title: 'Support chat',
  subtitle:
    'Take a waiting conversation to answer it; only its holder answers, hands it over or closes it (each audited). Lists and the open conversation refresh every 3 seconds.',
  boxes: { waiting: 'Waiting', mine: 'Mine', others: 'Others’', closed: 'Closed' },
  empty: 'No conversations here.',
  pick: 'Pick a conversation to read it.',
  guest: 'Guest',
  user: (id: string) => `User ${id}`,
  unread: (n: number) => `${n} unread`,
  /** `who`: the holder's email when the answerers list knows them, else `operator <id>`. */
  heldBy: (who: string | null) => (who ? `Held by ${who}` : 'Not taken yet'),
  authors: { user: 'User', guest: 'Guest', operator: 'Support' },
  read: 'Read',
  sent: 'Sent',
  take: 'Take',
  close: 'Close conversation',
  handOver: 'Hand over',
  handOverTo: 'Hand over to',
  handOverPick: 'Choose an operator',
  roles: { admin: 'admin', support: 'support' },
  closeTitle: 'Close this conversation?',
  closeBody:
    'The customer sees it closed; the history is kept, and a new message from them opens a new conversation.',
  answer: 'Answer',
  attach: 'Image',
  placeholder: 'Write an answer (plain text; links show their real host to the customer)',
  guestNoImage: 'Guests cannot see images: answer with text.',
  image: 'Image',
} as const;
