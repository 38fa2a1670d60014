/**
 * The tables a piece of the server owns (an area's `AreaModule`, or platform machinery's own
 * `TableOwner`): only files in its folder (and folders below) name them in SQL; another area reads
 * them through a view the owner shares, and changes them through a function its module exports.
 * The lint (`scripts/tables.mjs`) reads these lists from the source: write them as literals.
 */
export interface TableOwner {
  /** The tables it owns: every table the migrations create has exactly one owner. */
  readonly tables?: readonly string[];
  /** The read views (created by a migration) it shares: any area may name them in SQL. */
  readonly shares?: readonly string[];
  /**
   * Tables of platform machinery (a `TableOwner`, never another area) that files in its folder read
   * as they are: the ledger area reads the posting layer's journal and balances.
   */
  readonly reads?: readonly string[];
}
