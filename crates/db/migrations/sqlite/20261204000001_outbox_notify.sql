-- On PostgreSQL relays are woken by a notification when outbox rows commit. SQLite has no
-- notifications; its relays poll.
SELECT 1;
