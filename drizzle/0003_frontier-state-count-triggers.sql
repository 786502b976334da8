-- Keeps frontier_state_counts equal to `SELECT state, count(*) FROM frontier GROUP BY state`,
-- so the queue size is one row read instead of an index walk. Hand-written (drizzle-kit does
-- not generate triggers); an ignored INSERT (ON CONFLICT DO NOTHING) fires no trigger, an
-- upsert's UPDATE fires the update one.
INSERT INTO `frontier_state_counts` (`state`, `n`) VALUES ('queued', 0), ('in-flight', 0), ('done', 0), ('failed', 0);
--> statement-breakpoint
UPDATE `frontier_state_counts` SET `n` = (SELECT count(*) FROM `frontier` WHERE `frontier`.`state` = `frontier_state_counts`.`state`);
--> statement-breakpoint
CREATE TRIGGER `frontier_count_insert` AFTER INSERT ON `frontier` BEGIN
  UPDATE `frontier_state_counts` SET `n` = `n` + 1 WHERE `state` = NEW.`state`;
END;
--> statement-breakpoint
CREATE TRIGGER `frontier_count_update` AFTER UPDATE OF `state` ON `frontier` WHEN OLD.`state` <> NEW.`state` BEGIN
  UPDATE `frontier_state_counts` SET `n` = `n` - 1 WHERE `state` = OLD.`state`;
  UPDATE `frontier_state_counts` SET `n` = `n` + 1 WHERE `state` = NEW.`state`;
END;
--> statement-breakpoint
CREATE TRIGGER `frontier_count_delete` AFTER DELETE ON `frontier` BEGIN
  UPDATE `frontier_state_counts` SET `n` = `n` - 1 WHERE `state` = OLD.`state`;
END;
