-- Pictures an import named by another site's address, once fetched into media storage: the
-- address they came from and where they are now. An import that names the address again
-- gets the stored picture, so importing the same file twice changes nothing.
CREATE TABLE imported_pictures (
    source_url TEXT PRIMARY KEY NOT NULL,
    media_url TEXT NOT NULL,
    fetched_at TIMESTAMPTZ NOT NULL
);
