//! `notify_order_status`: the notification row, its live event and its email, once per
//! order and status.

use bazaar_db::notifications::{self, Notification};
use bazaar_db::orders::Part;
use bazaar_db::{accounts, emails, orders};
use bazaar_domain::money::{self, Cents, CurrencyDisplay};
use bazaar_domain::shipment::{courier_name, tracking_link};
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

/// The title and message of a move of one vendor's part: which store, and for a parcel on
/// its way, the courier and tracking number.
pub fn part_texts(
    kind: &str,
    order_number: &str,
    currency: &str,
    part: &Part,
    several: bool,
) -> (String, String) {
    let from = if several {
        format!(" from {}", part.vendor_name)
    } else {
        String::new()
    };
    let what = if several {
        "Part of your order"
    } else {
        "Your order"
    };
    match kind {
        "processing" => (
            "Order processing".to_owned(),
            format!("Your order {order_number}{from} is being prepared."),
        ),
        "shipped" => {
            let courier = part.courier.as_deref().map(courier_name);
            let by = match (courier, part.tracking_number.as_deref()) {
                (Some(c), Some(n)) => format!(" with {c}, tracking number {n}"),
                (Some(c), None) => format!(" with {c}"),
                _ => String::new(),
            };
            (
                "Order shipped".to_owned(),
                format!("Your order {order_number}{from} is on its way{by}."),
            )
        }
        "delivered" => (
            "Order delivered".to_owned(),
            format!("Your order {order_number}{from} has been delivered. Enjoy!"),
        ),
        "cancelled" => {
            let reason = part
                .cancel_reason
                .as_deref()
                .map(|r| {
                    let stop = if r.ends_with(['.', '!', '?']) {
                        ""
                    } else {
                        "."
                    };
                    format!(" Reason: {r}{stop}")
                })
                .unwrap_or_default();
            let refund = if part.refund_due_cents > 0 {
                format!(
                    " {} will be refunded.",
                    money::format(
                        Some(Cents(part.refund_due_cents)),
                        &CurrencyDisplay::new(currency)
                    )
                )
            } else {
                String::new()
            };
            (
                "Order cancelled".to_owned(),
                format!("{what} {order_number}{from} has been cancelled.{reason}{refund}"),
            )
        }
        other => texts(other, order_number).unwrap_or_default(),
    }
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
    part_id: Option<Uuid>,
) -> Result<(), JobError> {
    let Some(order) = orders::get(&ctx.db, order_id).await? else {
        return Ok(());
    };
    let (mut title, mut message) = texts(kind, &order.order_number)
        .ok_or_else(|| JobError::Invalid(format!("unknown notification type {kind:?}")))?;
    let part = match part_id {
        Some(id) => orders::part(&ctx.db, id).await?,
        None => None,
    };
    let parts = orders::part_count(&ctx.db, order_id).await?;
    if let Some(part) = &part {
        (title, message) = part_texts(kind, &order.order_number, &order.currency, part, parts > 1);
    }
    let user = accounts::user_by_id(&ctx.db, order.user_id).await?;
    let profile = accounts::profile(&ctx.db, order.user_id).await?;
    let notification = Notification {
        id: Uuid::now_v7(),
        user_id: order.user_id,
        order_id: Some(order_id),
        kind: kind.to_owned(),
        title,
        message,
        read: false,
        created_at: Utc::now(),
        link: Some("/profile/?tab=orders".to_owned()),
    };

    let mut tx = ctx.db.begin().await?;
    notifications::lock_user(&mut tx, order.user_id).await?;
    let inserted = match part_id {
        Some(part_id) => {
            let key = format!("part:{part_id}:{kind}");
            notifications::insert_keyed(&mut tx, &notification, &key).await?
        }
        None => notifications::insert_once(&mut tx, &notification).await?,
    };
    if !inserted {
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
        let tracking = part
            .as_ref()
            .and_then(|p| tracking_link(p.courier.as_deref(), p.tracking_url.as_deref()));
        let context = json!({
            "customer_name": name,
            "message": notification.message,
            "vendor_name": part.as_ref().map(|p| p.vendor_name.clone()),
            "courier": part.as_ref().and_then(|p| p.courier.as_deref()).map(courier_name),
            "tracking_number": part.as_ref().and_then(|p| p.tracking_number.clone()),
            "tracking_url": tracking,
            "order_number": order.order_number,
            "order_url": format!("{}/profile/?tab=orders", ctx.public_url.trim_end_matches('/')),
            "total": money::format(Some(Cents(order.total_cents)), &CurrencyDisplay::new(&order.currency)),
        });
        let dedupe = match part_id {
            Some(part_id) => format!("part:{part_id}:{kind}"),
            None => format!("order:{order_id}:{kind}"),
        };
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

/// The notification type, title, message and link for a move of a vendor application.
pub fn application_texts(
    status: &str,
    store_name: &str,
    message: Option<&str>,
) -> Option<(&'static str, String, String, &'static str)> {
    let message = message.unwrap_or("");
    Some(match status {
        "approved" => (
            "application_approved",
            "Application approved".to_owned(),
            format!("{store_name} is approved. Accept the vendor agreement to start selling."),
            "/vendor",
        ),
        "rejected" => (
            "application_rejected",
            "Application not approved".to_owned(),
            format!("Your application for {store_name} was not approved. Reason: {message}"),
            "/vendor/applications",
        ),
        "changes_requested" => (
            "application_changes_requested",
            "Changes requested".to_owned(),
            format!("Your application for {store_name} needs changes: {message}"),
            "/vendor/applications",
        ),
        _ => return None,
    })
}

/// `notify_application`: the applicant's notification, live event and email for one move of
/// their application, once per history event. A submission tells nobody.
pub async fn notify_application(ctx: &JobContext, event_id: Uuid) -> Result<(), JobError> {
    let Some(event) = bazaar_db::vendor_applications::event(&ctx.db, event_id).await? else {
        return Ok(());
    };
    let Some(application) =
        bazaar_db::vendor_applications::get(&ctx.db, event.application_id).await?
    else {
        return Ok(());
    };
    let Some((kind, title, message, link)) = application_texts(
        &event.status,
        &application.store_name,
        event.message.as_deref(),
    ) else {
        return Ok(());
    };
    let user_id = application.user_id;
    let notification = Notification {
        id: Uuid::now_v7(),
        user_id,
        order_id: None,
        kind: kind.to_owned(),
        title,
        message,
        read: false,
        // When it was decided, so the list reads in the order of the decisions however
        // the jobs were scheduled.
        created_at: event.created_at,
        link: Some(link.to_owned()),
    };
    let dedupe = format!("application-event:{event_id}");
    let mut tx = ctx.db.begin().await?;
    notifications::lock_user(&mut tx, user_id).await?;
    if !notifications::insert_keyed(&mut tx, &notification, &dedupe).await? {
        tx.rollback().await?;
        return Ok(());
    }
    notifications::trim(&mut tx, user_id).await?;
    let live_event = live::record(
        &mut tx,
        user_id,
        "notification",
        serde_json::to_value(&notification).expect("notifications serialise"),
    )
    .await?;
    let site = ctx.public_url.trim_end_matches('/');
    let name = Some(application.applicant_name.trim())
        .filter(|n| !n.is_empty())
        .unwrap_or("there");
    let context = match event.status.as_str() {
        "approved" => json!({
            "applicant_name": name,
            "store_name": application.store_name,
            "store_url": format!("{site}/store/{}", application.store_slug),
            "dashboard_url": format!("{site}/vendor"),
        }),
        _ => json!({
            "applicant_name": name,
            "store_name": application.store_name,
            "message": event.message.clone().unwrap_or_default(),
            "applications_url": format!("{site}/vendor/applications"),
        }),
    };
    let template = format!("vendor_{kind}");
    if let Some(email_id) = emails::queue(
        &mut tx,
        &application.applicant_email,
        &template,
        &context,
        &dedupe,
    )
    .await?
    {
        bazaar_queue::enqueue(&mut tx, &Job::SendEmail { email_id }).await?;
    }
    tx.commit().await?;
    ctx.live.delivered([live_event]);
    Ok(())
}
