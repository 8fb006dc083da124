//! Store settings, currencies and countries.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::types::Json;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// A `system_settings` value by key.
pub async fn system(db: &Db, key: &str) -> DbResult<Option<Value>> {
    Ok(on_db!(db, pool => sqlx::query_scalar::<_, Json<Value>>(
        "SELECT setting_value FROM system_settings WHERE setting_key = $1",
    )
    .bind(key)
    .fetch_optional(pool)
    .await?)
    .map(|j| j.0))
}

/// A `system_settings` value by key, inside a transaction.
pub async fn system_in(tx: &mut Tx, key: &str) -> DbResult<Option<Value>> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, Json<Value>>(
        "SELECT setting_value FROM system_settings WHERE setting_key = $1",
    )
    .bind(key)
    .fetch_optional(conn)
    .await?)
    .map(|j| j.0))
}

/// `site_settings` values for the given keys, at most 10 (SPEC.md §7).
pub async fn site(db: &Db, keys: &[&str]) -> DbResult<Vec<(String, String)>> {
    let rows = on_db!(db, pool => sqlx::query_as::<_, (String, String)>(
        "SELECT setting_key, setting_value FROM site_settings ORDER BY setting_key LIMIT 10",
    )
    .fetch_all(pool)
    .await?);
    Ok(rows
        .into_iter()
        .filter(|(k, _)| keys.contains(&k.as_str()))
        .collect())
}

/// One `site_settings` value inside a transaction.
pub async fn site_in(tx: &mut Tx, key: &str) -> DbResult<Option<String>> {
    let value = on_tx!(tx, conn => sqlx::query_scalar::<_, String>(
        "SELECT setting_value FROM site_settings WHERE setting_key = $1",
    )
    .bind(key)
    .fetch_optional(conn)
    .await?);
    Ok(value)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CurrencyRow {
    pub code: String,
    pub name: String,
    pub symbol: String,
    pub decimal_places: i64,
    pub enabled: bool,
    /// How many of the currency one rand buys, in millionths; `None` when not set.
    pub rate_ppm: Option<i64>,
}

/// All currencies ordered by name.
pub async fn currencies(db: &Db) -> DbResult<Vec<CurrencyRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, CurrencyRow>(
        "SELECT code, name, symbol, decimal_places, enabled, rate_ppm FROM currencies ORDER BY name, code",
    )
    .fetch_all(pool)
    .await?))
}

/// All currencies in `tx`, ordered by name.
pub async fn currencies_in(tx: &mut Tx) -> DbResult<Vec<CurrencyRow>> {
    Ok(on_tx!(tx, conn => sqlx::query_as::<_, CurrencyRow>(
        "SELECT code, name, symbol, decimal_places, enabled, rate_ppm FROM currencies ORDER BY name, code",
    )
    .fetch_all(conn)
    .await?))
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CountryRow {
    pub code: String,
    pub name: String,
    pub enabled: bool,
}

/// All countries ordered by name.
pub async fn countries(db: &Db) -> DbResult<Vec<CountryRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, CountryRow>(
        "SELECT code, name, enabled FROM countries ORDER BY name, code",
    )
    .fetch_all(pool)
    .await?))
}

/// All countries in `tx`, ordered by name.
pub async fn countries_in(tx: &mut Tx) -> DbResult<Vec<CountryRow>> {
    Ok(on_tx!(tx, conn => sqlx::query_as::<_, CountryRow>(
        "SELECT code, name, enabled FROM countries ORDER BY name, code",
    )
    .fetch_all(conn)
    .await?))
}

/// Sets a system setting; true when the stored value changed.
pub async fn put_system(
    tx: &mut Tx,
    key: &str,
    value: &Value,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    tx.changed(crate::changes::Change::Settings);
    let current = on_tx!(tx, conn => sqlx::query_scalar::<_, Json<Value>>(
        "SELECT setting_value FROM system_settings WHERE setting_key = $1",
    )
    .bind(key)
    .fetch_optional(conn)
    .await?);
    if current.as_ref().map(|j| &j.0) == Some(value) {
        return Ok(false);
    }
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO system_settings (setting_key, setting_value, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (setting_key) DO UPDATE SET setting_value = excluded.setting_value, updated_at = excluded.updated_at",
    )
    .bind(key)
    .bind(Json(value))
    .bind(now)
    .execute(conn).await?.rows_affected());
    Ok(true)
}

/// Sets a site setting; true when the stored value changed.
pub async fn put_site(tx: &mut Tx, key: &str, value: &str, now: DateTime<Utc>) -> DbResult<bool> {
    tx.changed(crate::changes::Change::Settings);
    let current = on_tx!(tx, conn => sqlx::query_scalar::<_, String>(
        "SELECT setting_value FROM site_settings WHERE setting_key = $1",
    )
    .bind(key)
    .fetch_optional(conn)
    .await?);
    if current.as_deref() == Some(value) {
        return Ok(false);
    }
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO site_settings (setting_key, setting_value, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (setting_key) DO UPDATE SET setting_value = excluded.setting_value, updated_at = excluded.updated_at",
    )
    .bind(key)
    .bind(value)
    .bind(now)
    .execute(conn).await?.rows_affected());
    Ok(true)
}

/// Creates or updates a currency; true when anything changed.
pub async fn put_currency(tx: &mut Tx, c: &CurrencyRow) -> DbResult<bool> {
    tx.changed(crate::changes::Change::Settings);
    let current = on_tx!(tx, conn => sqlx::query_as::<_, CurrencyRow>(
        "SELECT code, name, symbol, decimal_places, enabled, rate_ppm FROM currencies WHERE code = $1",
    )
    .bind(&c.code)
    .fetch_optional(conn)
    .await?);
    if current.is_some_and(|r| {
        r.name == c.name
            && r.symbol == c.symbol
            && r.decimal_places == c.decimal_places
            && r.enabled == c.enabled
            && r.rate_ppm == c.rate_ppm
    }) {
        return Ok(false);
    }
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO currencies (code, name, symbol, decimal_places, enabled, rate_ppm) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (code) DO UPDATE SET name = excluded.name, symbol = excluded.symbol, \
         decimal_places = excluded.decimal_places, enabled = excluded.enabled, rate_ppm = excluded.rate_ppm",
    )
    .bind(&c.code)
    .bind(&c.name)
    .bind(&c.symbol)
    .bind(c.decimal_places)
    .bind(c.enabled)
    .bind(c.rate_ppm)
    .execute(conn).await?.rows_affected());
    Ok(true)
}

/// Creates or updates a country; true when anything changed.
pub async fn put_country(tx: &mut Tx, c: &CountryRow) -> DbResult<bool> {
    tx.changed(crate::changes::Change::Settings);
    let current = on_tx!(tx, conn => sqlx::query_as::<_, CountryRow>(
        "SELECT code, name, enabled FROM countries WHERE code = $1",
    )
    .bind(&c.code)
    .fetch_optional(conn)
    .await?);
    if current.is_some_and(|r| r.name == c.name && r.enabled == c.enabled) {
        return Ok(false);
    }
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO countries (code, name, enabled) VALUES ($1, $2, $3) \
         ON CONFLICT (code) DO UPDATE SET name = excluded.name, enabled = excluded.enabled",
    )
    .bind(&c.code)
    .bind(&c.name)
    .bind(c.enabled)
    .execute(conn).await?.rows_affected());
    Ok(true)
}
