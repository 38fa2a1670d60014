/** The key of one book: an instrument in a realm (each has its own engine). */
export function bookKey(realm: string, symbol: string): string {
  return `${realm}|${symbol}`;
}

/** Rows of many books, each book's in the order read (oldest first when read so). */
export function byBook<R extends { realm: string; symbol: string }>(rows: readonly R[]): Map<string, R[]> {
  const books = new Map<string, R[]>();
  for (const row of rows) {
    const key = bookKey(row.realm, row.symbol);
    const book = books.get(key);
    if (book) book.push(row);
    else books.set(key, [row]);
  }
  return books;
}
