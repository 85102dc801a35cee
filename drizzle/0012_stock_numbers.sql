CREATE TABLE "stock_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock" varchar(20) NOT NULL,
	"location_id" integer NOT NULL,
	"vin" varchar(17) NOT NULL,
	"acquired_by" varchar(20) NOT NULL,
	"purchase_vin" varchar(17),
	"parent" varchar(20),
	"trade_order" smallint,
	"year" smallint,
	"make" text,
	"model" text,
	"trim" text,
	"vin_override" boolean DEFAULT false NOT NULL,
	"batch_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_sequences" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_numbers" ADD CONSTRAINT "stock_numbers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_numbers" ADD CONSTRAINT "stock_numbers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_sequences" ADD CONSTRAINT "stock_sequences_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_numbers_stock_key" ON "stock_numbers" USING btree ("stock");--> statement-breakpoint
CREATE INDEX "stock_numbers_location_idx" ON "stock_numbers" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_numbers_created_idx" ON "stock_numbers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_numbers_vin_idx" ON "stock_numbers" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "stock_numbers_vin_serial_idx" ON "stock_numbers" USING btree (right("vin", 8));--> statement-breakpoint
CREATE INDEX "stock_numbers_parent_idx" ON "stock_numbers" USING btree ("parent") WHERE "stock_numbers"."parent" is not null;--> statement-breakpoint
CREATE INDEX "stock_numbers_stock_trgm_idx" ON "stock_numbers" USING gin ("stock" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_numbers_vin_trgm_idx" ON "stock_numbers" USING gin ("vin" gin_trgm_ops);