CREATE TABLE "notification_group_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"kind" varchar(10) DEFAULT 'user' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_group_members_kind_check" CHECK ("notification_group_members"."kind" = 'user' and "notification_group_members"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "notification_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location_id" integer NOT NULL,
	"topic" varchar(20) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_group_members" ADD CONSTRAINT "notification_group_members_group_id_notification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."notification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_group_members" ADD CONSTRAINT "notification_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_group_members_user_key" ON "notification_group_members" USING btree ("group_id","user_id") WHERE "notification_group_members"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_group_members_group_idx" ON "notification_group_members" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "notification_group_members_user_idx" ON "notification_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_groups_location_name_key" ON "notification_groups" USING btree ("location_id",lower("name"));--> statement-breakpoint
CREATE INDEX "notification_groups_name_idx" ON "notification_groups" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "notification_groups_location_idx" ON "notification_groups" USING btree ("location_id","name","id");