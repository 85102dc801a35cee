ALTER TABLE "payment_idempotency_keys" RENAME TO "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "payment_idempotency_keys_user_id_key_pk" TO "idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME CONSTRAINT "payment_idempotency_keys_user_id_users_id_fk" TO "idempotency_keys_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "payment_idempotency_created_idx" RENAME TO "idempotency_keys_created_idx";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "action" SET DATA TYPE varchar(200);