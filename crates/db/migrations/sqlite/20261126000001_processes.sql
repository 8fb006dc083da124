-- Shared state of the processes of one shop (scale-out: many `serve` and `worker`).

-- ITNs the PayFast simulator issued, by the SHA-256 of their parameter string, so that a
-- validation call reaching any `serve` is answered as the one that sent it would.
CREATE TABLE payfast_simulator_itns (
    digest TEXT PRIMARY KEY NOT NULL,
    issued_at TEXT NOT NULL
);

CREATE INDEX payfast_simulator_itns_issued ON payfast_simulator_itns (issued_at);

-- The running `serve` and `worker` processes, each refreshing `seen_at` while it runs, and
-- the fingerprint of how it takes payments: a process whose payment settings differ from a
-- running one's is refused at start.
CREATE TABLE running_processes (
    name TEXT PRIMARY KEY NOT NULL,
    role TEXT NOT NULL,
    host TEXT NOT NULL,
    payments TEXT NOT NULL,
    payments_fingerprint TEXT NOT NULL,
    started_at TEXT NOT NULL,
    seen_at TEXT NOT NULL
);
