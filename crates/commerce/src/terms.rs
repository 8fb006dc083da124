//! A vendor's selling terms: their shipping, their coupons and their daily deals (which
//! an admin decides), and the scheduled refresh that starts and ends sales and deals.

use bazaar_db::{Db, DbError, Tx, audit, coupons, deals, products};
use bazaar_domain::coupon::CouponDraft;
use bazaar_domain::deal::{self, DealAction, DealProduct, DealStatus};
use bazaar_domain::money::Cents;
use bazaar_domain::shipping::ShippingDraft;
use bazaar_queue::Job;
use chrono::{DateTime, Utc};
use serde_json::json;
use uuid::Uuid;

use crate::catalogue::Seller;
use crate::selling::{Actor, SellingError, conflict, invalid};

pub const CODE_TAKEN: &str = "This code is taken: choose another";
pub const COUPON_USED: &str = "This coupon has been used: switch it off instead";
pub const DEAL_TAKEN: &str = "This product already has a deal on that date";

/// Saves the vendor's shipping page.
pub async fn save_shipping(
    db: &Db,
    seller: Seller,
    draft: &ShippingDraft,
) -> Result<(), SellingError> {
    let shipping = draft.parse().map_err(SellingError::Invalid)?;
    let mut tx = db.begin().await?;
    bazaar_db::vendors::set_shipping(&mut tx, seller.store_id, &shipping, Utc::now()).await?;
    tx.commit().await?;
    Ok(())
}

fn code_taken(e: DbError) -> SellingError {
    match e {
        DbError::Conflict(_) => invalid("code", CODE_TAKEN),
        DbError::NotFound => SellingError::NotFound,
        e => e.into(),
    }
}

/// Adds a coupon for the vendor's own items.
pub async fn create_coupon(
    db: &Db,
    seller: Seller,
    draft: &CouponDraft,
) -> Result<Uuid, SellingError> {
    create(db, Some(seller.store_id), None, draft).await
}

/// Rewrites one of the vendor's coupons.
pub async fn update_coupon(
    db: &Db,
    seller: Seller,
    id: Uuid,
    draft: &CouponDraft,
) -> Result<(), SellingError> {
    update(db, Some(seller.store_id), None, id, draft).await
}

/// Deletes one of the vendor's coupons that was never used.
pub async fn delete_coupon(db: &Db, seller: Seller, id: Uuid) -> Result<(), SellingError> {
    delete(db, Some(seller.store_id), None, id).await
}

/// Adds a platform coupon (off every store's items), audited.
pub async fn create_platform_coupon(
    db: &Db,
    admin: &Actor<'_>,
    draft: &CouponDraft,
) -> Result<Uuid, SellingError> {
    create(db, None, Some(admin), draft).await
}

/// Rewrites a platform coupon (uses so far are kept), audited.
pub async fn update_platform_coupon(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    draft: &CouponDraft,
) -> Result<(), SellingError> {
    update(db, None, Some(admin), id, draft).await
}

/// Deletes a platform coupon that was never used, audited.
pub async fn delete_platform_coupon(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
) -> Result<(), SellingError> {
    delete(db, None, Some(admin), id).await
}

/// Audits an admin's change to a platform coupon.
async fn audited(
    tx: &mut Tx,
    admin: Option<&Actor<'_>>,
    action: &str,
    id: Uuid,
    details: serde_json::Value,
) -> Result<(), SellingError> {
    if let Some(admin) = admin {
        crate::admin::record(
            tx,
            admin,
            action,
            "coupon",
            id.to_string(),
            details,
            Utc::now(),
        )
        .await?;
    }
    Ok(())
}

fn coupon_audit(spec: &bazaar_domain::coupon::CouponSpec) -> serde_json::Value {
    let (kind, value) = spec.kind.stored();
    json!({
        "code": spec.code,
        "kind": kind,
        "value": value,
        "min_spend_cents": spec.min_spend.0,
        "starts_at": spec.starts_at,
        "expires_at": spec.expires_at,
        "usage_limit": spec.usage_limit,
        "per_customer_limit": spec.per_customer_limit,
        "active": spec.active,
    })
}

/// Adds a coupon of `owner` (a store, or `None`: the platform's).
async fn create(
    db: &Db,
    owner: Option<Uuid>,
    admin: Option<&Actor<'_>>,
    draft: &CouponDraft,
) -> Result<Uuid, SellingError> {
    let spec = draft.parse().map_err(SellingError::Invalid)?;
    let mut tx = db.begin().await?;
    let id = coupons::insert(&mut tx, owner, &spec, Utc::now())
        .await
        .map_err(code_taken)?;
    audited(&mut tx, admin, "coupon.create", id, coupon_audit(&spec)).await?;
    tx.commit().await?;
    Ok(id)
}

async fn update(
    db: &Db,
    owner: Option<Uuid>,
    admin: Option<&Actor<'_>>,
    id: Uuid,
    draft: &CouponDraft,
) -> Result<(), SellingError> {
    let spec = draft.parse().map_err(SellingError::Invalid)?;
    let mut tx = db.begin().await?;
    coupons::update(&mut tx, owner, id, &spec)
        .await
        .map_err(code_taken)?;
    audited(
        &mut tx,
        admin,
        "coupon.update",
        id,
        json!({ "after": coupon_audit(&spec) }),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

async fn delete(
    db: &Db,
    owner: Option<Uuid>,
    admin: Option<&Actor<'_>>,
    id: Uuid,
) -> Result<(), SellingError> {
    let mut tx = db.begin().await?;
    if !coupons::delete_unused(&mut tx, owner, id)
        .await
        .map_err(code_taken)?
    {
        return Err(conflict("coupon_used", COUPON_USED));
    }
    audited(&mut tx, admin, "coupon.delete", id, json!({})).await?;
    tx.commit().await?;
    Ok(())
}

/// A vendor's proposal.
#[derive(Debug, Clone)]
pub struct Proposal {
    pub product_id: Uuid,
    /// `YYYY-MM-DD`.
    pub deal_date: String,
    pub deal_price_cents: i64,
}

/// Who puts a product on a deal: its store (a proposal, from tomorrow) or an admin (any
/// store's product, from today, approved at once).
enum DealMaker {
    Store(Seller),
    Admin,
}

/// Records a deal for `p` in `tx` after the checks of its maker; answers its id and date.
async fn record_deal(
    tx: &mut Tx,
    maker: &DealMaker,
    p: &Proposal,
    now: DateTime<Utc>,
) -> Result<(Uuid, chrono::NaiveDate), SellingError> {
    let date = deal::parse_date(&p.deal_date).map_err(|e| invalid("deal_date", e))?;
    let (store, unknown) = match maker {
        DealMaker::Store(seller) => (Some(seller.store_id), "Choose one of your products"),
        DealMaker::Admin => (None, "Choose a product"),
    };
    let product = deals::product(tx, store, p.product_id)
        .await?
        .ok_or_else(|| invalid("product_id", unknown))?;
    let price = Cents(p.deal_price_cents);
    let current = DealProduct {
        current_price: Cents(product.min_price_cents),
        has_variations: product.has_variations,
    };
    match maker {
        DealMaker::Store(_) => deal::check_proposal(date, price, current, now),
        DealMaker::Admin => deal::check_schedule(date, price, current, now),
    }
    .map_err(|e| invalid(e.field, e.message))?;
    let id = deals::propose(
        tx,
        product.vendor_id,
        p.product_id,
        date,
        p.deal_price_cents,
        now,
    )
    .await
    .map_err(|e| match e {
        DbError::Conflict(_) => conflict("deal_taken", DEAL_TAKEN),
        e => e.into(),
    })?;
    Ok((id, date))
}

/// Proposes one of the vendor's products for a date at a deal price.
pub async fn propose_deal(db: &Db, seller: Seller, p: &Proposal) -> Result<Uuid, SellingError> {
    let mut tx = db.begin().await?;
    let (id, _) = record_deal(&mut tx, &DealMaker::Store(seller), p, Utc::now()).await?;
    tx.commit().await?;
    Ok(id)
}

/// An admin puts any store's product on a daily deal: approved at once (audited), from
/// today on; a deal for today reaches prices at once.
pub async fn schedule_deal(db: &Db, admin: &Actor<'_>, p: &Proposal) -> Result<Uuid, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let (id, date) = record_deal(&mut tx, &DealMaker::Admin, p, now).await?;
    deals::set_status(&mut tx, id, DealStatus::Approved, "", admin.id, now).await?;
    audit::record(
        &mut tx,
        &audit::Entry {
            actor_id: admin.id,
            actor_email: admin.email,
            action: "deal.schedule",
            subject_type: "daily_deal",
            subject_id: id.to_string(),
            details: json!({
                "product_id": p.product_id,
                "deal_date": date,
                "deal_price_cents": p.deal_price_cents,
            }),
        },
        now,
    )
    .await?;
    if date == deal::today(now) {
        apply_prices(&mut tx, now).await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// Moves a deal: an admin approves or rejects (audited), a vendor withdraws their own,
/// until the deal's date has passed. A change to today's deal reaches prices at once.
pub async fn decide_deal(
    db: &Db,
    actor: &Actor<'_>,
    seller: Option<Seller>,
    id: Uuid,
    action: DealAction,
    note: Option<&str>,
) -> Result<DealStatus, SellingError> {
    let note = match note.map(str::trim).filter(|n| !n.is_empty()) {
        None if action == DealAction::Reject => {
            return Err(invalid("note", "Say why the deal is not approved"));
        }
        n => n
            .map(bazaar_domain::vendor::parse_message)
            .transpose()
            .map_err(|e| invalid("note", e))?
            .unwrap_or_default(),
    };
    let now = Utc::now();
    let today = deal::today(now);
    let mut tx = db.begin().await?;
    let row = deals::lock(&mut tx, id, seller.map(|s| s.store_id))
        .await
        .map_err(|e| match e {
            DbError::NotFound => SellingError::NotFound,
            e => e.into(),
        })?;
    let from: DealStatus = row
        .status
        .parse()
        .map_err(|_| SellingError::Db(DbError::NotFound))?;
    let to = action
        .moves(from)
        .ok_or_else(|| conflict("deal_status", action.refusal(from)))?;
    if row.deal_date < today {
        return Err(conflict("deal_date_passed", "This deal's date has passed"));
    }
    deals::set_status(&mut tx, id, to, &note, actor.id, now).await?;
    if seller.is_none() {
        audit::record(
            &mut tx,
            &audit::Entry {
                actor_id: actor.id,
                actor_email: actor.email,
                action: match action {
                    DealAction::Approve => "deal.approve",
                    DealAction::Reject => "deal.reject",
                    DealAction::Withdraw => "deal.withdraw",
                },
                subject_type: "daily_deal",
                subject_id: id.to_string(),
                details: json!({ "note": note, "product_id": row.product_id, "deal_date": row.deal_date }),
            },
            now,
        )
        .await?;
    }
    if row.deal_date == today {
        apply_prices(&mut tx, now).await?;
    }
    tx.commit().await?;
    Ok(to)
}

/// Brings sale windows and daily deals up to `now` in `tx`: the products whose price
/// changed get fresh listings and a search update. Returns how many changed.
pub async fn apply_prices(tx: &mut Tx, now: DateTime<Utc>) -> Result<usize, DbError> {
    let mut changed = products::refresh_sale_windows(tx, now).await?;
    changed.extend(deals::apply_day(tx, deal::today(now)).await?);
    changed.sort();
    changed.dedup();
    for id in &changed {
        products::refresh_rollups(tx, *id, now).await?;
    }
    if !changed.is_empty() {
        bazaar_queue::enqueue(
            tx,
            &Job::IndexProducts {
                product_ids: changed.clone(),
            },
        )
        .await?;
    }
    Ok(changed.len())
}

/// The scheduled refresh: starts and ends sales and daily deals on time.
pub async fn refresh_prices(db: &Db) -> Result<u64, DbError> {
    let mut tx = db.begin().await?;
    let n = apply_prices(&mut tx, Utc::now()).await?;
    tx.commit().await?;
    Ok(n as u64)
}
