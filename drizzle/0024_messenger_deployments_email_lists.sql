CREATE TABLE "email_opt_outs" (
	"email" varchar(320) PRIMARY KEY NOT NULL,
	"send_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messenger_deployments" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"shortcuts" jsonb NOT NULL,
	"deployed_by" integer,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messenger_deployments" ADD CONSTRAINT "messenger_deployments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_deployments" ADD CONSTRAINT "messenger_deployments_deployed_by_users_id_fk" FOREIGN KEY ("deployed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_deployments_version_key" ON "messenger_deployments" USING btree ("location_id","version");--> statement-breakpoint
CREATE INDEX "messenger_deployments_deployed_idx" ON "messenger_deployments" USING btree ("deployed_at","id");--> statement-breakpoint
CREATE INDEX "messenger_deployments_location_deployed_idx" ON "messenger_deployments" USING btree ("location_id","deployed_at","id");