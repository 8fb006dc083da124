-- Changes to what public pages show, for the response caches of other processes on the same
-- file (a CLI import beside `serve`), which read rows they did not write every 250 ms. Rows
-- are kept ten minutes. See bazaar_db::changes.
CREATE TABLE change_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    origin TEXT NOT NULL,
    changes TEXT NOT NULL,
    created_at TEXT NOT NULL
);
