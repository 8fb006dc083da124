//! The store's settings as admins edit them. General: who the store is, shipping, VAT and
//! the points earn rate. Advanced: maintenance mode, sign-ups, product review, how long
//! unpaid orders hold stock and the rate limits. Tracking: the analytics and advertising
//! tools the site loads after consent. Branding: logo, favicon, colours and fonts. Each
//! lives in its own system setting (the ones checkout already reads), so a change reaches
//! the next quote and, through the settings change, every `serve`'s cached pages.

use bazaar_db::{Db, DbResult, Tx, settings};
use bazaar_domain::settings::advanced::{
    ADVANCED_KEY, AdvancedDraft, AdvancedSettings, CHECKOUT_KEY,
};
use bazaar_domain::settings::branding::{
    BRANDING_KEY, Branding, BrandingDraft, LOGO_TEXT_KEY, LOGO_URL_KEY,
};
use bazaar_domain::settings::tracking::{self, Tracking};
use bazaar_domain::settings::{
    self as rules, GeneralDraft, GeneralSettings, PRODUCT_REVIEW_KEY, STORE_DETAILS_KEY,
    StoreDetails,
};
use chrono::Utc;
use serde_json::{Map, Value, json};

use crate::admin::record;
use crate::selling::{Actor, SellingError};

const SHIPPING_KEY: &str = "shipping_settings";
const TAX_KEY: &str = "tax_settings";
const LOYALTY_KEY: &str = "loyalty_settings";

/// The system settings the general settings are kept in, in [`read`]'s order.
const KEYS: [&str; 4] = [STORE_DETAILS_KEY, SHIPPING_KEY, TAX_KEY, LOYALTY_KEY];

/// The general settings now, with the fallbacks for any that are missing.
pub async fn general(db: &Db) -> DbResult<GeneralSettings> {
    let mut values: [Option<Value>; 4] = Default::default();
    for (value, key) in values.iter_mut().zip(KEYS) {
        *value = settings::system(db, key).await?;
    }
    Ok(read(&values))
}

/// [`general`] inside a transaction, with the settings' stored values.
async fn general_in(tx: &mut Tx) -> DbResult<(GeneralSettings, [Option<Value>; 4])> {
    let mut values: [Option<Value>; 4] = Default::default();
    for (value, key) in values.iter_mut().zip(KEYS) {
        *value = settings::system_in(tx, key).await?;
    }
    Ok((read(&values), values))
}

/// The settings from their stored values, in [`KEYS`]' order.
fn read([store, shipping, tax, loyalty]: &[Option<Value>; 4]) -> GeneralSettings {
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

/// `current` with `fields` set, keeping what else the setting holds (the seeds' other keys,
/// also inside nested objects such as Google Ads' labels).
fn merged(current: Option<Value>, fields: Value) -> Value {
    match (current, fields) {
        (Some(Value::Object(mut map)), Value::Object(f)) => {
            for (key, value) in f {
                let next = merged(map.remove(&key), value);
                map.insert(key, next);
            }
            Value::Object(map)
        }
        (_, Value::Object(f)) => merged(Some(Value::Object(Map::new())), Value::Object(f)),
        (_, value) => value,
    }
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

/// The advanced settings now: maintenance mode, sign-ups and the rate limits, whether new
/// stores' products wait for review, and how long unpaid orders hold stock.
pub async fn advanced(db: &Db) -> DbResult<AdvancedSettings> {
    let advanced = settings::system(db, ADVANCED_KEY).await?;
    let review = settings::system(db, PRODUCT_REVIEW_KEY).await?;
    let checkout = settings::system(db, CHECKOUT_KEY).await?;
    Ok(read_advanced(&advanced, &review, &checkout))
}

fn read_advanced(
    advanced: &Option<Value>,
    review: &Option<Value>,
    checkout: &Option<Value>,
) -> AdvancedSettings {
    AdvancedSettings {
        advanced: rules::advanced::advanced(advanced.as_ref()),
        product_review: rules::product_review(review.as_ref()),
        reservation_minutes: rules::advanced::reservation_minutes(checkout.as_ref()),
    }
}

/// The advanced settings as the audit log shows them.
fn audited_advanced(s: &AdvancedSettings) -> Value {
    json!({
        "advanced": s.advanced.to_json(),
        "product_review": { "new_vendors": s.product_review.new_vendors, "days": s.product_review.days },
        "reservation_minutes": s.reservation_minutes,
    })
}

/// Checks and saves the advanced settings in one transaction, audited with before and
/// after. Every `serve` process hears of the change (maintenance mode and sign-ups take
/// effect on its next request).
pub async fn set_advanced(
    db: &Db,
    admin: &Actor<'_>,
    draft: &AdvancedDraft,
) -> Result<AdvancedSettings, SellingError> {
    let next = draft.parse().map_err(SellingError::Invalid)?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let advanced = settings::system_in(&mut tx, ADVANCED_KEY).await?;
    let review = settings::system_in(&mut tx, PRODUCT_REVIEW_KEY).await?;
    let checkout = settings::system_in(&mut tx, CHECKOUT_KEY).await?;
    let before = read_advanced(&advanced, &review, &checkout);
    let writes = [
        (ADVANCED_KEY, merged(advanced, next.advanced.to_json())),
        (
            PRODUCT_REVIEW_KEY,
            merged(
                review,
                json!({ "new_vendors": next.product_review.new_vendors, "days": next.product_review.days }),
            ),
        ),
        (
            CHECKOUT_KEY,
            merged(
                checkout,
                json!({ "reservation_minutes": next.reservation_minutes }),
            ),
        ),
    ];
    for (key, value) in &writes {
        settings::put_system(&mut tx, key, value, now).await?;
    }
    record(
        &mut tx,
        admin,
        "settings.advanced",
        "settings",
        "advanced".to_owned(),
        json!({ "before": audited_advanced(&before), "after": audited_advanced(&next) }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(next)
}

/// The tracking tools as stored (off when missing).
pub async fn tracking(db: &Db) -> DbResult<Tracking> {
    let mut values: [Option<Value>; 4] = Default::default();
    for (value, key) in values.iter_mut().zip(tracking::KEYS) {
        *value = settings::system(db, key).await?;
    }
    Ok(Tracking::read(values.each_ref().map(Option::as_ref)))
}

/// Checks and saves the tracking tools in one transaction, audited with before and after.
pub async fn set_tracking(
    db: &Db,
    admin: &Actor<'_>,
    draft: &Tracking,
) -> Result<Tracking, SellingError> {
    let next = draft.parse().map_err(SellingError::Invalid)?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let mut stored: [Option<Value>; 4] = Default::default();
    for (value, key) in stored.iter_mut().zip(tracking::KEYS) {
        *value = settings::system_in(&mut tx, key).await?;
    }
    let before = Tracking::read(stored.each_ref().map(Option::as_ref));
    for ((key, current), fields) in tracking::KEYS.iter().zip(stored).zip(next.values()) {
        settings::put_system(&mut tx, key, &merged(current, fields), now).await?;
    }
    record(
        &mut tx,
        admin,
        "settings.tracking",
        "settings",
        "tracking".to_owned(),
        json!({ "before": before, "after": next }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(next)
}

/// The branding as stored, with its fallbacks.
pub async fn branding(db: &Db) -> DbResult<Branding> {
    let value = settings::system(db, BRANDING_KEY).await?;
    let site = settings::site(db, &[LOGO_URL_KEY, LOGO_TEXT_KEY]).await?;
    let logo = |key: &str| {
        site.iter()
            .find(|(k, _)| k == key)
            .map_or("", |(_, v)| v.as_str())
    };
    Ok(rules::branding::branding(
        value.as_ref(),
        logo(LOGO_URL_KEY),
        logo(LOGO_TEXT_KEY),
    ))
}

/// The branding as the audit log shows it.
fn audited_branding(b: &Branding) -> Value {
    let mut v = b.to_json();
    v["logo_url"] = json!(b.logo_url);
    v["logo_text"] = json!(b.logo_text);
    v
}

/// Checks and saves the branding in one transaction, audited with before and after.
pub async fn set_branding(
    db: &Db,
    admin: &Actor<'_>,
    draft: &BrandingDraft,
) -> Result<Branding, SellingError> {
    let next = draft.parse().map_err(SellingError::Invalid)?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let current = settings::system_in(&mut tx, BRANDING_KEY).await?;
    let logo_url = settings::site_in(&mut tx, LOGO_URL_KEY).await?;
    let logo_text = settings::site_in(&mut tx, LOGO_TEXT_KEY).await?;
    let before = rules::branding::branding(
        current.as_ref(),
        logo_url.as_deref().unwrap_or(""),
        logo_text.as_deref().unwrap_or(""),
    );
    settings::put_system(&mut tx, BRANDING_KEY, &merged(current, next.to_json()), now).await?;
    settings::put_site(&mut tx, LOGO_URL_KEY, &next.logo_url, now).await?;
    settings::put_site(&mut tx, LOGO_TEXT_KEY, &next.logo_text, now).await?;
    record(
        &mut tx,
        admin,
        "settings.branding",
        "settings",
        "branding".to_owned(),
        json!({ "before": audited_branding(&before), "after": audited_branding(&next) }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(next)
}
