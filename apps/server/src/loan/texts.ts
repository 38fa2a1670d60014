/** A moment as notifications show it, the same in every language: `2027-01-10 09:30 UTC`. */
export const dueText = (ms: number): string =>
  `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
