//! The settings of what the site shows and where it delivers, as admins edit them: the home
//! page's slides and banners, SEO, the countries and provinces delivered to and the display
//! currencies. Each save is one transaction, audited with before and after; the settings
//! change reaches every `serve` within a second.

use bazaar_db::settings::{self, CountryRow, CurrencyRow};
use bazaar_db::{Db, DbResult};
use bazaar_domain::FieldErrors;
use bazaar_domain::settings::currencies::{self, CurrencyDraft, format_rate};
use bazaar_domain::settings::home::{HOME_KEY, HomeContent};
use bazaar_domain::settings::regions::{REGIONS_KEY, Regions};
use bazaar_domain::settings::seo::{SEO_KEY, Seo};
use chrono::Utc;
use serde_json::json;

use crate::admin::record;
use crate::selling::{Actor, SellingError};

/// The home page's content now (the built-in content until an admin saves).
pub async fn home(db: &Db) -> DbResult<HomeContent> {
    Ok(HomeContent::read(
        settings::system(db, HOME_KEY).await?.as_ref(),
    ))
}

/// Saves the home page's content; `None` puts the built-in content back.
pub async fn set_home(
    db: &Db,
    admin: &Actor<'_>,
    content: Option<&HomeContent>,
) -> Result<HomeContent, SellingError> {
    let next = match content {
        Some(c) => c.check().map_err(SellingError::Invalid)?,
        None => HomeContent::default(),
    };
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = HomeContent::read(settings::system_in(&mut tx, HOME_KEY).await?.as_ref());
    settings::put_system(&mut tx, HOME_KEY, &next.value(), now).await?;
    record(
        &mut tx,
        admin,
        if content.is_some() {
            "settings.home"
        } else {
            "settings.home_reset"
        },
        "settings",
        "home".to_owned(),
        json!({ "before": before.value(), "after": next.value() }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(next)
}

/// The SEO settings now.
pub async fn seo(db: &Db) -> DbResult<Seo> {
    Ok(Seo::read(settings::system(db, SEO_KEY).await?.as_ref()))
}

pub async fn set_seo(db: &Db, admin: &Actor<'_>, draft: &Seo) -> Result<Seo, SellingError> {
    let next = draft.check().map_err(SellingError::Invalid)?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = Seo::read(settings::system_in(&mut tx, SEO_KEY).await?.as_ref());
    settings::put_system(&mut tx, SEO_KEY, &next.value(), now).await?;
    record(
        &mut tx,
        admin,
        "settings.seo",
        "settings",
        "seo".to_owned(),
        json!({ "before": before.value(), "after": next.value() }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(next)
}

/// The countries (by name) and the provinces delivered to.
pub async fn regions(db: &Db) -> DbResult<(Vec<CountryRow>, Regions)> {
    let countries = settings::countries(db).await?;
    let regions = settings::system(db, REGIONS_KEY).await?;
    Ok((countries, Regions::read(regions.as_ref())))
}

/// Saves which countries are on (South Africa alone) and the provinces delivered to.
pub async fn set_regions(
    db: &Db,
    admin: &Actor<'_>,
    countries_on: &[String],
    provinces_on: &[String],
) -> Result<(Vec<CountryRow>, Regions), SellingError> {
    let next = Regions::parse(countries_on, provinces_on).map_err(SellingError::Invalid)?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = Regions::read(settings::system_in(&mut tx, REGIONS_KEY).await?.as_ref());
    let countries = settings::countries_in(&mut tx).await?;
    let mut after = Vec::with_capacity(countries.len());
    for c in countries {
        let row = CountryRow {
            enabled: countries_on
                .iter()
                .any(|on| on.eq_ignore_ascii_case(&c.code)),
            ..c
        };
        settings::put_country(&mut tx, &row).await?;
        after.push(row);
    }
    settings::put_system(&mut tx, REGIONS_KEY, &next.value(), now).await?;
    record(
        &mut tx,
        admin,
        "settings.regions",
        "settings",
        "regions".to_owned(),
        json!({
            "before": { "provinces": before.provinces },
            "after": {
                "provinces": next.provinces,
                "countries": after.iter().filter(|c| c.enabled).map(|c| &c.code).collect::<Vec<_>>(),
            },
        }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok((after, next))
}

/// A currency as the audit log shows it.
fn audited_currency(c: &CurrencyRow) -> serde_json::Value {
    json!({
        "code": c.code,
        "symbol": c.symbol,
        "decimal_places": c.decimal_places,
        "enabled": c.enabled,
        "rate": c.rate_ppm.map(format_rate),
    })
}

/// Saves the display currencies (the ones the store has; an unknown code is refused).
pub async fn set_currencies(
    db: &Db,
    admin: &Actor<'_>,
    store_currency: &str,
    drafts: &[CurrencyDraft],
) -> Result<Vec<CurrencyRow>, SellingError> {
    let checked = currencies::check(store_currency, drafts).map_err(SellingError::Invalid)?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = settings::currencies_in(&mut tx).await?;
    let unknown: FieldErrors = checked
        .iter()
        .filter(|c| !before.iter().any(|b| b.code == c.code))
        .map(|c| {
            (
                format!("currencies.{}", c.code),
                "This currency is not offered by the store".to_owned(),
            )
        })
        .collect();
    if !unknown.is_empty() {
        return Err(SellingError::Invalid(unknown));
    }
    let mut after = Vec::with_capacity(before.len());
    for b in &before {
        let row = match checked.iter().find(|c| c.code == b.code) {
            Some(c) => CurrencyRow {
                symbol: c.symbol.clone(),
                decimal_places: c.decimal_places,
                enabled: c.enabled,
                rate_ppm: c.rate_ppm.or(b.rate_ppm),
                ..b.clone()
            },
            None => b.clone(),
        };
        settings::put_currency(&mut tx, &row).await?;
        after.push(row);
    }
    record(
        &mut tx,
        admin,
        "settings.currencies",
        "settings",
        "currencies".to_owned(),
        json!({
            "before": before.iter().map(audited_currency).collect::<Vec<_>>(),
            "after": after.iter().map(audited_currency).collect::<Vec<_>>(),
        }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}
