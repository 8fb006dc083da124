//! The store's general settings as admins edit them: who the store is, shipping, VAT and
//! the points earn rate. Each lives in its own system setting (the ones checkout already
//! reads), so a change reaches the next quote and, through the settings change, every
//! `serve`'s cached pages.

use bazaar_db::{Db, DbResult, Tx, settings};
use bazaar_domain::settings::{
    self as rules, GeneralDraft, GeneralSettings, STORE_DETAILS_KEY, StoreDetails,
};
use chrono::Utc;
use serde_json::{Map, Value, json};

use crate::admin::record;
use crate::selling::{Actor, SellingError};

const SHIPPING_KEY: &str = "shipping_settings";
const TAX_KEY: &str = "tax_settings";
const LOYALTY_KEY: &str = "loyalty_settings";

/// The general settings now, with the fallbacks for any that are missing.
pub async fn general(db: &Db) -> DbResult<GeneralSettings> {
    let store = settings::system(db, STORE_DETAILS_KEY).await?;
    let shipping = settings::system(db, SHIPPING_KEY).await?;
    let tax = settings::system(db, TAX_KEY).await?;
    let loyalty = settings::system(db, LOYALTY_KEY).await?;
    Ok(read(store, shipping, tax, loyalty))
}

async fn general_in(tx: &mut Tx) -> DbResult<(GeneralSettings, [Option<Value>; 4])> {
    let store = settings::system_in(tx, STORE_DETAILS_KEY).await?;
    let shipping = settings::system_in(tx, SHIPPING_KEY).await?;
    let tax = settings::system_in(tx, TAX_KEY).await?;
    let loyalty = settings::system_in(tx, LOYALTY_KEY).await?;
    let now = read(
        store.clone(),
        shipping.clone(),
        tax.clone(),
        loyalty.clone(),
    );
    Ok((now, [store, shipping, tax, loyalty]))
}

fn read(
    store: Option<Value>,
    shipping: Option<Value>,
    tax: Option<Value>,
    loyalty: Option<Value>,
) -> GeneralSettings {
    GeneralSettings {
        store: rules::store_details(store.as_ref()),
        shipping: rules::shipping_settings(shipping.as_ref()),
        vat_rate_percent: rules::tax_rate_percent(tax.as_ref()),
        points_per_100_rand: rules::points_per_100_rand(loyalty.as_ref()),
    }
}

/// The settings as the audit log shows them.
fn audited(g: &GeneralSettings) -> Value {
    json!({
        "store": g.store,
        "free_shipping_threshold_cents": g.shipping.free_shipping_threshold_cents,
        "standard_shipping_rate_cents": g.shipping.default_shipping_rate_cents,
        "vat_rate_percent": g.vat_rate_percent,
        "points_per_100_rand": g.points_per_100_rand,
    })
}

/// `current` with `fields` set, keeping what else the setting holds (the seeds' other keys).
fn merged(current: Option<Value>, fields: Value) -> Value {
    let mut map = match current {
        Some(Value::Object(m)) => m,
        _ => Map::new(),
    };
    if let Value::Object(f) = fields {
        map.extend(f);
    }
    Value::Object(map)
}

/// Amounts stored as the seeds keep them: rand with two decimals, as text.
fn rand(cents: i64) -> Value {
    Value::String(bazaar_domain::money::Cents(cents).to_string())
}

fn store_value(s: &StoreDetails) -> Value {
    json!({
        "store_name": s.store_name,
        "contact_email": s.contact_email,
        "contact_phone": s.contact_phone,
        "address": s.address,
        "support_hours": s.support_hours,
    })
}

/// Checks and saves the general settings in one transaction, audited with before and after.
pub async fn set_general(
    db: &Db,
    admin: &Actor<'_>,
    draft: &GeneralDraft,
) -> Result<GeneralSettings, SellingError> {
    let next = draft.parse().map_err(SellingError::Invalid)?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let (before, [store, shipping, tax, loyalty]) = general_in(&mut tx).await?;
    let writes = [
        (STORE_DETAILS_KEY, merged(store, store_value(&next.store))),
        (
            SHIPPING_KEY,
            merged(
                shipping,
                json!({
                    "free_shipping_threshold": rand(next.shipping.free_shipping_threshold_cents),
                    "default_shipping_rate": rand(next.shipping.default_shipping_rate_cents),
                }),
            ),
        ),
        (
            TAX_KEY,
            merged(tax, json!({ "default_rate": next.vat_rate_percent })),
        ),
        (
            LOYALTY_KEY,
            merged(
                loyalty,
                json!({ "points_per_100_rand": next.points_per_100_rand }),
            ),
        ),
    ];
    for (key, value) in &writes {
        settings::put_system(&mut tx, key, value, now).await?;
    }
    record(
        &mut tx,
        admin,
        "settings.general",
        "settings",
        "general".to_owned(),
        json!({ "before": audited(&before), "after": audited(&next) }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(next)
}
