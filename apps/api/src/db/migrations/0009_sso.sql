CREATE TABLE "sso_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"domain_id" integer,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"tenant" text,
	"hosted_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_configs_owner_check" CHECK (("sso_configs"."account_id" is null) <> ("sso_configs"."domain_id" is null)),
	CONSTRAINT "sso_configs_provider_check" CHECK ("sso_configs"."provider" in ('classlink', 'clever', 'google')),
	CONSTRAINT "sso_configs_domain_google_check" CHECK ("sso_configs"."domain_id" is null or "sso_configs"."provider" = 'google')
);
--> statement-breakpoint
CREATE TABLE "sso_connect_requests" (
	"request_hash" text PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"provider" smallint NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"provider" smallint NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"scope" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"connect_user_id" integer,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connect_requests" ADD CONSTRAINT "sso_connect_requests_config_id_sso_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."sso_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_states" ADD CONSTRAINT "sso_states_config_id_sso_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."sso_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_states" ADD CONSTRAINT "sso_states_connect_user_id_users_id_fk" FOREIGN KEY ("connect_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_configs_account_provider" ON "sso_configs" USING btree ("account_id","provider") WHERE "sso_configs"."account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_configs_domain_provider" ON "sso_configs" USING btree ("domain_id","provider") WHERE "sso_configs"."domain_id" is not null;--> statement-breakpoint
CREATE INDEX "sso_states_expires_idx" ON "sso_states" USING btree ("expires_at");