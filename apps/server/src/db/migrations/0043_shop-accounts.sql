-- The shop's ledger accounts exist from the start (ADR 0050): a posting then finds them by key inside its one
-- INSERT of the entry and its lines, instead of creating them first on every payment. Owned accounts (prestore,
-- group, wallet, walletPending) are still created on their first line. Kept in step with SHOP_ACCOUNT_KEYS
-- (modules/ledger); the ledger test checks every key is here.
INSERT INTO ledger_account (key, kind, owner_id, balance_fen) VALUES
  ('revenue', 'revenue', NULL, NULL),
  ('receivable', 'receivable', NULL, NULL),
  ('bank', 'bank', NULL, NULL),
  ('refunds', 'refunds', NULL, NULL),
  ('coupon', 'coupon', NULL, NULL),
  ('points', 'points', NULL, NULL),
  ('bonus', 'bonus', NULL, NULL),
  ('rebate', 'rebate', NULL, NULL),
  ('payout', 'payout', NULL, NULL),
  ('gateway:local', 'gateway', NULL, NULL),
  ('gateway:alipay', 'gateway', NULL, NULL),
  ('gateway:wechat', 'gateway', NULL, NULL)
ON CONFLICT (key) DO NOTHING;
