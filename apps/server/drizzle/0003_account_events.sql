-- event_id and kind compare bytewise (COLLATE "C"): identifiers, not words; a locale's collation only slows the keys down.
CREATE TABLE "account_events" (
	"connector_id" uuid NOT NULL,
	"event_id" text COLLATE "C" NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "account_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"ticket" text,
	"symbol" text,
	"side" text,
	"volume" double precision,
	"open_time" timestamp with time zone,
	"open_price" double precision,
	"close_time" timestamp with time zone,
	"close_price" double precision,
	"profit_cents" bigint,
	"commission_cents" bigint,
	"swap_cents" bigint,
	"balance_cents" bigint,
	"equity_cents" bigint,
	"open_positions" integer,
	"amount_cents" bigint,
	"comment" text,
	CONSTRAINT "account_events_connector_id_event_id_pk" PRIMARY KEY("connector_id","event_id"),
	CONSTRAINT "account_events_kind_valid" CHECK ("account_events"."kind" in ('trade', 'snapshot', 'balance')),
	CONSTRAINT "account_events_trade_fields" CHECK ("account_events"."kind" <> 'trade' or ("account_events"."ticket" is not null and "account_events"."symbol" is not null and "account_events"."side" in ('buy', 'sell')
        and "account_events"."volume" > 0 and "account_events"."open_time" is not null and "account_events"."open_price" is not null and "account_events"."profit_cents" is not null
        and "account_events"."commission_cents" is not null and "account_events"."swap_cents" is not null
        and ("account_events"."close_time" is null) = ("account_events"."close_price" is null) and ("account_events"."close_time" is null or "account_events"."close_time" >= "account_events"."open_time"))),
	CONSTRAINT "account_events_snapshot_fields" CHECK ("account_events"."kind" <> 'snapshot' or ("account_events"."balance_cents" is not null and "account_events"."equity_cents" is not null and "account_events"."open_positions" >= 0)),
	CONSTRAINT "account_events_balance_fields" CHECK ("account_events"."kind" <> 'balance' or ("account_events"."amount_cents" is not null and "account_events"."comment" is not null))
);
--> statement-breakpoint
CREATE INDEX "account_events_account_kind_time_idx" ON "account_events" USING btree ("account_id","kind","time","seq");--> statement-breakpoint
-- Events stored before this migration move over with their connector (from ingested_events), in their arrival order.
INSERT INTO "account_events" ("connector_id", "event_id", "account_id", "kind", "time", "ticket", "symbol", "side", "volume", "open_time",
  "open_price", "close_time", "close_price", "profit_cents", "commission_cents", "swap_cents", "balance_cents", "equity_cents",
  "open_positions", "amount_cents", "comment")
SELECT i."connector_id", e."event_id", e."account_id", e."kind", e."time", e."ticket", e."symbol", e."side", e."volume", e."open_time",
  e."open_price", e."close_time", e."close_price", e."profit_cents", e."commission_cents", e."swap_cents", e."balance_cents",
  e."equity_cents", e."open_positions", e."amount_cents", e."comment"
FROM (
  SELECT 'trade' AS "kind", 1 AS "part", "id", "account_id", "event_id", "time", "ticket", "symbol", "side", "volume", "open_time", "open_price",
    "close_time", "close_price", "profit_cents", "commission_cents", "swap_cents", NULL::bigint AS "balance_cents", NULL::bigint AS "equity_cents",
    NULL::integer AS "open_positions", NULL::bigint AS "amount_cents", NULL::text AS "comment"
  FROM "trades"
  UNION ALL
  SELECT 'snapshot', 2, "id", "account_id", "event_id", "time", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "balance_cents", "equity_cents", "open_positions", NULL, NULL
  FROM "equity_snapshots"
  UNION ALL
  SELECT 'balance', 3, "id", "account_id", "event_id", "time", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    NULL, NULL, NULL, "amount_cents", "comment"
  FROM "balance_operations"
) e
JOIN "ingested_events" i ON i."event_id" = e."event_id" AND i."account_id" = e."account_id"
ORDER BY e."part", e."id"
ON CONFLICT DO NOTHING;
