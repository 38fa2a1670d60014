-- Room on every page for a second version of each row, so an update that changes no indexed column
-- (a balance, a subscription's paid-through day) is a heap-only tuple (HOT) update: written beside
-- the old version with no index entry, instead of a new row and one entry in each index. The daily
-- accrual updates every running subscription and its owner's balance, rows that lie side by side on
-- their pages: at the default fillfactor of 100 (ledger accounts) and 80 (subscriptions) a page had
-- room for the new versions of a few of its rows only, and the rest were moved (docs/decisions/0131-hot-updates.md).
-- Pages written before this keep their old fill until they are rewritten.
ALTER TABLE ledger_accounts SET (fillfactor = 50);
ALTER TABLE earn_subscriptions SET (fillfactor = 50);
