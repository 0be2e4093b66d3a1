CREATE TABLE "blob_store_binding" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"database_id" uuid NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "blob_store_binding_one_row" CHECK ("blob_store_binding"."id" = 1)
);
