CREATE TABLE "payment_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"revision" smallint NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" varchar(64),
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_payouts" ADD CONSTRAINT "payment_payouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_payouts_key" ON "payment_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_payouts_live_key" ON "payment_payouts" USING btree ("payment_id") WHERE "payment_payouts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_payouts_reference_idx" ON "payment_payouts" USING btree ("reference");--> statement-breakpoint
-- Each payment's current payout, from what the payment holds; one still out with the provider is live.
INSERT INTO "payment_payouts" ("payment_id", "revision", "idempotency_key", "amount_cents", "reference", "status")
SELECT "id", "revision", 'payment-' || "id" || '-' || "revision", "amount_cents", "provider_reference",
  CASE WHEN "state" IN ('sent', 'changed') THEN 'pending' WHEN "state" = 'paid' THEN 'paid' WHEN "state" = 'failed' THEN 'failed' ELSE 'cancelled' END
FROM "payments" WHERE "provider_reference" IS NOT NULL AND "revision" > 0;--> statement-breakpoint
-- A changed amount now waits for a new approval: the one who changed it stands as its requester.
UPDATE "payments" p SET "approved_by" = NULL, "requested_by" = COALESCE((
  SELECT e."user_id" FROM "payment_events" e WHERE e."payment_id" = p."id" AND e."action" = 'change-payment' ORDER BY e."id" DESC LIMIT 1
), p."requested_by") WHERE p."state" = 'changed';
