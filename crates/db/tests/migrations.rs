//! The SQLite and PostgreSQL migration sets must say the same thing: the same files, the
//! same tables with the same columns, the same indexes.

use std::collections::BTreeMap;
use std::path::Path;

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sql"))
        .collect();
    names.sort();
    names
}

/// Tables → column names, and index names, as declared in the SQL.
fn schema(sql: &str) -> (BTreeMap<String, Vec<String>>, Vec<String>) {
    let mut tables = BTreeMap::new();
    let mut indexes = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in sql.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("CREATE TABLE ") {
            current = Some((
                rest.split_whitespace().next().unwrap().to_owned(),
                Vec::new(),
            ));
        } else if let Some(rest) = line.strip_prefix("ALTER TABLE ") {
            // `ALTER TABLE t ADD COLUMN c …` adds a column to a table of an earlier file.
            let words: Vec<&str> = rest.split_whitespace().collect();
            if let [table, "ADD", "COLUMN", column, ..] = words.as_slice() {
                tables
                    .entry((*table).to_owned())
                    .or_insert_with(Vec::new)
                    .push((*column).to_owned());
            }
        } else if let Some(rest) = line
            .strip_prefix("CREATE INDEX ")
            .or_else(|| line.strip_prefix("CREATE UNIQUE INDEX "))
        {
            indexes.push(rest.split_whitespace().next().unwrap().to_owned());
        } else if line.starts_with(')') {
            if let Some((name, cols)) = current.take() {
                tables.insert(name, cols);
            }
        } else if let Some((_, cols)) = current.as_mut() {
            let word = line.split_whitespace().next().unwrap_or("");
            if !word.is_empty()
                && !word.starts_with("--")
                && word.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            {
                cols.push(word.to_owned());
            }
        }
    }
    (tables, indexes)
}

#[test]
fn sqlite_and_postgres_migrations_do_not_drift() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let (lite, pg) = (root.join("sqlite"), root.join("postgres"));
    let names = files(&lite);
    assert!(!names.is_empty());
    assert_eq!(
        names,
        files(&pg),
        "the same migration files on both backends"
    );
    for name in names {
        let a = schema(&std::fs::read_to_string(lite.join(&name)).unwrap());
        let b = schema(&std::fs::read_to_string(pg.join(&name)).unwrap());
        assert_eq!(a, b, "{name} declares different tables, columns or indexes");
    }
}

/// The live schemas after migrating agree too (PostgreSQL only with TEST_DATABASE_URL).
#[tokio::test]
async fn migrated_databases_have_the_same_columns() {
    use bazaar_db::Db;
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let columns: Vec<(String, String)> = match &db {
        Db::Sqlite(pool) => sqlx::query_as(
            "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%' ORDER BY 1, 2",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        Db::Postgres(pool) => sqlx::query_as(
            "SELECT table_name::text, column_name::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name NOT LIKE '_sqlx%' ORDER BY 1, 2",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite");
    let mut declared: Vec<(String, String)> = Vec::new();
    for name in files(&root) {
        for (table, cols) in schema(&std::fs::read_to_string(root.join(name)).unwrap()).0 {
            declared.extend(cols.into_iter().map(|c| (table.clone(), c)));
        }
    }
    declared.sort();
    assert_eq!(
        columns,
        declared,
        "{} schema matches the declared migrations",
        bazaar_testkit::backend_name()
    );
}
