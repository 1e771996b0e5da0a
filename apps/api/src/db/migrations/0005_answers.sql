CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"screen_id" integer NOT NULL,
	"section" integer NOT NULL,
	"value" jsonb NOT NULL,
	"revision" bigint NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"score" integer,
	"is_correct" smallint,
	"correct_values" jsonb,
	"review_score" integer,
	"review_annotation" jsonb,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "answers_is_correct_check" CHECK ("answers"."is_correct" is null or "answers"."is_correct" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "attempt_states" (
	"attempt_id" integer NOT NULL,
	"state_id" text NOT NULL,
	"value" jsonb,
	"revision" bigint NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_states_attempt_id_state_id_pk" PRIMARY KEY("attempt_id","state_id")
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "last_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_states" ADD CONSTRAINT "attempt_states_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_attempt_question_unique" ON "answers" USING btree ("attempt_id","question_id");