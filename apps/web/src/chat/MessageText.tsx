import { chatParts } from '@otc/core/chat/rules';

/**
 * A message's text. A customer's is one text node (React escapes it: HTML shows as typed, no link
 * is made). An operator's links show the host the URL really reaches (core `linkHost`), so
 * `https://otc.example@evil.io` reads `evil.io`.
 */
export function MessageText({ text, staff }: { text: string; staff: boolean }) {
  if (!staff) return <span className="chat-text">{text}</span>;
  return (
    <span className="chat-text">
      {chatParts(text).map((part, i) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={i}>{part.text}</span>
        ) : (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="chat-link"
            title={part.href}
          >
            {part.host}
          </a>
        ),
      )}
    </span>
  );
}
