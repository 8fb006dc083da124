//! `notify_order_status`: the notification row, its live event and its email, once per
//! order and status.

use bazaar_db::notifications::{self, Notification};
use bazaar_db::{accounts, emails, orders};
use bazaar_domain::money::{self, Cents, CurrencyDisplay};
use bazaar_queue::{Job, live};
use chrono::Utc;
use serde_json::json;
use uuid::Uuid;

use super::JobError;
use crate::JobContext;

/// The title and message shown for a notification type.
pub fn texts(kind: &str, order_number: &str) -> Option<(String, String)> {
    let (title, message) = match kind {
        "order_confirmed" => (
            "Order confirmed",
            format!("Your order {order_number} is confirmed. We'll let you know when it ships."),
        ),
        "processing" => (
            "Order processing",
            format!("Your order {order_number} is being prepared."),
        ),
        "shipped" => (
            "Order shipped",
            format!("Your order {order_number} is on its way."),
        ),
        "delivered" => (
            "Order delivered",
            format!("Your order {order_number} has been delivered. Enjoy!"),
        ),
        "cancelled" => (
            "Order cancelled",
            format!("Your order {order_number} has been cancelled."),
        ),
        _ => return None,
    };
    Some((title.to_owned(), message))
}

fn template_for(kind: &str) -> String {
    match kind {
        "order_confirmed" => "order_confirmed".to_owned(),
        other => format!("order_{other}"),
    }
}

pub async fn notify_order_status(
    ctx: &JobContext,
    order_id: Uuid,
    kind: &str,
) -> Result<(), JobError> {
    let Some(order) = orders::get(&ctx.db, order_id).await? else {
        return Ok(());
    };
    let (title, message) = texts(kind, &order.order_number)
        .ok_or_else(|| JobError::Invalid(format!("unknown notification type {kind:?}")))?;
    let user = accounts::user_by_id(&ctx.db, order.user_id).await?;
    let profile = accounts::profile(&ctx.db, order.user_id).await?;
    let notification = Notification {
        id: Uuid::now_v7(),
        user_id: order.user_id,
        order_id,
        kind: kind.to_owned(),
        title,
        message,
        read: false,
        created_at: Utc::now(),
    };

    let mut tx = ctx.db.begin().await?;
    notifications::lock_user(&mut tx, order.user_id).await?;
    if !notifications::insert_once(&mut tx, &notification).await? {
        tx.rollback().await?;
        return Ok(());
    }
    notifications::trim(&mut tx, order.user_id).await?;
    let event = live::record(
        &mut tx,
        order.user_id,
        "notification",
        serde_json::to_value(&notification).expect("notifications serialise"),
    )
    .await?;
    if let Some(user) = user {
        let name = profile
            .map(|p| p.full_name)
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| "there".to_owned());
        let context = json!({
            "customer_name": name,
            "order_number": order.order_number,
            "order_url": format!("{}/profile/?tab=orders", ctx.public_url.trim_end_matches('/')),
            "total": money::format(Some(Cents(order.total_cents)), &CurrencyDisplay::new(&order.currency)),
        });
        let dedupe = format!("order:{order_id}:{kind}");
        if let Some(email_id) =
            emails::queue(&mut tx, &user.email, &template_for(kind), &context, &dedupe).await?
        {
            bazaar_queue::enqueue(&mut tx, &Job::SendEmail { email_id }).await?;
        }
    }
    tx.commit().await?;
    ctx.live.delivered([event]);
    Ok(())
}
