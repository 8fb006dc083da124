//! PayFast payments: the signed form checkout hands the browser, and the ITN (instant
//! transaction notification) PayFast posts back.
//!
//! An ITN is handled in two steps. At the door ([`receive`]) the sender's address and the
//! signature are checked and the post is stored with a `process_payment` job in one
//! transaction, so the endpoint can answer 200 at once and nothing is lost if the process
//! dies. The job ([`process`]) then checks the merchant id, the amount against the order
//! total, the payment status and PayFast's validate call, and only then marks the order
//! paid — once per `pf_payment_id`, with the order row locked so concurrent copies of the
//! same ITN serialise and all but one are recorded as duplicates.

use std::net::IpAddr;
use std::sync::Arc;

use bazaar_db::orders::{self, Header};
use bazaar_db::payments::{self, Received};
use bazaar_db::{Db, DbError};
use bazaar_payfast as pf;
use bazaar_queue::Job;
use uuid::Uuid;

use crate::{Settings, flow};

pub const PROVIDER: &str = "payfast";

/// PayFast's settings and an HTTP client for the validate call. Cheap to clone.
#[derive(Clone)]
pub struct Gateway {
    pub settings: Arc<pf::Settings>,
    pub client: reqwest::Client,
}

impl std::fmt::Debug for Gateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gateway")
            .field("mode", &self.settings.mode.to_string())
            .field("merchant_id", &self.settings.merchant_id)
            .finish_non_exhaustive()
    }
}

impl Gateway {
    pub fn new(settings: pf::Settings) -> Self {
        Self {
            settings: Arc::new(settings),
            client: pf::http_client(),
        }
    }
}

/// The PayFast simulator's record of the ITNs it issued, in the database, so the validation
/// call may reach any `serve` process (scale-out), not only the one that sent the ITN.
pub struct SimulatorItnsInDb(pub Db);

impl pf::simulator::IssuedItns for SimulatorItnsInDb {
    fn remember<'a>(&'a self, param_string: &'a str) -> pf::simulator::StoreFuture<'a, ()> {
        Box::pin(async move {
            let digest = pf::simulator::itn_digest(param_string);
            bazaar_db::processes::remember_simulator_itn(&self.0, &digest, chrono::Utc::now())
                .await
                .map_err(|e| e.to_string())
        })
    }

    fn was_issued<'a>(&'a self, param_string: &'a str) -> pf::simulator::StoreFuture<'a, bool> {
        Box::pin(async move {
            let digest = pf::simulator::itn_digest(param_string);
            bazaar_db::processes::simulator_itn_issued(&self.0, &digest)
                .await
                .map_err(|e| e.to_string())
        })
    }
}

/// The browser's side of a payment: where to post and what.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PaymentForm {
    pub provider: &'static str,
    /// sandbox, live or simulator.
    pub mode: String,
    pub process_url: String,
    /// In PayFast's order, `signature` last. Post them as they are.
    pub fields: Vec<FormField>,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct FormField {
    pub name: String,
    pub value: String,
}

/// The customer a payment form names.
pub struct Buyer<'a> {
    pub full_name: &'a str,
    pub email: &'a str,
}

/// The signed form for paying `order`.
pub fn payment_form(
    g: &Gateway,
    public_url: &str,
    order: &Header,
    items: i64,
    buyer: &Buyer<'_>,
) -> PaymentForm {
    let mut names = buyer.full_name.split_whitespace();
    let first = names.next().unwrap_or_default().to_owned();
    let last = names.collect::<Vec<_>>().join(" ");
    let req = pf::PaymentRequest {
        return_url: format!("{public_url}/payment/success?order={}", order.id),
        cancel_url: format!("{public_url}/payment/cancel?order={}", order.id),
        notify_url: format!("{public_url}/api/v1/payments/payfast/notify"),
        name_first: first,
        name_last: last,
        email_address: buyer.email.to_owned(),
        cell_number: None,
        m_payment_id: order.id.to_string(),
        amount_cents: order.total_cents,
        item_name: format!("bazaar order {}", order.order_number),
        item_description: Some(format!(
            "{items} item{} from bazaar",
            if items == 1 { "" } else { "s" }
        )),
        custom_str1: Some(order.order_number.clone()),
    };
    PaymentForm {
        provider: PROVIDER,
        mode: g.settings.mode.to_string(),
        process_url: g.settings.process_url.clone(),
        fields: pf::checkout_fields(&g.settings, &req)
            .into_iter()
            .map(|(name, value)| FormField { name, value })
            .collect(),
    }
}

/// Stores an ITN that passed the door checks and enqueues its processing; one that failed
/// them is stored as rejected. Returns the stored notification's id.
pub async fn receive(db: &Db, g: &Gateway, body: &[u8], source: IpAddr) -> Result<Uuid, DbError> {
    let fields = pf::parse_form(body);
    let payload = String::from_utf8_lossy(body).into_owned();
    let pf_payment_id = pf::field(&fields, "pf_payment_id");
    let m_payment_id = pf::field(&fields, "m_payment_id");
    let order_id = m_payment_id.and_then(|m| Uuid::parse_str(m).ok());
    let rejection = if !pf::source_allowed(source, &g.settings.allowed_sources).await {
        Some("source address not allowed")
    } else if !pf::itn_signature_valid(&fields, g.settings.passphrase.as_deref()) {
        Some("signature mismatch")
    } else {
        None
    };
    if let Some(reason) = rejection {
        tracing::warn!(%source, reason, "payfast notification rejected");
    }
    let source = source.to_string();
    let mut tx = db.begin().await?;
    let known_order = match order_id {
        Some(id) => orders::get_in(&mut tx, id).await?.map(|_| id),
        None => None,
    };
    let id = payments::record(
        &mut tx,
        &Received {
            provider: PROVIDER,
            pf_payment_id,
            m_payment_id,
            order_id: known_order,
            source_ip: &source,
            payload: &payload,
            status: if rejection.is_some() {
                "rejected"
            } else {
                "received"
            },
            reason: rejection,
        },
    )
    .await?;
    if rejection.is_none() {
        bazaar_queue::enqueue(
            &mut tx,
            &Job::ProcessPayment {
                notification_id: id,
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(id)
}

#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    #[error(transparent)]
    Db(#[from] DbError),
    /// The validate call did not get an answer; the job retries.
    #[error("payfast validation unavailable: {0}")]
    Validate(String),
}

/// What processing decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The order is paid now.
    Paid,
    /// The payment is real but the order was no longer waiting for one (already paid, or
    /// cancelled; the status it was in): the money is due back.
    RefundDue(String),
    Duplicate(String),
    Rejected(String),
    /// Processed before (a job run twice).
    AlreadySettled,
}

/// Checks a stored ITN and applies it (see the module docs).
pub async fn process(
    db: &Db,
    g: &Gateway,
    s: &Settings,
    notification_id: Uuid,
) -> Result<Outcome, ProcessError> {
    let Some(n) = payments::get(db, notification_id).await? else {
        return Ok(Outcome::AlreadySettled);
    };
    if n.status != "received" {
        return Ok(Outcome::AlreadySettled);
    }
    let fields = pf::parse_form(n.payload.as_bytes());
    let order = match n.order_id {
        Some(id) => orders::get_header(db, id).await?,
        None => None,
    };
    if let Some(reason) = static_checks(g, &fields, order.as_ref()) {
        return settle(db, notification_id, Outcome::Rejected(reason)).await;
    }
    let param_string = pf::itn_param_string(&fields);
    match pf::validate_with_payfast(&g.client, &g.settings.validate_url, &param_string).await {
        Ok(true) => {}
        Ok(false) => {
            return settle(
                db,
                notification_id,
                Outcome::Rejected("not confirmed by PayFast's validate call".into()),
            )
            .await;
        }
        Err(e) => return Err(ProcessError::Validate(e.to_string())),
    }
    let (Some(order_id), Some(pf_payment_id)) = (n.order_id, n.pf_payment_id.as_deref()) else {
        return settle(
            db,
            notification_id,
            Outcome::Rejected("no order or payment id".into()),
        )
        .await;
    };
    let mut tx = db.begin().await?;
    let order = flow::locked(&mut tx, order_id).await?;
    let outcome = if payments::accepted_exists(&mut tx, PROVIDER, pf_payment_id).await? {
        Outcome::Duplicate("payment already processed".into())
    } else if order.status == bazaar_domain::order::OrderStatus::PendingPayment {
        flow::mark_paid(&mut tx, &order, Some(pf_payment_id), s).await?;
        // PayFast reports its fee as a negative amount.
        let fee = pf::field(&fields, "amount_fee")
            .map(|f| f.trim_start_matches('-'))
            .and_then(pf::amount_to_cents)
            .unwrap_or(0);
        crate::books::record_fee(&mut tx, &order, fee).await?;
        Outcome::Paid
    } else {
        // A genuine payment (signed, validated, never seen) for an order already paid or
        // cancelled: PayFast holds the buyer's money, so it is owed back. Never dropped.
        orders::add_refund_due(&mut tx, order_id, order.total_cents, pf_payment_id).await?;
        tracing::warn!(
            order = %order.order_number,
            order.status = %order.status,
            "a further payment arrived for an order that takes none: refund due"
        );
        Outcome::RefundDue(order.status.as_str().to_owned())
    };
    let (status, reason) = describe(&outcome);
    payments::settle(&mut tx, notification_id, status, reason.as_deref()).await?;
    tx.commit().await?;
    Ok(outcome)
}

/// The checks that need no network: merchant, order, amount and status.
fn static_checks(
    g: &Gateway,
    fields: &[(String, String)],
    order: Option<&Header>,
) -> Option<String> {
    if pf::field(fields, "merchant_id") != Some(g.settings.merchant_id.as_str()) {
        return Some("merchant id mismatch".into());
    }
    let Some(order) = order else {
        return Some("unknown order".into());
    };
    let amount = pf::field(fields, "amount_gross").and_then(pf::amount_to_cents);
    if amount != Some(order.total_cents) {
        return Some(format!(
            "amount mismatch: got {}, order total {}",
            pf::field(fields, "amount_gross").unwrap_or("nothing"),
            order.total_cents
        ));
    }
    match pf::field(fields, "payment_status") {
        Some("COMPLETE") => None,
        other => Some(format!("payment status {}", other.unwrap_or("missing"))),
    }
}

fn describe(o: &Outcome) -> (&'static str, Option<String>) {
    match o {
        Outcome::Paid => ("accepted", None),
        Outcome::RefundDue(status) => (
            "accepted",
            Some(format!(
                "order was {status} when this payment arrived; refund due"
            )),
        ),
        Outcome::Duplicate(why) => ("duplicate", Some(why.clone())),
        Outcome::Rejected(why) => ("rejected", Some(why.clone())),
        Outcome::AlreadySettled => ("received", None),
    }
}

async fn settle(db: &Db, id: Uuid, outcome: Outcome) -> Result<Outcome, ProcessError> {
    let (status, reason) = describe(&outcome);
    if let Outcome::Rejected(why) = &outcome {
        tracing::warn!(notification = %id, reason = %why, "payfast notification rejected");
    }
    let mut tx = db.begin().await?;
    payments::settle(&mut tx, id, status, reason.as_deref()).await?;
    tx.commit().await?;
    Ok(outcome)
}
