CREATE TABLE "org_subtree_daily" (
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"generation" double precision DEFAULT 0 NOT NULL,
	"consumption" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "org_subtree_daily_org_id_day_shard_pk" PRIMARY KEY("org_id","day","shard")
);
--> statement-breakpoint
ALTER TABLE "org_subtree_daily" ADD CONSTRAINT "org_subtree_daily_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- org_subtree_daily (decision 028): org_energy_daily's generation and consumption summed per organisation's
-- subtree, shard and day, so that the dashboard's trend of a dealer reads one row per shard and day instead of
-- one per organisation, currency, time zone, shard and day. Kept as 0034's roll-ups are: by statement
-- triggers on org_energy_daily with transition tables (so every writer of plant days, plant moves and deletes
-- included, keeps it), each delta added to every organisation on its organisation's path, grouped and
-- upserted in key order, in the shards of org_energy_daily (plant id mod 4, ingest's lanes: lanes never
-- share a row); removals only subtract.
CREATE FUNCTION org_path_ids(path text) RETURNS int[] AS $$
  SELECT string_to_array(trim(both '/' FROM path), '/')::int[]
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE FUNCTION org_subtree_daily_apply() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_subtree_daily AS s (org_id, day, shard, generation, consumption)
  SELECT a.id, d.day, d.shard, sum(d.generation), sum(d.consumption)
  FROM (
    SELECT org_id, day, shard, generation, consumption FROM new_rows
    UNION ALL
    SELECT org_id, day, shard, -generation, -consumption FROM old_rows) d
  JOIN organizations o ON o.id = d.org_id
  CROSS JOIN LATERAL unnest(org_path_ids(o.path)) AS a(id)
  GROUP BY 1, 2, 3
  HAVING sum(d.generation) <> 0 OR sum(d.consumption) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (org_id, day, shard) DO UPDATE SET
    generation = s.generation + excluded.generation, consumption = s.consumption + excluded.consumption;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION org_subtree_daily_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_subtree_daily AS s (org_id, day, shard, generation, consumption)
  SELECT a.id, d.day, d.shard, sum(d.generation), sum(d.consumption)
  FROM new_rows d
  JOIN organizations o ON o.id = d.org_id
  CROSS JOIN LATERAL unnest(org_path_ids(o.path)) AS a(id)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (org_id, day, shard) DO UPDATE SET
    generation = s.generation + excluded.generation, consumption = s.consumption + excluded.consumption;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Rows of a deleted organisation are not found here (its row is gone when the cascade runs): it took them out
-- of its ancestors before it went (org_subtree_daily_org_gone).
CREATE FUNCTION org_subtree_daily_remove() RETURNS trigger AS $$
BEGIN
  UPDATE org_subtree_daily s SET generation = s.generation - d.generation,
    consumption = s.consumption - d.consumption
  FROM (
    SELECT a.id AS org_id, r.day, r.shard, sum(r.generation) AS generation, sum(r.consumption) AS consumption
    FROM old_rows r
    JOIN organizations o ON o.id = r.org_id
    CROSS JOIN LATERAL unnest(org_path_ids(o.path)) AS a(id)
    GROUP BY 1, 2, 3) d
  WHERE s.org_id = d.org_id AND s.day = d.day AND s.shard = d.shard;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER org_subtree_daily_add AFTER INSERT ON org_energy_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_subtree_daily_add();
--> statement-breakpoint
CREATE TRIGGER org_subtree_daily_change AFTER UPDATE ON org_energy_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_subtree_daily_apply();
--> statement-breakpoint
CREATE TRIGGER org_subtree_daily_remove AFTER DELETE ON org_energy_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION org_subtree_daily_remove();
--> statement-breakpoint
-- An organisation moved under another parent (its path and its descendants' paths rewritten in one statement)
-- takes each moved organisation's days from the ancestors it leaves to the ones it joins. The table's lock
-- first: it waits for the writers of days in flight, which read the old path, and holds back new ones until
-- the move commits, so that none adds a day to an ancestor the move has already left. A new organisation
-- gets its path in a second statement (from ''), with no days yet: nothing to move, no lock.
CREATE FUNCTION org_subtree_daily_org_moved() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.path <> '' AND n.path <> o.path)
  THEN
    RETURN NULL;
  END IF;
  LOCK TABLE org_subtree_daily IN SHARE ROW EXCLUSIVE MODE;
  INSERT INTO org_subtree_daily AS s (org_id, day, shard, generation, consumption)
  SELECT m.ancestor, e.day, e.shard, sum(m.sign * e.generation), sum(m.sign * e.consumption)
  FROM (
    SELECT n.id, a.ancestor, 1 AS sign
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (SELECT unnest(org_path_ids(n.path)) EXCEPT SELECT unnest(org_path_ids(o.path))) AS a(ancestor)
    WHERE o.path <> '' AND n.path <> o.path
    UNION ALL
    SELECT n.id, a.ancestor, -1
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (SELECT unnest(org_path_ids(o.path)) EXCEPT SELECT unnest(org_path_ids(n.path))) AS a(ancestor)
    WHERE o.path <> '' AND n.path <> o.path) m
  JOIN org_energy_daily e ON e.org_id = m.id
  GROUP BY 1, 2, 3
  HAVING sum(m.sign * e.generation) <> 0 OR sum(m.sign * e.consumption) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (org_id, day, shard) DO UPDATE SET
    generation = s.generation + excluded.generation, consumption = s.consumption + excluded.consumption;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Transition tables cannot go with a column list (UPDATE OF path): the function looks for changed paths.
CREATE TRIGGER org_subtree_daily_org_moved AFTER UPDATE ON organizations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_subtree_daily_org_moved();
--> statement-breakpoint
-- An organisation can only be deleted without plants; what its days still hold (what moved plants left in
-- floating point) leaves its ancestors with it, as the live sum over its rows loses it.
CREATE FUNCTION org_subtree_daily_org_gone() RETURNS trigger AS $$
BEGIN
  UPDATE org_subtree_daily s SET generation = s.generation - d.generation,
    consumption = s.consumption - d.consumption
  FROM (
    SELECT a.id AS org_id, e.day, e.shard, sum(e.generation) AS generation, sum(e.consumption) AS consumption
    FROM org_energy_daily e CROSS JOIN LATERAL unnest(org_path_ids(OLD.path)) AS a(id)
    WHERE e.org_id = OLD.id AND a.id <> OLD.id
    GROUP BY 1, 2, 3) d
  WHERE s.org_id = d.org_id AND s.day = d.day AND s.shard = d.shard;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER org_subtree_daily_org_gone BEFORE DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION org_subtree_daily_org_gone();
--> statement-breakpoint
-- The existing days.
INSERT INTO org_subtree_daily (org_id, day, shard, generation, consumption)
SELECT a.id, d.day, d.shard, sum(d.generation), sum(d.consumption)
FROM org_energy_daily d
JOIN organizations o ON o.id = d.org_id
CROSS JOIN LATERAL unnest(org_path_ids(o.path)) AS a(id)
GROUP BY 1, 2, 3;
