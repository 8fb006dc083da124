//! Money events into the books (`bazaar_domain::ledger`), each in the transaction of the
//! move that caused it: a payment (with the commission fixed per line), the gateway's fee,
//! a cancelled paid part, a delivered part's release after the hold, refunds paid back,
//! payouts and admins' adjustments.

use bazaar_db::ledger::{self, Journal, NewPayout};
use bazaar_db::orders::{self, Header, Part};
use bazaar_db::{Db, DbResult, Tx, settings};
use bazaar_domain::ledger::{self as rules, JournalKind, PartSale, PayoutSettings};
use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

/// Payout settings (`system_settings.payout_settings`).
pub async fn payout_settings(tx: &mut Tx) -> DbResult<PayoutSettings> {
    let v = settings::system_in(tx, "payout_settings").await?;
    Ok(PayoutSettings::from_json(v.as_ref()))
}

/// A paid order: fixes each line's commission at the vendor's rate now and records the
/// sale. Once per order.
pub async fn record_sale(tx: &mut Tx, o: &Header) -> DbResult<()> {
    let parts = orders::parts_in(tx, o.id).await?;
    let lines = orders::lines(tx, o.id).await?;
    let mut sales = Vec::with_capacity(parts.len());
    for part in &parts {
        let bps = match part.vendor_id {
            Some(vendor) => ledger::commission_bps(tx, vendor).await?,
            None => 0,
        };
        let mine: Vec<_> = lines.iter().filter(|l| l.part_id == part.id).collect();
        let totals: Vec<i64> = mine.iter().map(|l| l.line_total_cents).collect();
        let commissions = rules::line_commissions(&totals, part.discount_cents, bps);
        for (line, cents) in mine.iter().zip(&commissions) {
            ledger::set_line_commission(tx, line.id, bps, *cents).await?;
        }
        sales.push(PartSale {
            vendor_id: part.vendor_id,
            weight_cents: part.weight(),
            commission_cents: commissions.iter().sum(),
        });
    }
    let memo = format!("Order {}", o.order_number);
    let journal = Journal {
        dedupe_key: Some(format!("sale:{}", o.id)),
        order_id: Some(o.id),
        memo: &memo,
        ..Journal::new(JournalKind::Sale, Utc::now())
    };
    ledger::post(tx, &journal, &rules::sale(&sales, o.total_cents)).await?;
    Ok(())
}

/// The gateway's fee on an order's payment. Once per order.
pub async fn record_fee(tx: &mut Tx, o: &Header, fee_cents: i64) -> DbResult<()> {
    if fee_cents <= 0 {
        return Ok(());
    }
    let memo = format!("Payment fee, order {}", o.order_number);
    let journal = Journal {
        dedupe_key: Some(format!("fee:{}", o.id)),
        order_id: Some(o.id),
        memo: &memo,
        ..Journal::new(JournalKind::Fee, Utc::now())
    };
    ledger::post(tx, &journal, &rules::fee(fee_cents)).await?;
    Ok(())
}

async fn sale_of(tx: &mut Tx, part: &Part) -> DbResult<PartSale> {
    Ok(PartSale {
        vendor_id: part.vendor_id,
        weight_cents: part.weight(),
        commission_cents: ledger::part_commission(tx, part.id).await?,
    })
}

/// A paid part cancelled, `refund_cents` of the money owed back. Once per part.
pub async fn record_cancellation(
    tx: &mut Tx,
    o: &Header,
    part: &Part,
    refund_cents: i64,
) -> DbResult<()> {
    let sale = sale_of(tx, part).await?;
    let memo = format!("Cancelled: order {}", o.order_number);
    let journal = Journal {
        dedupe_key: Some(format!("cancel:{}", part.id)),
        order_id: Some(o.id),
        part_id: Some(part.id),
        vendor_id: part.vendor_id,
        memo: &memo,
        ..Journal::new(JournalKind::Cancellation, Utc::now())
    };
    ledger::post(tx, &journal, &rules::cancellation(sale, refund_cents)).await?;
    Ok(())
}

/// A vendor's part was delivered at `at`: its sale less commission becomes payable after
/// the hold. Once per part.
pub async fn record_release(
    tx: &mut Tx,
    o: &Header,
    part: &Part,
    at: DateTime<Utc>,
) -> DbResult<()> {
    let Some(vendor) = part.vendor_id else {
        return Ok(());
    };
    let hold = payout_settings(tx).await?.hold_days;
    let sale = sale_of(tx, part).await?;
    let memo = format!(
        "Delivered: order {} (payable after {hold} days)",
        o.order_number
    );
    let journal = Journal {
        dedupe_key: Some(format!("release:{}", part.id)),
        order_id: Some(o.id),
        part_id: Some(part.id),
        vendor_id: Some(vendor),
        memo: &memo,
        ..Journal::new(JournalKind::Release, at + Duration::days(hold))
    };
    let amount = sale.weight_cents - sale.commission_cents;
    ledger::post(tx, &journal, &rules::release(vendor, amount)).await?;
    Ok(())
}

/// Money owed back to a buyer was paid back.
pub async fn record_refund(
    tx: &mut Tx,
    o: &Header,
    cents: i64,
    actor: Option<Uuid>,
) -> DbResult<()> {
    let memo = format!("Refund paid, order {}", o.order_number);
    let journal = Journal {
        order_id: Some(o.id),
        actor_id: actor,
        memo: &memo,
        ..Journal::new(JournalKind::Refund, Utc::now())
    };
    ledger::post(tx, &journal, &rules::refund(cents)).await?;
    Ok(())
}

/// An admin credits (positive) or debits (negative) a vendor's available balance.
pub async fn adjust(
    tx: &mut Tx,
    vendor: Uuid,
    credit_cents: i64,
    reason: &str,
    admin: Uuid,
) -> DbResult<()> {
    let journal = Journal {
        vendor_id: Some(vendor),
        actor_id: Some(admin),
        memo: reason,
        ..Journal::new(JournalKind::Adjustment, Utc::now())
    };
    ledger::post(tx, &journal, &rules::adjustment(vendor, credit_cents)).await?;
    Ok(())
}

/// A payout run: who is paid what, and who could not be.
#[derive(Debug, Clone)]
pub struct Run {
    pub id: Uuid,
    pub minimum_cents: i64,
    pub payouts: Vec<ledger::Payout>,
    /// Vendors owed at least the minimum without a payout account.
    pub without_account: Vec<(Uuid, i64)>,
    /// True when nothing was kept (a dry run).
    pub dry_run: bool,
}

/// Pays every vendor whose available balance is at least the minimum: a payout each (to
/// the bank account on file, as it is now), taken off their balance. With `dry_run`,
/// answers the same and keeps nothing.
pub async fn run_payouts(db: &Db, by: Option<Uuid>, dry_run: bool) -> DbResult<Run> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let settings = payout_settings(&mut tx).await?;
    let run_id = Uuid::now_v7();
    ledger::insert_run(&mut tx, run_id, by, settings.minimum_cents, now).await?;
    let owed = ledger::payable(&mut tx, now, settings.minimum_cents).await?;
    let mut without_account = Vec::new();
    let mut ids = Vec::new();
    let reference = format!(
        "BAZAAR {}",
        &run_id.simple().to_string()[24..32].to_uppercase()
    );
    for (vendor, amount) in owed {
        let Some((holder, number, branch)) = ledger::bank_details(&mut tx, vendor).await? else {
            without_account.push((vendor, amount));
            continue;
        };
        let id = Uuid::now_v7();
        ledger::insert_payout(
            &mut tx,
            &NewPayout {
                id,
                run_id,
                vendor_id: vendor,
                amount_cents: amount,
                account_holder: &holder,
                account_number: &number,
                branch_code: &branch,
                reference: &reference,
            },
            now,
        )
        .await?;
        let memo = format!("Payout {reference}");
        let journal = Journal {
            dedupe_key: Some(format!("payout:{id}")),
            payout_id: Some(id),
            vendor_id: Some(vendor),
            actor_id: by,
            memo: &memo,
            ..Journal::new(JournalKind::Payout, now)
        };
        ledger::post(&mut tx, &journal, &rules::payout(vendor, amount)).await?;
        ids.push(id);
    }
    let mut payouts = Vec::with_capacity(ids.len());
    for id in ids {
        payouts.extend(ledger::payout_in(&mut tx, id).await?);
    }
    payouts.sort_by(|a, b| a.store_name.cmp(&b.store_name));
    if dry_run {
        tx.rollback().await?;
    } else {
        tx.commit().await?;
    }
    Ok(Run {
        id: run_id,
        minimum_cents: settings.minimum_cents,
        payouts,
        without_account,
        dry_run,
    })
}

/// Settles a sent payout: paid (the money left) or failed (it returns to the vendor's
/// available balance). `None` when there is no such payout; false when it was settled.
pub async fn settle_payout(
    tx: &mut Tx,
    id: Uuid,
    failed: Option<&str>,
    by: Option<Uuid>,
) -> DbResult<Option<(ledger::Payout, bool)>> {
    let Some(p) = ledger::payout_in(tx, id).await? else {
        return Ok(None);
    };
    let now = Utc::now();
    let status = if failed.is_some() { "failed" } else { "paid" };
    if !ledger::settle_payout(tx, id, status, failed, now).await? {
        return Ok(Some((p, false)));
    }
    let (kind, postings) = match failed {
        Some(_) => (
            JournalKind::PayoutFailed,
            rules::payout_failed(p.vendor_id, p.amount_cents),
        ),
        None => (JournalKind::PayoutPaid, rules::payout_paid(p.amount_cents)),
    };
    let memo = match failed {
        Some(reason) => format!("Payout {} failed: {reason}", p.reference),
        None => format!("Payout {} paid", p.reference),
    };
    let journal = Journal {
        dedupe_key: Some(format!("{kind}:{id}")),
        payout_id: Some(id),
        vendor_id: Some(p.vendor_id),
        actor_id: by,
        memo: &memo,
        ..Journal::new(kind, now)
    };
    ledger::post(tx, &journal, &postings).await?;
    let p = ledger::payout_in(tx, id).await?.unwrap_or(p);
    Ok(Some((p, true)))
}

/// The bank file of payouts: CSV with a header, one row per payout, in the columns South
/// African banks take for bulk payments (see docs/decisions.md).
pub fn bank_file(payouts: &[ledger::Payout]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "Account holder",
        "Account number",
        "Branch code",
        "Amount",
        "Reference",
    ])
    .expect("writing to memory");
    for p in payouts {
        w.write_record([
            &cell(&p.account_holder),
            p.account_number.as_str(),
            p.branch_code.as_str(),
            &format!("{}.{:02}", p.amount_cents / 100, p.amount_cents % 100),
            p.reference.as_str(),
        ])
        .expect("writing to memory");
    }
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("CSV of strings")
}

/// A cell that a spreadsheet would run as a formula is kept as text.
fn cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

fn rand(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.abs() / 100, cents.abs() % 100)
}

/// A vendor's monthly statement as CSV: the opening balance, every posting of the month
/// (oldest first) and the closing balance, pending and available apart.
pub fn statement_csv(
    month: &str,
    opening: ledger::VendorBalance,
    entries: &[ledger::StatementEntry],
) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut row = |r: [String; 6]| w.write_record(&r).expect("writing to memory");
    row([
        "Date".into(),
        "Kind".into(),
        "Order".into(),
        "Description".into(),
        "Pending".into(),
        "Available".into(),
    ]);
    row([
        String::new(),
        "opening".into(),
        String::new(),
        format!("Opening balance {month}"),
        rand(opening.pending_cents),
        rand(opening.available_cents),
    ]);
    let mut closing = opening;
    for e in entries.iter().rev() {
        let (pending, available) = match e.account.as_str() {
            "vendor_pending" => (e.amount_cents, 0),
            _ => (0, e.amount_cents),
        };
        closing.pending_cents += pending;
        closing.available_cents += available;
        row([
            e.effective_at
                .with_timezone(&rules::sast())
                .format("%Y-%m-%d")
                .to_string(),
            e.kind.clone(),
            e.order_number.clone().unwrap_or_default(),
            cell(&e.memo),
            rand(pending),
            rand(available),
        ]);
    }
    row([
        String::new(),
        "closing".into(),
        String::new(),
        format!("Closing balance {month}"),
        rand(closing.pending_cents),
        rand(closing.available_cents),
    ]);
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("CSV of strings")
}
