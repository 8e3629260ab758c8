-- The ledger's two rules the schema cannot declare (ADR 0050).
-- 1. Lines and entries are written once: an UPDATE or DELETE is refused (a correction is a new entry).
CREATE FUNCTION ledger_write_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are written once: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_line_write_once BEFORE UPDATE OR DELETE ON ledger_line FOR EACH ROW EXECUTE FUNCTION ledger_write_once();
--> statement-breakpoint
CREATE TRIGGER ledger_entry_write_once BEFORE UPDATE OR DELETE ON ledger_entry FOR EACH ROW EXECUTE FUNCTION ledger_write_once();
--> statement-breakpoint
-- 2. Each entry's lines sum to zero, checked when the transaction commits (after all its lines are in).
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT coalesce(sum(amount_fen), 0) INTO total FROM ledger_line WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance: its lines sum to %', NEW.entry_id, total USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_line DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();
