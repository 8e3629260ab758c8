ALTER TABLE "order_event" DROP CONSTRAINT "order_event_action_check";--> statement-breakpoint
ALTER TABLE "order_sample" DROP CONSTRAINT "order_sample_state_check";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agreement_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agreement_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_action_check" CHECK ("order_event"."action" in ('submit', 'quote', 'confirmContract', 'pay', 'markPaid', 'receive', 'startTesting', 'deliver', 'confirmData', 'markOverdue', 'settle', 'cancel', 'saveDraft', 'sampling', 'samplingCancel', 'sample.ship', 'sample.unship', 'sample.checkIn', 'sample.test', 'sample.keep', 'sample.holdForReturn', 'sample.giveBack', 'sample.destroy', 'sample.destroyNotice', 'testRecord', 'fileUpload', 'fileApprove', 'fileReject', 'adjust', 'retest', 'contractUpload', 'contractReject', 'called', 'pickupAssign', 'pickupUnassign', 'adjustPay', 'adjustRefund', 'refund'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agreement_check" CHECK (("orders"."agreement_version" is null) = ("orders"."agreement_accepted_at" is null));--> statement-breakpoint
ALTER TABLE "order_sample" ADD CONSTRAINT "order_sample_state_check" CHECK ("order_sample"."state" in ('awaiting', 'inTransit', 'signed', 'testing', 'kept', 'awaitingReturn', 'returned', 'destroyed'));--> statement-breakpoint
-- Samples asked back that an order already delivered held as 检测中/已签收 now wait to be returned (ADR 0070).
UPDATE "order_sample" SET "state" = 'awaitingReturn' WHERE "return_sample" AND "state" IN ('signed', 'testing') AND "order_id" IN (SELECT "id" FROM "orders" WHERE "state" IN ('delivered', 'unsettled', 'overdue', 'completed'));