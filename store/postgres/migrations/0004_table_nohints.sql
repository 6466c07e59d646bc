-- Whether the seat to move may ask what a bot would play (hints): on at
-- casual tables, every table so far; rated tables will switch it off.
ALTER TABLE tables ADD COLUMN nohints boolean NOT NULL DEFAULT false;
