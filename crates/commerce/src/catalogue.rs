//! Vendors writing their catalogue: saving a product from the editor, changing many at
//! once from the list, and an admin's review of a product held for it. Each flow is one
//! transaction: the change, the search update (a job) and, for admins, the audit entry
//! commit together or not at all.

use bazaar_db::products::vendor as own;
use bazaar_db::products::{self, ProductInput, SaveError};
use bazaar_db::{Db, Tx, agreements, audit, categories, settings, vendors};
use bazaar_domain::FieldErrors;
use bazaar_domain::catalogue::{ProductAction, ProductStatus, VendorStatus};
use bazaar_domain::product::{self, Origin};
use bazaar_domain::settings::{PRODUCT_REVIEW_KEY, ProductReview, product_review};
use bazaar_domain::text::slugify;
use bazaar_domain::vendor::may_publish;
use bazaar_queue::Job;
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};
use uuid::Uuid;

use crate::selling::Actor;

/// The message a second editor gets when the product changed under them.
pub const STALE: &str = "This product was changed by someone else";
pub const AGREEMENT_REQUIRED: &str =
    "Accept the current vendor agreement before publishing products";
pub const STORE_SUSPENDED: &str = "Your store is suspended: products cannot be published";

/// The catalogue's refusals are the selling flows' own (fields, not found, a rule of the
/// current state).
pub use crate::selling::SellingError as CatalogueError;
use crate::selling::{conflict, invalid};

/// The store a vendor writes for, and who owns it.
#[derive(Debug, Clone, Copy)]
pub struct Seller {
    pub store_id: Uuid,
    pub owner_id: Uuid,
}

/// What a save left: the product, the version the next save names, and its status (an
/// activation may be waiting for review).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Saved {
    pub id: Uuid,
    pub version: i64,
    pub status: ProductStatus,
}

/// What publishing needs to know of the store, read in the transaction.
struct Standing {
    status: VendorStatus,
    opened: DateTime<Utc>,
    may_publish: bool,
}

async fn standing(tx: &mut Tx, seller: Seller) -> Result<Standing, CatalogueError> {
    let store = vendors::store_in(tx, seller.store_id)
        .await?
        .ok_or(CatalogueError::NotFound)?;
    let current = agreements::current_in(tx).await?;
    let accepted = agreements::accepted_version_in(tx, seller.owner_id).await?;
    Ok(Standing {
        status: store.status.parse().unwrap_or(VendorStatus::Pending),
        opened: store.created_at,
        may_publish: may_publish(accepted, current.version),
    })
}

impl Standing {
    /// Refuses publishing from a store that may not: suspended, or behind on the agreement.
    fn check_publish(&self) -> Result<(), CatalogueError> {
        if self.status != VendorStatus::Approved {
            return Err(conflict("store_suspended", STORE_SUSPENDED));
        }
        if !self.may_publish {
            return Err(conflict("agreement_required", AGREEMENT_REQUIRED));
        }
        Ok(())
    }

    /// Where an activation lands: on sale, or waiting for an admin.
    fn activation(
        &self,
        review: &ProductReview,
        now: DateTime<Utc>,
        published_before: bool,
    ) -> ProductStatus {
        if review.holds(self.opened, now, published_before) {
            ProductStatus::PendingReview
        } else {
            ProductStatus::Active
        }
    }
}

async fn review_policy(db: &Db) -> Result<ProductReview, CatalogueError> {
    Ok(product_review(
        settings::system(db, PRODUCT_REVIEW_KEY).await?.as_ref(),
    ))
}

/// The first problem of each field, as forms show them.
fn by_field(errors: Vec<bazaar_domain::fields::FieldError>) -> FieldErrors {
    let mut out = FieldErrors::new();
    for e in errors {
        let field = if e.field.is_empty() {
            "form".to_owned()
        } else {
            e.field
        };
        out.entry(field).or_insert(e.reason);
    }
    out
}

/// Who saves a product from the editor: its store's vendor, or an admin for the store.
#[derive(Debug, Clone, Copy)]
pub enum Editor<'a> {
    Vendor(Seller),
    /// An admin's save publishes without a review (the admin is the reviewer) and is
    /// audited with the product before and after.
    Admin(Seller, &'a Actor<'a>),
}

impl Editor<'_> {
    fn seller(&self) -> Seller {
        match *self {
            Editor::Vendor(s) | Editor::Admin(s, _) => s,
        }
    }
}

/// Saves a product from the vendor's editor: a new one when `existing` is `None`, else
/// the store's product at the version the editor read (an older version gets
/// [`STALE`]). `body` is the editor's JSON, read by the catalogue's rules.
pub async fn save(
    db: &Db,
    seller: Seller,
    existing: Option<(Uuid, i64)>,
    body: &Map<String, Value>,
) -> Result<Saved, CatalogueError> {
    save_as(db, Editor::Vendor(seller), existing, body).await
}

/// [`save`] by either editor.
pub async fn save_as(
    db: &Db,
    editor: Editor<'_>,
    existing: Option<(Uuid, i64)>,
    body: &Map<String, Value>,
) -> Result<Saved, CatalogueError> {
    let seller = editor.seller();
    let spec =
        product::parse(body, Origin::Editor).map_err(|e| CatalogueError::Invalid(by_field(e)))?;
    let review = review_policy(db).await?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let current = match existing {
        None => None,
        Some((id, version)) => {
            let facts = own::current(&mut tx, seller.store_id, id)
                .await?
                .ok_or(CatalogueError::NotFound)?;
            if facts.version != version {
                return Err(conflict("stale", STALE));
            }
            Some(facts)
        }
    };
    if !spec.category.is_empty() && !categories::exists(&mut tx, &spec.category).await? {
        return Err(invalid("category", "Choose one of the shop's categories"));
    }
    let slug = if spec.slug.is_empty() {
        free_slug(
            &mut tx,
            &slugify(&spec.name),
            current.as_ref().map(|c| c.id),
        )
        .await?
    } else {
        spec.slug.clone()
    };
    if slug.is_empty() {
        return Err(invalid(
            "slug",
            "Give the product an address made of letters or digits",
        ));
    }
    let status = match spec.status {
        ProductStatus::Active => {
            let standing = standing(&mut tx, seller).await?;
            standing.check_publish()?;
            let published = current.as_ref().is_some_and(|c| c.published_at.is_some());
            match editor {
                Editor::Admin(..) => ProductStatus::Active,
                Editor::Vendor(_) => standing.activation(&review, now, published),
            }
        }
        other => other,
    };
    let before = match (editor, &current) {
        (Editor::Admin(..), Some(c)) => bazaar_db::admin::catalogue::get_in(&mut tx, c.id).await?,
        _ => None,
    };
    let actor_id = match editor {
        Editor::Vendor(s) => s.owner_id,
        Editor::Admin(_, admin) => admin.id,
    };
    let mut input = ProductInput::from_spec(spec, Some(seller.store_id));
    input.slug = slug;
    input.status = status;
    let saved = products::save(&mut tx, existing, &input, Some(actor_id), now)
        .await
        .map_err(|e| match e {
            SaveError::NotFound => CatalogueError::NotFound,
            SaveError::Stale => conflict("stale", STALE),
            SaveError::SlugTaken => invalid("slug", "This address is taken by another product"),
            SaveError::SkuTaken { sku, owner } => {
                let field = if input.sku.as_deref() == Some(sku.as_str()) {
                    "sku"
                } else {
                    "variations.sku"
                };
                invalid(
                    field,
                    format!("SKU {sku} already belongs to product '{owner}'"),
                )
            }
            SaveError::Db(e) => CatalogueError::Db(e),
        })?;
    bazaar_queue::enqueue(
        &mut tx,
        &Job::IndexProducts {
            product_ids: vec![saved.id],
        },
    )
    .await?;
    if let Editor::Admin(_, admin) = editor {
        if status == ProductStatus::Active {
            bazaar_db::admin::catalogue::set_review_note(&mut tx, saved.id, None).await?;
        }
        let after = bazaar_db::admin::catalogue::get_in(&mut tx, saved.id).await?;
        audit::record(
            &mut tx,
            &audit::Entry {
                actor_id: admin.id,
                actor_email: admin.email,
                action: "product.edit",
                subject_type: "product",
                subject_id: saved.id.to_string(),
                details: json!({
                    "before": before.as_ref().map(edited_facts),
                    "after": after.as_ref().map(edited_facts),
                }),
            },
            now,
        )
        .await?;
    }
    tx.commit().await?;
    tracing::info!(product.id = %saved.id, store.id = %seller.store_id, status = status.as_str(), "product saved");
    Ok(Saved {
        id: saved.id,
        version: saved.version,
        status,
    })
}

/// What the audit log keeps of a product an admin edited.
fn edited_facts(p: &bazaar_db::admin::catalogue::AdminProduct) -> Value {
    json!({
        "name": p.name,
        "status": p.status,
        "category": p.category,
        "brand": p.brand,
        "sku": p.sku,
        "price_cents": p.min_price_cents,
        "available_stock": p.available_stock,
        "version": p.version,
    })
}

/// A slug derived from the name that no other product holds: the name's, else with a
/// number after it.
async fn free_slug(tx: &mut Tx, base: &str, own: Option<Uuid>) -> Result<String, CatalogueError> {
    if base.is_empty() {
        return Ok(String::new());
    }
    for n in 1..=20 {
        let candidate = if n == 1 {
            base.to_owned()
        } else {
            format!("{base}-{n}")
        };
        match products::id_by_slug(tx, &candidate).await? {
            None => return Ok(candidate),
            Some(id) if Some(id) == own => return Ok(candidate),
            Some(_) => {}
        }
    }
    let tail = Uuid::now_v7().simple().to_string();
    Ok(format!("{base}-{}", &tail[tail.len() - 6..]))
}

/// What a change of many products did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changed {
    /// Products moved, with where they went.
    pub moved: Vec<(Uuid, ProductStatus)>,
    /// Products already where the action takes them.
    pub unchanged: Vec<Uuid>,
}

/// Activates, deactivates or archives the store's products `ids`. Any id that is not the
/// store's product refuses the whole change (`NotFound`); so does an activation the store
/// may not make.
pub async fn change_many(
    db: &Db,
    seller: Seller,
    ids: &[Uuid],
    action: ProductAction,
) -> Result<Changed, CatalogueError> {
    let review = review_policy(db).await?;
    let now = Utc::now();
    let mut ids = ids.to_vec();
    ids.sort();
    ids.dedup();
    let mut tx = db.begin().await?;
    let facts = own::status_facts(&mut tx, seller.store_id, &ids).await?;
    if facts.len() != ids.len() {
        return Err(CatalogueError::NotFound);
    }
    let standing = if action == ProductAction::Activate {
        let s = standing(&mut tx, seller).await?;
        s.check_publish()?;
        Some(s)
    } else {
        None
    };
    let mut changed = Changed::default();
    for f in &facts {
        let from = f.status.parse().unwrap_or(ProductStatus::Draft);
        let Some(mut to) = action.moves(from) else {
            changed.unchanged.push(f.id);
            continue;
        };
        if let (ProductStatus::Active, Some(s)) = (to, &standing) {
            to = s.activation(&review, now, f.published_at.is_some());
        }
        own::set_status(&mut tx, f.id, to, now).await?;
        changed.moved.push((f.id, to));
    }
    if !changed.moved.is_empty() {
        bazaar_queue::enqueue(
            &mut tx,
            &Job::IndexProducts {
                product_ids: changed.moved.iter().map(|(id, _)| *id).collect(),
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(changed)
}

/// An admin's decision on a product held for review: approved products go on sale,
/// rejected ones go back to draft with the reason in the audit log.
pub async fn review(
    db: &Db,
    admin: &Actor<'_>,
    product_id: Uuid,
    approve: bool,
    reason: Option<&str>,
) -> Result<ProductStatus, CatalogueError> {
    let reason = review_reason(approve, reason)?;
    let mut tx = db.begin().await?;
    let to = review_in(
        &mut tx,
        admin,
        product_id,
        approve,
        reason.as_deref(),
        Utc::now(),
    )
    .await?;
    tx.commit().await?;
    Ok(to)
}

/// The reason of a review decision: required to reject.
pub(crate) fn review_reason(
    approve: bool,
    reason: Option<&str>,
) -> Result<Option<String>, CatalogueError> {
    match (approve, reason.map(str::trim).filter(|r| !r.is_empty())) {
        (false, None) => Err(invalid("reason", "Say why the product is not approved")),
        (_, r) => r
            .map(bazaar_domain::vendor::parse_message)
            .transpose()
            .map_err(|e| invalid("reason", e)),
    }
}

/// [`review`] inside `tx`, with the reason already read.
pub(crate) async fn review_in(
    tx: &mut Tx,
    admin: &Actor<'_>,
    product_id: Uuid,
    approve: bool,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<ProductStatus, CatalogueError> {
    let status = products::vendor::status_of(tx, product_id)
        .await?
        .ok_or(CatalogueError::NotFound)?;
    if status != ProductStatus::PendingReview.as_str() {
        return Err(conflict(
            "not_pending",
            "This product is not waiting for review",
        ));
    }
    let to = if approve {
        ProductStatus::Active
    } else {
        ProductStatus::Draft
    };
    own::set_status(tx, product_id, to, now).await?;
    // The vendor sees why a product came back to draft until it is approved.
    bazaar_db::admin::catalogue::set_review_note(
        tx,
        product_id,
        if approve { None } else { reason },
    )
    .await?;
    bazaar_queue::enqueue(
        tx,
        &Job::IndexProducts {
            product_ids: vec![product_id],
        },
    )
    .await?;
    audit::record(
        tx,
        &audit::Entry {
            actor_id: admin.id,
            actor_email: admin.email,
            action: if approve {
                "product.approve"
            } else {
                "product.reject"
            },
            subject_type: "product",
            subject_id: product_id.to_string(),
            details: json!({
                "reason": reason,
                "before": { "status": status },
                "after": { "status": to.as_str() },
            }),
        },
        now,
    )
    .await?;
    Ok(to)
}

/// The rules a store's own import follows, as the store stands now: active rows refused
/// while it may not publish, products never on sale held when the review policy holds them.
pub async fn import_rules(
    db: &Db,
    seller: Seller,
) -> Result<bazaar_import::StoreRules, CatalogueError> {
    let review = review_policy(db).await?;
    let mut tx = db.begin().await?;
    let standing = standing(&mut tx, seller).await?;
    tx.rollback().await?;
    let refuse_publish = match standing.check_publish() {
        Ok(()) => None,
        Err(CatalogueError::Conflict { message, .. }) => Some(message),
        Err(e) => return Err(e),
    };
    Ok(bazaar_import::StoreRules {
        store_id: seller.store_id,
        refuse_publish,
        hold_new: standing.activation(&review, Utc::now(), false) == ProductStatus::PendingReview,
    })
}
