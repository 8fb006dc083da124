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

/// Goods worth `value_cents` of a paid part refunded (`refund_id`), `money_cents` of it
/// owed back to the buyer: the vendor gives back the value less its share of the part's
/// commission. Once per refund.
pub async fn record_return(
    tx: &mut Tx,
    o: &Header,
    part: &Part,
    refund_id: Uuid,
    value_cents: i64,
    money_cents: i64,
    actor: Option<Uuid>,
) -> DbResult<()> {
    let sale = sale_of(tx, part).await?;
    let commission = rules::commission_share(sale.commission_cents, value_cents, sale.weight_cents);
    let memo = format!("Refund: order {}", o.order_number);
    let journal = Journal {
        dedupe_key: Some(format!("return:{refund_id}")),
        order_id: Some(o.id),
        part_id: Some(part.id),
        vendor_id: part.vendor_id,
        actor_id: actor,
        memo: &memo,
        ..Journal::new(JournalKind::Return, Utc::now())
    };
    ledger::post(
        tx,
        &journal,
        &rules::goods_return(part.vendor_id, value_cents, commission, money_cents),
    )
    .await?;
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
pub(crate) fn cell(text: &str) -> String {
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

/// Text in the PDF's WinAnsi encoding: Latin-1 characters as they are, others as `?`.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c as u32 {
            0x20..=0x7e | 0xa0..=0xff => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

/// `text` cut to `width` characters (an ellipsis marks a cut) and padded to it.
fn column(text: &str, width: usize, right: bool) -> String {
    let mut t: String = text.chars().take(width).collect();
    if text.chars().count() > width {
        t = text
            .chars()
            .take(width.saturating_sub(3))
            .collect::<String>()
            + "...";
    }
    if right {
        format!("{t:>width$}")
    } else {
        format!("{t:<width$}")
    }
}

/// A vendor's monthly statement as a PDF (A4, as many pages as it takes): the store, the
/// month, the opening balance, every posting (oldest first) and the closing balance.
pub fn statement_pdf(
    store_name: &str,
    month: &str,
    opening: ledger::VendorBalance,
    entries: &[ledger::StatementEntry],
) -> Vec<u8> {
    use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

    const ROWS_PER_PAGE: usize = 52;
    let row = |date: &str, kind: &str, order: &str, what: &str, pending: i64, available: i64| {
        format!(
            "{} {} {} {} {} {}",
            column(date, 10, false),
            column(kind, 13, false),
            column(order, 13, false),
            column(what, 30, false),
            column(&rand(pending), 12, true),
            column(&rand(available), 12, true),
        )
    };
    let mut lines = vec![row(
        "",
        "opening",
        "",
        "Opening balance",
        opening.pending_cents,
        opening.available_cents,
    )];
    let mut closing = opening;
    for e in entries.iter().rev() {
        let (pending, available) = match e.account.as_str() {
            "vendor_pending" => (e.amount_cents, 0),
            _ => (0, e.amount_cents),
        };
        closing.pending_cents += pending;
        closing.available_cents += available;
        let date = e
            .effective_at
            .with_timezone(&rules::sast())
            .format("%Y-%m-%d")
            .to_string();
        lines.push(row(
            &date,
            &e.kind,
            e.order_number.as_deref().unwrap_or(""),
            &e.memo,
            pending,
            available,
        ));
    }
    lines.push(row(
        "",
        "closing",
        "",
        "Closing balance",
        closing.pending_cents,
        closing.available_cents,
    ));

    let pages: Vec<&[String]> = lines.chunks(ROWS_PER_PAGE).collect();
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let (regular, bold, mono) = (Ref::new(3), Ref::new(4), Ref::new(5));
    let page_ids: Vec<Ref> = (0..pages.len())
        .map(|i| Ref::new(10 + 2 * i as i32))
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(pages.len() as i32);
    for (font, name) in [
        (regular, "Helvetica"),
        (bold, "Helvetica-Bold"),
        (mono, "Courier"),
    ] {
        pdf.type1_font(font)
            .base_font(Name(name.as_bytes()))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    let header_columns = format!(
        "{} {} {} {} {} {}",
        column("Date", 10, false),
        column("Kind", 13, false),
        column("Order", 13, false),
        column("Description", 30, false),
        column("Pending", 12, true),
        column("Available", 12, true),
    );
    for (i, (page_lines, page_id)) in pages.iter().zip(&page_ids).enumerate() {
        let content_id = Ref::new(page_id.get() + 1);
        let mut page = pdf.page(*page_id);
        page.media_box(Rect::new(0.0, 0.0, 595.0, 842.0));
        page.parent(tree);
        page.contents(content_id);
        {
            let mut resources = page.resources();
            let mut fonts = resources.fonts();
            fonts.pair(Name(b"F1"), regular);
            fonts.pair(Name(b"F2"), bold);
            fonts.pair(Name(b"F3"), mono);
        }
        page.finish();
        let mut c = Content::new();
        c.begin_text();
        c.set_font(Name(b"F2"), 14.0);
        c.next_line(40.0, 800.0);
        c.show(Str(&win_ansi(&format!("Statement {month}: {store_name}"))));
        c.set_font(Name(b"F1"), 9.0);
        c.next_line(0.0, -16.0);
        c.show(Str(&win_ansi(&format!(
            "Amounts in rand. Pending: sold, payable after the hold. Available: payable. Page {} of {}.",
            i + 1,
            pages.len()
        ))));
        c.set_font(Name(b"F3"), 7.5);
        c.next_line(0.0, -22.0);
        c.show(Str(&win_ansi(&header_columns)));
        c.next_line(0.0, -4.0);
        for line in page_lines.iter() {
            c.next_line(0.0, -13.0);
            c.show(Str(&win_ansi(line)));
        }
        c.end_text();
        pdf.stream(content_id, &c.finish());
    }
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_pdf_holds_every_posting_across_pages() {
        let entries: Vec<ledger::StatementEntry> = (0..120)
            .map(|i| ledger::StatementEntry {
                id: Uuid::now_v7(),
                kind: "sale".into(),
                account: "vendor_pending".into(),
                amount_cents: 1_000 + i,
                memo: if i == 0 {
                    "Order BZ-0000 (Café)".into()
                } else {
                    format!("Order BZ-{i:04}")
                },
                order_id: None,
                order_number: Some(format!("BZ-{i:04}")),
                payout_id: None,
                effective_at: Utc::now(),
                created_at: Utc::now(),
            })
            .collect();
        let pdf = statement_pdf(
            "Kasi Kicks",
            "2026-11",
            ledger::VendorBalance::default(),
            &entries,
        );
        if let Ok(path) = std::env::var("BAZAAR_WRITE_STATEMENT_PDF") {
            std::fs::write(path, &pdf).unwrap();
        }
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.starts_with("%PDF-"));
        let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
        assert_eq!(pages, 3, "122 rows on 52-row pages");
        assert!(text.contains("BZ-0119"));
        assert!(text.contains("Page 3 of 3"), "122 rows on 52-row pages");
        let hex = text.to_ascii_lowercase();
        assert!(
            pdf.windows(4).any(|w| w == b"Caf\xe9") || hex.contains("436166e9"),
            "Latin-1 letters kept"
        );
    }
}
