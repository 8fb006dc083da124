-- Relays wake when outbox rows commit instead of at their next poll: one notification per
-- inserting statement (PostgreSQL folds a transaction's identical ones into one), delivered
-- at commit, so a relay never wakes for rows it cannot see yet.
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('bazaar_outbox', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER outbox_notify AFTER INSERT ON outbox
    FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
