CREATE TABLE "stripe_payees" (
	"email" text PRIMARY KEY NOT NULL,
	"account" varchar(64) NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
