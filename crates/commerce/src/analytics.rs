//! Vendors' analytics: the rollup job turning orders, cancellations and product views
//! into daily figures per vendor and product, and the charts and tables read from them.

use std::collections::{BTreeMap, HashMap};

use bazaar_db::rollups::{self, DayStat, ProductDayStat, TopProduct};
use bazaar_db::{Db, DbResult};
use bazaar_domain::analytics::{Period, buckets, conversion_percent, day_key, day_of};
use bazaar_domain::ledger::sast;
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use uuid::Uuid;

const MARK: &str = "vendor_stats";

fn start_of(day: NaiveDate) -> DateTime<Utc> {
    sast()
        .from_local_datetime(&day.and_hms_opt(0, 0, 0).expect("midnight"))
        .single()
        .expect("a fixed offset has no gaps")
        .with_timezone(&Utc)
}

/// Recomputes the days since the last run (from the day before it, for late changes; all
/// of them the first time) up to today. Returns how many days it rewrote.
pub async fn rollup(db: &Db, now: DateTime<Utc>) -> DbResult<u64> {
    let mark = rollups::mark_of(db, MARK).await?;
    let first = match mark {
        Some(done) => day_of(done) - Duration::days(1),
        None => match rollups::first_paid(db).await? {
            Some(at) => day_of(at),
            None => day_of(now),
        },
    };
    let end = day_of(now) + Duration::days(1);
    let (from, to) = (start_of(first), start_of(end));

    let mut stats: BTreeMap<(Uuid, NaiveDate), DayStat> = BTreeMap::new();
    let mut products: HashMap<(Uuid, Uuid, NaiveDate), ProductDayStat> = HashMap::new();
    fn stat(
        stats: &mut BTreeMap<(Uuid, NaiveDate), DayStat>,
        vendor: Uuid,
        day: NaiveDate,
    ) -> &mut DayStat {
        stats.entry((vendor, day)).or_insert_with(|| DayStat {
            vendor_id: vendor,
            day: day_key(day),
            ..DayStat::default()
        })
    }
    for p in rollups::paid_parts(db, from, to).await? {
        let s = stat(&mut stats, p.vendor_id, day_of(p.paid_at));
        s.orders += 1;
        s.sales_cents += p.sales_cents;
        s.units += p.units;
    }
    for (vendor, at, refund) in rollups::cancelled_parts(db, from, to).await? {
        let s = stat(&mut stats, vendor, day_of(at));
        s.cancelled += 1;
        s.refunds_cents += refund;
    }
    for (vendor, at, refund) in rollups::issued_refunds(db, from, to).await? {
        stat(&mut stats, vendor, day_of(at)).refunds_cents += refund;
    }
    let views = rollups::product_views(db, from, to).await?;
    for (vendor, _, at) in &views {
        stat(&mut stats, *vendor, day_of(*at)).views += 1;
    }
    type ProductKey = (Uuid, Uuid, NaiveDate);
    fn product(
        products: &mut HashMap<ProductKey, ProductDayStat>,
        vendor: Uuid,
        id: Uuid,
        day: NaiveDate,
    ) -> &mut ProductDayStat {
        products
            .entry((vendor, id, day))
            .or_insert_with(|| ProductDayStat {
                vendor_id: vendor,
                product_id: id,
                day: day_key(day),
                ..ProductDayStat::default()
            })
    }
    for l in rollups::paid_lines(db, from, to).await? {
        let p = product(&mut products, l.vendor_id, l.product_id, day_of(l.paid_at));
        p.units += l.units;
        p.sales_cents += l.sales_cents;
    }
    for (vendor, id, at) in views {
        product(&mut products, vendor, id, day_of(at)).views += 1;
    }
    let stats: Vec<DayStat> = stats.into_values().collect();
    let products: Vec<ProductDayStat> = products.into_values().collect();
    let mut tx = db.begin().await?;
    rollups::replace_days(&mut tx, &day_key(first), &day_key(end), &stats, &products).await?;
    rollups::set_mark(&mut tx, MARK, now).await?;
    tx.commit().await?;
    Ok((end - first).num_days().max(0) as u64)
}

/// When the figures were last brought up to date (none before the first rollup).
pub async fn updated_at(db: &Db) -> DbResult<Option<DateTime<Utc>>> {
    rollups::mark_of(db, MARK).await
}

/// One bucket of a chart.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Bucket {
    pub start: NaiveDate,
    pub orders: i64,
    pub sales_cents: i64,
    pub units: i64,
    pub cancelled: i64,
    pub refunds_cents: i64,
    pub views: i64,
}

/// A vendor's figures over a period.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub buckets: Vec<Bucket>,
    pub totals: Bucket,
    pub average_order_cents: Option<i64>,
    pub conversion_percent: Option<f64>,
    pub top_products: Vec<TopProduct>,
    pub rating: Option<f64>,
    pub reviews: i64,
    /// When the figures were last brought up to date.
    pub updated_at: Option<DateTime<Utc>>,
}

pub async fn report(db: &Db, vendor: Uuid, period: Period, now: DateTime<Utc>) -> DbResult<Report> {
    let ranges = buckets(period, day_of(now));
    let (first, end) = (ranges[0].0, ranges[ranges.len() - 1].1);
    let days = rollups::vendor_days(db, vendor, &day_key(first), &day_key(end)).await?;
    let mut out: Vec<Bucket> = ranges
        .iter()
        .map(|(start, _)| Bucket {
            start: *start,
            ..Bucket::default()
        })
        .collect();
    let mut totals = Bucket {
        start: first,
        ..Bucket::default()
    };
    for d in days {
        let Ok(day) = d.day.parse::<NaiveDate>() else {
            continue;
        };
        let Some(i) = ranges.iter().position(|(s, e)| *s <= day && day < *e) else {
            continue;
        };
        for b in [&mut out[i], &mut totals] {
            b.orders += d.orders;
            b.sales_cents += d.sales_cents;
            b.units += d.units;
            b.cancelled += d.cancelled;
            b.refunds_cents += d.refunds_cents;
            b.views += d.views;
        }
    }
    let top_products =
        rollups::top_products(db, vendor, &day_key(first), &day_key(end), 10).await?;
    let (rating, reviews) = rollups::ratings(db, vendor).await?;
    let updated_at = rollups::mark_of(db, MARK).await?;
    Ok(Report {
        average_order_cents: (totals.orders > 0).then(|| totals.sales_cents / totals.orders),
        conversion_percent: conversion_percent(totals.orders, totals.views),
        buckets: out,
        totals,
        top_products,
        rating: rating.map(|r| (r * 10.0).round() / 10.0),
        reviews,
        updated_at,
    })
}
