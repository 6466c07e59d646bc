-- When the person to move at an async table is reminded that a quarter of
-- the decision's time is left (NULL: no reminder due, or it was sent).
ALTER TABLE tables ADD COLUMN remind timestamptz;
CREATE INDEX tables_remind ON tables (remind) WHERE remind IS NOT NULL;
