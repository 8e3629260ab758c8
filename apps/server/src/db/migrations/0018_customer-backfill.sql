-- Customers from before review and account managers (ADR 0035).
-- A form filled before review existed waits for one, like a new submission.
UPDATE "user_account" SET "attestation_state" = 'pending' WHERE "attested" AND "attestation_state" = 'none';
--> statement-breakpoint
-- Each existing customer gets a manager, round robin over the active staff with the manager role,
-- oldest customer first; the rotation row remembers the last one so sign-ups continue the turn.
-- With no manager yet (a fresh database) nothing happens here; the first read assigns one later.
WITH managers AS (
  SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n, count(*) OVER () AS total
  FROM "staff_account" WHERE NOT "disabled" AND 'manager' = ANY ("roles")
), customers AS (
  SELECT "id", row_number() OVER (ORDER BY "created_at", "id") - 1 AS n
  FROM "user_account" WHERE "manager_id" IS NULL
)
UPDATE "user_account" u SET "manager_id" = m."id"
FROM customers c JOIN managers m ON m.n = c.n % m.total
WHERE u."id" = c."id";
--> statement-breakpoint
INSERT INTO "manager_rotation" ("id", "last_staff_id")
SELECT 1, (SELECT "manager_id" FROM "user_account" WHERE "manager_id" IS NOT NULL ORDER BY "created_at" DESC, "id" DESC LIMIT 1)
ON CONFLICT ("id") DO NOTHING;
