-- user/info's answer is kept per process (ADR 0081): every process must hear when what it shows changes. The
-- database announces it, so no writer can forget: the customer's id on yance_user_info_changed, delivered when the
-- writing transaction commits (never when it rolls back); "*" when a manager's card changes (many customers show it).
-- The columns are those user/info's one statement reads (user.repository's userInfoReader and its parts).
CREATE FUNCTION user_info_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'user_account' THEN
    PERFORM pg_notify('yance_user_info_changed', COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME = 'staff_account' THEN
    PERFORM pg_notify('yance_user_info_changed', '*');
  ELSE
    PERFORM pg_notify('yance_user_info_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_account_info_changed AFTER UPDATE OF phone, username, invite_code, wx_openid, name, email, organization,
  company, teacher, teacher_phone, teacher_mail, region, address, attested, attestation_state, attestation_reason, disabled,
  manager_id, created_at OR DELETE ON user_account FOR EACH ROW EXECUTE FUNCTION user_info_changed();
--> statement-breakpoint
CREATE TRIGGER user_address_info_changed AFTER INSERT OR UPDATE OR DELETE ON user_address FOR EACH ROW EXECUTE FUNCTION user_info_changed();
--> statement-breakpoint
CREATE TRIGGER plan_item_info_changed AFTER INSERT OR UPDATE OF user_id OR DELETE ON plan_item FOR EACH ROW EXECUTE FUNCTION user_info_changed();
--> statement-breakpoint
CREATE TRIGGER staff_account_info_changed AFTER UPDATE OF account, name, phone, email, wechat_qr, disabled, roles OR DELETE
  ON staff_account FOR EACH STATEMENT EXECUTE FUNCTION user_info_changed();
