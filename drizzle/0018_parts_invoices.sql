CREATE TABLE "parts_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"invoice_number" varchar(20) NOT NULL,
	"invoice_type" varchar(20) NOT NULL,
	"invoice_date" date NOT NULL,
	"name" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"collected" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parts_invoices" ADD CONSTRAINT "parts_invoices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_invoices" ADD CONSTRAINT "parts_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parts_invoices_number_key" ON "parts_invoices" USING btree ("location_id","invoice_number");--> statement-breakpoint
CREATE INDEX "parts_invoices_date_idx" ON "parts_invoices" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "parts_invoices_location_date_idx" ON "parts_invoices" USING btree ("location_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "parts_invoices_collected_date_idx" ON "parts_invoices" USING btree ("collected","invoice_date","id");--> statement-breakpoint
CREATE INDEX "parts_invoices_number_idx" ON "parts_invoices" USING btree ("invoice_number","id");--> statement-breakpoint
CREATE INDEX "parts_invoices_amount_idx" ON "parts_invoices" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "parts_invoices_search_idx" ON "parts_invoices" USING gin (lower("invoice_number" || ' ' || "name" || ' ' || "account") gin_trgm_ops);