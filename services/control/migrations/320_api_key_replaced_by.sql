-- The key that replaced this one through a reroll. A key is replaced at most once, so a key never
-- has two live replacements: a reroll claims the key by setting it, and a second one finds it set.
ALTER TABLE api_keys ADD COLUMN replaced_by text;
