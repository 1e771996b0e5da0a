CREATE TABLE "roster_enrollment_chunks" (
	"queue_id" integer NOT NULL,
	"chunk" integer NOT NULL,
	"sourced_ids" text[] NOT NULL,
	"class_sourced_ids" text[] NOT NULL,
	"user_sourced_ids" text[] NOT NULL,
	"roles" text[] NOT NULL,
	"primaries" boolean[] NOT NULL,
	"statuses" text[] NOT NULL,
	CONSTRAINT "roster_enrollment_chunks_queue_id_chunk_pk" PRIMARY KEY("queue_id","chunk")
);
--> statement-breakpoint
ALTER TABLE "roster_enrollment_chunks" ADD CONSTRAINT "roster_enrollment_chunks_queue_id_roster_queue_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."roster_queue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the enrollments of items staged before: from their json chunks into arrays, in the same order
INSERT INTO "roster_enrollment_chunks" ("queue_id", "chunk", "sourced_ids", "class_sourced_ids", "user_sourced_ids", "roles", "primaries", "statuses")
SELECT r."queue_id", r."chunk",
       array_agg(coalesce(x."sourcedId", '') ORDER BY x.n), array_agg(coalesce(x."classSourcedId", '') ORDER BY x.n),
       array_agg(coalesce(x."userSourcedId", '') ORDER BY x.n), array_agg(coalesce(x.role, '') ORDER BY x.n),
       array_agg(coalesce(x."primary", false) ORDER BY x.n), array_agg(coalesce(x.status, 'active') ORDER BY x.n)
  FROM "roster_snapshot_rows" r,
       ROWS FROM (json_to_recordset(r."rows") AS ("sourcedId" text, "classSourcedId" text, "userSourcedId" text,
         role text, "primary" boolean, status text)) WITH ORDINALITY AS x("sourcedId", "classSourcedId",
         "userSourcedId", role, "primary", status, n)
 WHERE r."list" = 'enrollments'
 GROUP BY r."queue_id", r."chunk";
--> statement-breakpoint
DELETE FROM "roster_snapshot_rows" WHERE "list" = 'enrollments';
