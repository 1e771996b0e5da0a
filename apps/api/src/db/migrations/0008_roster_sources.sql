CREATE TABLE "roster_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"endpoint_url" text NOT NULL,
	"tenant" text,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"authorization_type" text DEFAULT 'oauth2' NOT NULL,
	"token_url" text,
	"sso_provider" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"allow_automatic" boolean DEFAULT false NOT NULL,
	"schedule" text DEFAULT '0 2 * * *' NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_sources_authorization_type_check" CHECK ("roster_sources"."authorization_type" in ('oauth2')),
	CONSTRAINT "roster_sources_sso_provider_check" CHECK ("roster_sources"."sso_provider" is null or "roster_sources"."sso_provider" in ('clever', 'classlink', 'google'))
);
--> statement-breakpoint
ALTER TABLE "roster_sources" ADD CONSTRAINT "roster_sources_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roster_sources_account_unique" ON "roster_sources" USING btree ("account_id");