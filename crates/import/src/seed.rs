//! Loads the demo data in `seeds/` (files, not code). Every step upserts, so running it
//! twice changes nothing.

use std::path::{Path, PathBuf};

use bazaar_db::settings::{CountryRow, CurrencyRow};
use bazaar_db::{Db, DbError, categories, reviews, settings, vendors};
use bazaar_domain::catalogue::VendorStatus;
use chrono::Utc;
use serde::Deserialize;
use serde_json::Value;

use crate::{Format, ImportError, RowReport, import_rows, read_file};

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("{file}: {reason}")]
    File { file: String, reason: String },
    #[error(transparent)]
    Import(#[from] ImportError),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("copying media to {dest}: {source}")]
    Media {
        dest: String,
        source: std::io::Error,
    },
}

/// What a seed run changed.
#[derive(Debug, Default, Clone)]
pub struct SeedReport {
    pub settings_changed: usize,
    pub categories_changed: usize,
    pub vendors_changed: usize,
    pub products: Vec<RowReport>,
    pub reviews_added: usize,
    pub media_copied: usize,
    /// Coupons and points codes added.
    pub promotions_added: usize,
    /// Help centre categories and articles added.
    pub help_added: usize,
}

/// `help.json`: the help centre's starting categories and (published) articles.
#[derive(Deserialize, Default)]
struct HelpFile {
    #[serde(default)]
    categories: Vec<HelpCategorySeed>,
    #[serde(default)]
    articles: Vec<HelpArticleSeed>,
}

#[derive(Deserialize)]
struct HelpCategorySeed {
    name: String,
    slug: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    position: i32,
}

#[derive(Deserialize)]
struct HelpArticleSeed {
    /// The category's slug.
    category: String,
    title: String,
    slug: String,
    #[serde(default)]
    summary: String,
    body: String,
    #[serde(default)]
    position: i32,
}

/// `promotions.json`: coupons and points codes for the demo shop.
#[derive(Deserialize, Default)]
struct PromotionsFile {
    #[serde(default)]
    coupons: Vec<CouponSeed>,
    #[serde(default)]
    points_codes: Vec<PointsCodeSeed>,
}

#[derive(Deserialize)]
struct CouponSeed {
    #[serde(flatten)]
    coupon: bazaar_db::coupons::NewCoupon,
    /// The store slug of the vendor the coupon is for; none for the whole platform.
    vendor: Option<String>,
}

#[derive(Deserialize)]
struct PointsCodeSeed {
    code: String,
    points: i64,
    #[serde(default)]
    description: String,
}

#[derive(Deserialize)]
struct SettingsFile {
    #[serde(default)]
    system_settings: serde_json::Map<String, Value>,
    #[serde(default)]
    site_settings: serde_json::Map<String, Value>,
    #[serde(default)]
    currencies: Vec<CurrencySeed>,
    #[serde(default)]
    countries: Vec<CountrySeed>,
}

#[derive(Deserialize)]
struct CurrencySeed {
    code: String,
    name: String,
    #[serde(default)]
    symbol: String,
    #[serde(default = "two")]
    decimal_places: i64,
    #[serde(default = "yes")]
    enabled: bool,
    /// How many of the currency one rand buys ("0.054").
    #[serde(default)]
    rate: Option<String>,
}

#[derive(Deserialize)]
struct CountrySeed {
    code: String,
    name: String,
    #[serde(default = "yes")]
    enabled: bool,
}

#[derive(Deserialize)]
struct CategorySeed {
    slug: String,
    name: String,
    #[serde(default)]
    description: String,
    image_url: Option<String>,
    #[serde(default)]
    position: i64,
}

#[derive(Deserialize)]
struct VendorSeed {
    store_slug: String,
    store_name: String,
    #[serde(default)]
    store_description: String,
    store_logo_url: Option<String>,
    status: String,
    standard_delivery_min_days: Option<i64>,
    standard_delivery_max_days: Option<i64>,
    /// Where the store's payouts go (the demo stores have made-up accounts).
    payout_account: Option<PayoutAccountSeed>,
}

#[derive(Deserialize)]
struct PayoutAccountSeed {
    bank_name: String,
    account_holder: String,
    account_number: String,
    branch_code: String,
}

#[derive(Deserialize)]
struct ReviewSeed {
    product: String,
    rating: i64,
    author_name: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    body: String,
}

fn two() -> i64 {
    2
}
fn yes() -> bool {
    true
}

fn read_json<T: for<'de> Deserialize<'de>>(dir: &Path, name: &str) -> Result<Option<T>, SeedError> {
    let path = dir.join(name);
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).map_err(|e| SeedError::File {
        file: path.display().to_string(),
        reason: e.to_string(),
    })?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| SeedError::File {
            file: path.display().to_string(),
            reason: e.to_string(),
        })
}

/// Loads `seeds_dir` into the database and copies `seeds_dir/media` into
/// `media_dir/seed`. `progress` sees each product row as it is imported.
pub async fn load(
    db: &Db,
    seeds_dir: &Path,
    media_dir: &Path,
    progress: impl FnMut(&RowReport),
) -> Result<SeedReport, SeedError> {
    if !seeds_dir.is_dir() {
        return Err(SeedError::File {
            file: seeds_dir.display().to_string(),
            reason: "no such folder".into(),
        });
    }
    let mut report = SeedReport::default();
    let now = Utc::now();

    // Settings, categories and vendors: one transaction, all or nothing.
    let settings_file: Option<SettingsFile> = read_json(seeds_dir, "settings.json")?;
    let category_seeds: Vec<CategorySeed> =
        read_json(seeds_dir, "categories.json")?.unwrap_or_default();
    let vendor_seeds: Vec<VendorSeed> = read_json(seeds_dir, "vendors.json")?.unwrap_or_default();
    let mut tx = db.begin().await?;
    if let Some(s) = settings_file {
        for (key, value) in &s.system_settings {
            report.settings_changed +=
                settings::put_system(&mut tx, key, value, now).await? as usize;
        }
        for (key, value) in &s.site_settings {
            let text = value
                .as_str()
                .map(str::to_owned)
                .unwrap_or_else(|| value.to_string());
            report.settings_changed += settings::put_site(&mut tx, key, &text, now).await? as usize;
        }
        for c in s.currencies {
            let row = CurrencyRow {
                code: c.code.to_ascii_uppercase(),
                name: c.name,
                symbol: c.symbol,
                decimal_places: c.decimal_places,
                enabled: c.enabled,
                rate_ppm: match c.rate.as_deref() {
                    None => None,
                    Some(raw) => Some(
                        bazaar_domain::settings::currencies::parse_rate(raw).ok_or_else(|| {
                            SeedError::File {
                                file: "settings.json".to_owned(),
                                reason: format!(
                                    "currency {}: the rate {raw:?} is not a positive number of at most 6 decimals",
                                    c.code
                                ),
                            }
                        })?,
                    ),
                },
            };
            report.settings_changed += settings::put_currency(&mut tx, &row).await? as usize;
        }
        for c in s.countries {
            let row = CountryRow {
                code: c.code.to_ascii_uppercase(),
                name: c.name,
                enabled: c.enabled,
            };
            report.settings_changed += settings::put_country(&mut tx, &row).await? as usize;
        }
    }
    for c in category_seeds {
        let input = categories::CategoryInput {
            slug: c.slug,
            name: c.name,
            description: c.description,
            image_url: c.image_url,
            position: c.position,
        };
        report.categories_changed += categories::upsert(&mut tx, &input, now).await? as usize;
    }
    for v in vendor_seeds {
        let status: VendorStatus = v.status.parse().map_err(|reason| SeedError::File {
            file: "vendors.json".into(),
            reason: format!("vendor {}: status {reason}", v.store_slug),
        })?;
        let input = vendors::VendorInput {
            store_slug: v.store_slug,
            store_name: v.store_name,
            store_description: v.store_description,
            store_logo_url: v.store_logo_url,
            status,
            standard_delivery_min_days: v.standard_delivery_min_days,
            standard_delivery_max_days: v.standard_delivery_max_days,
        };
        let (vendor_id, changed) = vendors::upsert(&mut tx, &input, now).await?;
        if let Some(a) = &v.payout_account {
            vendors::set_payout_account(
                &mut tx,
                vendor_id,
                &vendors::PayoutAccount {
                    bank_name: &a.bank_name,
                    account_holder: &a.account_holder,
                    account_number: &a.account_number,
                    branch_code: &a.branch_code,
                },
                now,
            )
            .await?;
        }
        if changed {
            bazaar_queue::enqueue(&mut tx, &bazaar_queue::Job::IndexVendor { vendor_id }).await?;
            report.vendors_changed += 1;
        }
    }
    let promotions: PromotionsFile = read_json(seeds_dir, "promotions.json")?.unwrap_or_default();
    for c in promotions.coupons {
        let mut coupon = c.coupon;
        if let Some(slug) = &c.vendor {
            let vendor =
                vendors::id_by_slug(&mut tx, slug)
                    .await?
                    .ok_or_else(|| SeedError::File {
                        file: "promotions.json".into(),
                        reason: format!("coupon {}: no vendor '{slug}'", coupon.code),
                    })?;
            coupon.vendor_id = Some(vendor);
        }
        report.promotions_added += bazaar_db::coupons::create(&mut tx, &coupon).await? as usize;
    }
    for p in promotions.points_codes {
        let code = p.code.trim().to_uppercase();
        if code.is_empty() || code.len() > bazaar_db::points::CODE_MAX_LEN || p.points <= 0 {
            return Err(SeedError::File {
                file: "promotions.json".into(),
                reason: format!(
                    "points code '{}': 1 to 12 characters and positive points",
                    p.code
                ),
            });
        }
        bazaar_db::points::create_code(&mut tx, &code, p.points, &p.description, now).await?;
        report.promotions_added += 1;
    }
    let help: HelpFile = read_json(seeds_dir, "help.json")?.unwrap_or_default();
    report.help_added = seed_help(&mut tx, help).await?;
    tx.commit().await?;

    let products_path = seeds_dir.join("products.json");
    if products_path.exists() {
        let rows = read_file(&products_path, Format::Json)?;
        report.products = import_rows(db, rows, false, progress).await?;
    }

    let review_seeds: Vec<ReviewSeed> = read_json(seeds_dir, "reviews.json")?.unwrap_or_default();
    if !review_seeds.is_empty() {
        let mut tx = db.begin().await?;
        for r in review_seeds {
            let product = match bazaar_db::products::find_listed(db, &r.product).await {
                Ok(p) => p,
                Err(DbError::NotFound) => {
                    return Err(SeedError::File {
                        file: "reviews.json".into(),
                        reason: format!("no listed product '{}'", r.product),
                    });
                }
                Err(e) => return Err(e.into()),
            };
            if !(1..=5).contains(&r.rating) {
                return Err(SeedError::File {
                    file: "reviews.json".into(),
                    reason: format!("rating {} for '{}' is not 1 to 5", r.rating, r.product),
                });
            }
            let input = reviews::ReviewInput {
                product_id: product.id,
                author_name: r.author_name,
                rating: r.rating,
                title: r.title,
                body: r.body,
            };
            report.reviews_added += reviews::insert_if_absent(&mut tx, &input, now).await? as usize;
        }
        tx.commit().await?;
    }

    let media = seeds_dir.join("media");
    if media.is_dir() {
        report.media_copied = copy_tree(&media, &media_dir.join("seed"))?;
    }
    Ok(report)
}

/// Adds the help centre's categories and articles that are not there yet (by slug), each
/// checked as an admin's would be; how many were added.
async fn seed_help(tx: &mut bazaar_db::Tx, help: HelpFile) -> Result<usize, SeedError> {
    use bazaar_db::help as db_help;
    use bazaar_domain::help::{ArticleDraft, ArticleInput, CategoryDraft, CategoryInput};
    let refused = |what: String, errors: bazaar_domain::FieldErrors| SeedError::File {
        file: "help.json".into(),
        reason: format!(
            "{what}: {}",
            errors.into_values().collect::<Vec<_>>().join("; ")
        ),
    };
    let mut added = 0;
    for c in &help.categories {
        let draft = CategoryDraft::parse(&CategoryInput {
            name: &c.name,
            slug: Some(&c.slug),
            description: &c.description,
        })
        .map_err(|e| refused(format!("category '{}'", c.slug), e))?;
        if db_help::category_id_by_slug(tx, &draft.slug)
            .await?
            .is_none()
        {
            let fields = db_help::CategoryFields {
                name: &draft.name,
                slug: &draft.slug,
                description: &draft.description,
                position: c.position,
            };
            db_help::insert_category(tx, &fields).await?;
            added += 1;
        }
    }
    for a in &help.articles {
        let draft = ArticleDraft::parse(&ArticleInput {
            title: &a.title,
            slug: Some(&a.slug),
            summary: &a.summary,
            body: &a.body,
        })
        .map_err(|e| refused(format!("article '{}'", a.slug), e))?;
        let category = db_help::category_id_by_slug(tx, &a.category)
            .await?
            .ok_or_else(|| SeedError::File {
                file: "help.json".into(),
                reason: format!("article '{}': no category '{}'", a.slug, a.category),
            })?;
        if !db_help::slug_exists(tx, &draft.slug).await? {
            let fields = db_help::ArticleFields {
                category_id: category,
                title: &draft.title,
                slug: &draft.slug,
                summary: &draft.summary,
                body: &draft.body,
                published: true,
                position: a.position,
            };
            db_help::insert(tx, &fields).await?;
            added += 1;
        }
    }
    Ok(added)
}

/// Copies files that are missing or differ; returns how many were copied.
fn copy_tree(from: &Path, to: &Path) -> Result<usize, SeedError> {
    let err = |dest: &PathBuf, source| SeedError::Media {
        dest: dest.display().to_string(),
        source,
    };
    std::fs::create_dir_all(to).map_err(|e| err(&to.to_path_buf(), e))?;
    let mut copied = 0;
    let entries = std::fs::read_dir(from).map_err(|e| err(&from.to_path_buf(), e))?;
    for entry in entries {
        let entry = entry.map_err(|e| err(&from.to_path_buf(), e))?;
        let src = entry.path();
        let dest = to.join(entry.file_name());
        if src.is_dir() {
            copied += copy_tree(&src, &dest)?;
        } else {
            let same = std::fs::read(&dest).ok() == std::fs::read(&src).ok();
            if !same {
                std::fs::copy(&src, &dest).map_err(|e| err(&dest, e))?;
                copied += 1;
            }
        }
    }
    Ok(copied)
}
