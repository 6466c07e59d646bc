-- The language a person reads, for the "your turn" e-mails and webhooks
-- ('' is the source language, English).
ALTER TABLE identities ADD COLUMN lang text NOT NULL DEFAULT '';
