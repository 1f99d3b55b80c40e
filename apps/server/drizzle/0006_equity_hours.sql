CREATE TABLE "account_equity_hours" (
	"account_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"first_time" timestamp with time zone NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"last_balance_cents" bigint NOT NULL,
	"last_equity_cents" bigint NOT NULL,
	"min_equity_cents" bigint NOT NULL,
	"snapshots" integer NOT NULL,
	CONSTRAINT "account_equity_hours_account_id_hour_pk" PRIMARY KEY("account_id","hour")
);
--> statement-breakpoint
-- The hours of the snapshots stored so far (hours from the epoch in UTC; the last snapshot of an hour is the latest, the later-arrived on a tie).
INSERT INTO "account_equity_hours" ("account_id", "hour", "first_time", "last_time", "last_balance_cents", "last_equity_cents", "min_equity_cents", "snapshots")
SELECT "account_id", date_bin('1 hour', "time", timestamptz '1970-01-01 00:00:00+00'), min("time"), max("time"),
  (array_agg("balance_cents" ORDER BY "time" DESC, "seq" DESC))[1], (array_agg("equity_cents" ORDER BY "time" DESC, "seq" DESC))[1],
  min("equity_cents"), count(*)
FROM "account_events" WHERE "kind" = 'snapshot'
GROUP BY 1, 2;
