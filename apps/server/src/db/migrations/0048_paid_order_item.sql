CREATE TABLE "paid_order_item" (
	"device_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "paid_order_item_device_id_order_id_pk" PRIMARY KEY("device_id","order_id")
);
