/**
 * Builds one statement's parameters: `p(value)` adds a value and gives its placeholder. Callers of
 * the ledger's batch writers use it to add their own rows to the statement that writes the postings.
 */
export class Params {
  readonly values: unknown[] = [];
  p(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
