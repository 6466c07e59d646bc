-- Duplicate tables (server/duplicate.go): tables that deal the same game,
-- grouped under their first table's id, to compare their scores at the end
-- and to keep each from the others' players until their own ends.
CREATE TABLE duplicates (
	tbl text PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	grp text NOT NULL
);
CREATE INDEX duplicates_grp ON duplicates(grp);
