//! Refunds admins issue on paid orders, in full or in part: goods of one vendor's part
//! (lines and quantities, optionally back on the shelf) or an amount alone. A refund gives
//! back its share of the money and of the points spent, takes back its share of the points
//! earned (as far as the balance allows), and is booked as a return: the vendor gives back
//! the value less its commission and the money is owed to the buyer. When the order was
//! paid through PayFast, the refund is then asked of PayFast's refund API (the simulator
//! answers it locally); an accepted refund is booked as paid, a refused or unreachable one
//! stays owed and can be asked again or recorded as paid by other means.

use bazaar_db::orders::{self, Header, Part};
use bazaar_db::points::{self, Kind, Movement};
use bazaar_db::refunds::{self, Refund, RefundedLine};
use bazaar_db::{Db, Tx, stock};
use bazaar_domain::admin::RefundAsk;
use bazaar_domain::inventory::MovementReason;
use bazaar_domain::order::{Amounts, OrderStatus, refund_share};
use bazaar_payfast as pf;
use bazaar_queue::Job;
use chrono::Utc;
use serde_json::json;
use sqlx::types::Json;
use uuid::Uuid;

use crate::admin::record;
use crate::payfast::Gateway;
use crate::selling::{Actor, SellingError, conflict, invalid};

/// Issues a refund on order `order_id` (of `part_id`'s goods; the part may be left out
/// when the lines name it or the order has one part), then asks the payment provider.
pub async fn issue(
    db: &Db,
    gateway: Option<&Gateway>,
    admin: &Actor<'_>,
    order_id: Uuid,
    part_id: Option<Uuid>,
    ask: &RefundAsk,
) -> Result<Refund, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let order = orders::lock(&mut tx, order_id)
        .await?
        .ok_or(SellingError::NotFound)?;
    if !order.status.is_owned() {
        return Err(conflict(
            "not_paid",
            "Only a paid order can be refunded (a cancelled one is owed back already)",
        ));
    }
    let parts = orders::parts_in(&mut tx, order_id).await?;
    let lines = orders::lines(&mut tx, order_id).await?;
    let earlier = refunds::of_order_in(&mut tx, order_id).await?;

    // Which part: the lines', else the one named, else the only one.
    let mut of_lines = ask
        .lines
        .iter()
        .map(|(id, _)| {
            lines
                .iter()
                .find(|l| l.id == *id)
                .map(|l| l.part_id)
                .ok_or_else(|| invalid("lines", "A line is not part of this order"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    of_lines.dedup();
    let part_id = match (of_lines.as_slice(), part_id) {
        ([one], None) => *one,
        ([one], Some(named)) if *one == named => named,
        ([_], Some(_)) | ([_, _, ..], _) => {
            return Err(invalid(
                "lines",
                "A refund covers one store's part: refund each part on its own",
            ));
        }
        ([], Some(named)) => named,
        ([], None) if parts.len() == 1 => parts[0].id,
        ([], None) => return Err(invalid("part_id", "Say which store's part is refunded")),
    };
    let part = parts
        .iter()
        .find(|p| p.id == part_id)
        .ok_or_else(|| invalid("part_id", "This part is not part of the order"))?;
    if part.status == OrderStatus::Cancelled {
        return Err(conflict(
            "cancelled",
            "This part was cancelled: its money is owed back already",
        ));
    }

    // The value: the lines' worth, or the amount given, within what is left of the part.
    let mut lines_value = 0_i64;
    for (id, quantity) in &ask.lines {
        let line = lines.iter().find(|l| l.id == *id).expect("checked above");
        let left = line.quantity - line.refunded_quantity;
        if *quantity > left {
            return Err(invalid(
                "lines",
                format!(
                    "Only {left} of \"{}\" can still be refunded",
                    line.product_name
                ),
            ));
        }
        lines_value += line.unit_price_cents * quantity;
    }
    let refunded_of_part: i64 = earlier
        .iter()
        .filter(|r| r.part_id == part_id)
        .map(|r| r.value_cents)
        .sum();
    let part_left = part.weight() - refunded_of_part;
    if part_left <= 0 {
        return Err(conflict("refunded", "This part has been refunded in full"));
    }
    let value = match ask.value_cents {
        Some(v) if v > part_left => {
            return Err(invalid(
                "value_cents",
                format!(
                    "At most {} of this part can still be refunded",
                    pf::format_rand(part_left)
                ),
            ));
        }
        Some(v) => v,
        None => lines_value.min(part_left),
    };

    // Its share of the money and points, after cancellations and earlier refunds.
    let whole = Amounts {
        money_cents: order.total_cents,
        points_spent: order.points_spent,
        points_earned: order.points_earned,
    };
    let cancelled = parts.iter().filter(|p| p.status == OrderStatus::Cancelled);
    let mut already = Amounts::default();
    let mut already_value = 0;
    for p in cancelled {
        already.money_cents += p.refund_due_cents;
        already.points_spent += p.points_returned;
        already.points_earned += p.points_reversed;
        already_value += p.weight();
    }
    for r in &earlier {
        already.money_cents += r.money_cents;
        already.points_spent += r.points_returned;
        already.points_earned += r.points_reversed;
        already_value += r.value_cents;
    }
    let total_weight: i64 = parts.iter().map(Part::weight).sum();
    let share = refund_share(whole, already, value, already_value, total_weight);

    let id = Uuid::now_v7();
    let reversed = move_points(&mut tx, &order, id, share).await?;
    let mut refunded_lines = Vec::new();
    let mut touched = Vec::new();
    for (line_id, quantity) in &ask.lines {
        if !refunds::add_refunded_quantity(&mut tx, *line_id, *quantity).await? {
            return Err(conflict("stale", "The order changed meanwhile: reload it"));
        }
        refunded_lines.push(RefundedLine {
            item_id: *line_id,
            quantity: *quantity,
        });
        let line = lines.iter().find(|l| l.id == *line_id).expect("checked");
        if ask.restock
            && let Some(product_id) = line.product_id
        {
            stock::put_back(
                &mut tx,
                product_id,
                line.variation_id,
                *quantity,
                order_id,
                MovementReason::Return,
            )
            .await?;
            touched.push(product_id);
        }
    }
    touched.sort();
    touched.dedup();
    if !touched.is_empty() {
        stock::refresh(&mut tx, &touched).await?;
        bazaar_queue::enqueue(
            &mut tx,
            &Job::IndexProducts {
                product_ids: touched,
            },
        )
        .await?;
    }
    crate::books::record_return(
        &mut tx,
        &order,
        part,
        id,
        value,
        share.money_cents,
        Some(admin.id),
    )
    .await?;
    if share.money_cents > 0 {
        orders::add_part_refund(&mut tx, order_id, share.money_cents, now).await?;
    }
    let asks_gateway =
        share.money_cents > 0 && gateway.is_some() && order.payment_reference.is_some();
    let refund = Refund {
        id,
        order_id,
        part_id,
        value_cents: value,
        money_cents: share.money_cents,
        points_returned: share.points_spent,
        points_reversed: reversed,
        lines: Json(refunded_lines),
        restocked: ask.restock,
        reason: ask.reason.clone(),
        status: match (share.money_cents, asks_gateway) {
            (0, _) => "paid",
            (_, true) => "requested",
            (_, false) => "due",
        }
        .to_owned(),
        gateway_reference: None,
        gateway_message: None,
        actor_id: Some(admin.id),
        created_at: now,
        updated_at: now,
    };
    refunds::insert(&mut tx, &refund).await?;
    record(
        &mut tx,
        admin,
        "order.refund",
        "order",
        order_id.to_string(),
        json!({
            "refund_id": id,
            "part_id": part_id,
            "reason": ask.reason,
            "value_cents": value,
            "money_cents": share.money_cents,
            "points_returned": share.points_spent,
            "points_reversed": reversed,
            "restocked": ask.restock,
            "lines": refund.lines.0,
            "before": { "refund_due_cents": order.refund_due_cents },
            "after": { "refund_due_cents": order.refund_due_cents + share.money_cents },
        }),
        now,
    )
    .await?;
    tx.commit().await?;
    match (asks_gateway, gateway) {
        (true, Some(g)) => ask_gateway(db, g, &order, refund).await,
        _ => Ok(refund),
    }
}

/// Asks the payment provider again for a refund it refused or could not be reached for.
pub async fn retry(
    db: &Db,
    gateway: &Gateway,
    admin: &Actor<'_>,
    refund_id: Uuid,
) -> Result<Refund, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let refund = refunds::get_in(&mut tx, refund_id)
        .await?
        .ok_or(SellingError::NotFound)?;
    let order = orders::lock(&mut tx, refund.order_id)
        .await?
        .ok_or(SellingError::NotFound)?;
    if refund.status != "failed" {
        return Err(conflict(
            "not_failed",
            "Only a refund the payment provider refused can be asked again",
        ));
    }
    if order.payment_reference.is_none() {
        return Err(conflict(
            "no_payment",
            "This order was not paid through the payment provider",
        ));
    }
    if order.refund_due_cents < refund.money_cents {
        return Err(conflict(
            "paid_elsewhere",
            "This money was recorded as paid back already",
        ));
    }
    if !refunds::retry(&mut tx, refund_id, now).await? {
        return Err(conflict(
            "not_failed",
            "Only a refund the payment provider refused can be asked again",
        ));
    }
    record(
        &mut tx,
        admin,
        "order.refund_retry",
        "order",
        order.id.to_string(),
        json!({ "refund_id": refund_id, "before": { "status": "failed" }, "after": { "status": "requested" } }),
        now,
    )
    .await?;
    tx.commit().await?;
    let refund = Refund {
        status: "requested".into(),
        ..refund
    };
    ask_gateway(db, gateway, &order, refund).await
}

/// Asks PayFast for a `requested` refund and books its answer: accepted is paid (the
/// refund journal, the money no longer owed), refused or unreachable is failed.
async fn ask_gateway(
    db: &Db,
    gateway: &Gateway,
    order: &Header,
    refund: Refund,
) -> Result<Refund, SellingError> {
    let payment_id = order.payment_reference.as_deref().unwrap_or_default();
    let timestamp = Utc::now()
        .with_timezone(&bazaar_domain::ledger::sast())
        .format("%Y-%m-%dT%H:%M:%S%:z")
        .to_string();
    let reason: String = refund.reason.chars().take(255).collect();
    let answer = pf::refund::request_refund(
        &gateway.client,
        &gateway.settings,
        &pf::refund::RefundRequest {
            payment_id,
            amount_cents: refund.money_cents,
            reason: &reason,
            notify_buyer: true,
        },
        &timestamp,
    )
    .await;
    let (status, reference, message) = match answer {
        Ok(pf::refund::RefundAnswer::Accepted { reference }) => ("paid", reference, None),
        Ok(pf::refund::RefundAnswer::Refused { message }) => ("failed", None, Some(message)),
        Err(e) => {
            tracing::warn!(refund.id = %refund.id, error = %e, "refund request did not reach PayFast");
            (
                "failed",
                None,
                Some("PayFast could not be reached: ask again later".to_owned()),
            )
        }
    };
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let order = orders::lock(&mut tx, order.id)
        .await?
        .ok_or(SellingError::NotFound)?;
    if refunds::settle(
        &mut tx,
        refund.id,
        status,
        reference.as_deref(),
        message.as_deref(),
        now,
    )
    .await?
        && status == "paid"
    {
        settle_paid(&mut tx, &order, refund.money_cents).await?;
    }
    tx.commit().await?;
    Ok(Refund {
        status: status.to_owned(),
        gateway_reference: reference,
        gateway_message: message,
        updated_at: now,
        ..refund
    })
}

/// Money owed back was paid: it is no longer due, and the books say so.
async fn settle_paid(tx: &mut Tx, order: &Header, cents: i64) -> Result<(), SellingError> {
    let cents = cents.min(order.refund_due_cents);
    if cents > 0 {
        orders::add_part_refund(tx, order.id, -cents, Utc::now()).await?;
        crate::books::record_refund(tx, order, cents, None).await?;
    }
    Ok(())
}

/// Gives back the share of points spent and takes back the share earned (never below a
/// zero balance); how many were taken back.
async fn move_points(
    tx: &mut Tx,
    o: &Header,
    refund_id: Uuid,
    share: Amounts,
) -> Result<i64, SellingError> {
    if share.points_spent > 0 {
        let description = format!("Refunded for order {}", o.order_number);
        points::apply(
            tx,
            &Movement {
                user_id: o.user_id,
                kind: Kind::Refunded,
                points: share.points_spent,
                description: &description,
                order_id: Some(o.id),
                source: &format!("refund:{refund_id}"),
            },
        )
        .await?;
    }
    let mut taken = 0;
    if share.points_earned > 0 {
        let balance = points::lock(tx, o.user_id).await?.current_balance;
        taken = share.points_earned.min(balance);
        if taken > 0 {
            let description = format!("Reversed for refunded order {}", o.order_number);
            points::apply(
                tx,
                &Movement {
                    user_id: o.user_id,
                    kind: Kind::Spent,
                    points: taken,
                    description: &description,
                    order_id: Some(o.id),
                    source: &format!("refund_reversal:{refund_id}"),
                },
            )
            .await?;
        }
    }
    Ok(taken)
}
