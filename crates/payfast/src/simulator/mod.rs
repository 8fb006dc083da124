//! A stand-in for PayFast on a development machine or in tests, so the whole payment flow —
//! checkout form, buyer's choice, signed ITN, validation call — runs without the internet.
//!
//! It checks what PayFast checks (merchant, signature) and sends what PayFast sends (an ITN
//! signed with the passphrase, fields in PayFast's order), so code that works against it
//! should work against the sandbox. Routes (absolute paths; merge [`router`] into the app):
//!
//! * `POST /payfast-simulator/eng/process` — the checkout form; answers a confirmation page;
//! * `POST /payfast-simulator/eng/process/pay` — "Pay": sends the ITN, then 303 to `return_url`;
//! * `POST /payfast-simulator/eng/process/cancel` — "Cancel": 303 to `cancel_url`, no ITN;
//! * `POST /payfast-simulator/eng/query/validate` — `VALID` for an ITN it issued, else `INVALID`;
//! * `POST /payfast-simulator/api/refunds/{id}` — the merchant API's refund call, signature
//!   checked, accepted.
//!
//! `curl` users can post the signed checkout fields straight to `…/process/pay`.

mod html;
mod itn;

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::post;

use crate::signature::{checkout_param_string, php_trim, sign};
use crate::{
    Settings, amount_to_cents, field, format_rand, http_client, in_checkout_order, parse_form,
};

/// The checkout endpoint, like PayFast's `/eng/process`.
pub const PROCESS_PATH: &str = "/payfast-simulator/eng/process";
/// Where the "Pay" button posts.
pub const PAY_PATH: &str = "/payfast-simulator/eng/process/pay";
/// Where the "Cancel" button posts.
pub const CANCEL_PATH: &str = "/payfast-simulator/eng/process/cancel";
/// The refund call of PayFast's merchant API (`{api}/refunds/{pf_payment_id}`).
pub const REFUND_PATH: &str = "/payfast-simulator/api/refunds/{id}";
/// The validation endpoint, like PayFast's `/eng/query/validate`.
pub const VALIDATE_PATH: &str = "/payfast-simulator/eng/query/validate";

/// How many issued ITNs [`InMemoryItns`] remembers; the oldest are forgotten first so a
/// long-running dev server does not grow without bound.
const ISSUED_CAPACITY: usize = 10_000;

/// A future that a [`IssuedItns`] store answers with.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, String>> + Send + 'a>>;

/// Where the simulator keeps the ITNs it issued, so that `/eng/query/validate` can tell
/// them from forgeries. Several `serve` processes share one store (the database), since the
/// validation call may reach another process than the one that sent the ITN.
pub trait IssuedItns: Send + Sync + 'static {
    /// Records the parameter string of an ITN about to be sent.
    fn remember<'a>(&'a self, param_string: &'a str) -> StoreFuture<'a, ()>;
    /// Whether `param_string` is that of an ITN the simulator sent.
    fn was_issued<'a>(&'a self, param_string: &'a str) -> StoreFuture<'a, bool>;
}

/// What a shared [`IssuedItns`] store keeps of an ITN: the SHA-256 of its parameter string.
pub fn itn_digest(param_string: &str) -> String {
    use sha2::{Digest, Sha256};
    format!("{:x}", Sha256::digest(param_string.as_bytes()))
}

/// An [`IssuedItns`] in this process's memory: enough for one process (and its tests).
#[derive(Default)]
pub struct InMemoryItns {
    issued: Mutex<VecDeque<String>>,
}

impl InMemoryItns {
    /// The list survives a panic in another request: it only ever holds whole strings.
    fn list(&self) -> std::sync::MutexGuard<'_, VecDeque<String>> {
        self.issued.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl IssuedItns for InMemoryItns {
    fn remember<'a>(&'a self, param_string: &'a str) -> StoreFuture<'a, ()> {
        let mut issued = self.list();
        if issued.len() >= ISSUED_CAPACITY {
            issued.pop_front();
        }
        issued.push_back(param_string.to_owned());
        Box::pin(std::future::ready(Ok(())))
    }

    fn was_issued<'a>(&'a self, param_string: &'a str) -> StoreFuture<'a, bool> {
        let found = self.list().iter().any(|issued| issued == param_string);
        Box::pin(std::future::ready(Ok(found)))
    }
}

/// The simulator's state: the merchant it accepts, the client that posts ITNs, and where
/// the ITNs it issued are kept (shared by clones, so one router sees them all).
#[derive(Clone)]
pub struct Simulator {
    merchant_id: String,
    merchant_key: String,
    passphrase: Option<String>,
    client: reqwest::Client,
    issued: Arc<dyn IssuedItns>,
}

impl Simulator {
    /// A simulator accepting the merchant in `settings` (normally [`Settings::simulator`]),
    /// keeping issued ITNs in memory.
    pub fn new(settings: &Settings) -> Self {
        Self::with_client(settings, http_client())
    }

    /// Like [`Simulator::new`], with a caller-supplied HTTP client for the ITN posts.
    pub fn with_client(settings: &Settings, client: reqwest::Client) -> Self {
        Self {
            merchant_id: settings.merchant_id.clone(),
            merchant_key: settings.merchant_key.clone(),
            passphrase: settings.passphrase.clone(),
            client,
            issued: Arc::new(InMemoryItns::default()),
        }
    }

    /// Keeps issued ITNs in `store` instead of this process's memory.
    pub fn with_store(mut self, store: Arc<dyn IssuedItns>) -> Self {
        self.issued = store;
        self
    }

    /// Whether `param_string` is the parameter string of an ITN this simulator sent.
    pub async fn was_issued(&self, param_string: &str) -> Result<bool, String> {
        self.issued.was_issued(param_string).await
    }
}

/// The simulator's routes, at absolute paths under `/payfast-simulator`.
pub fn router(sim: Simulator) -> Router {
    Router::new()
        .route(PROCESS_PATH, post(process))
        .route(PAY_PATH, post(pay))
        .route(CANCEL_PATH, post(cancel))
        .route(VALIDATE_PATH, post(validate))
        .route(REFUND_PATH, post(refund))
        .with_state(sim)
}

/// Answers a merchant API refund call as PayFast does: the headers and body are checked
/// against the signature (with the simulator's passphrase) and the amount must be whole
/// cents above zero; then the refund is accepted with a made-up reference.
async fn refund(
    State(sim): State<Simulator>,
    axum::extract::Path(payment_id): axum::extract::Path<String>,
    headers: axum::http::HeaderMap,
    body: Bytes,
) -> Response {
    let failed = |status: StatusCode, message: &str| {
        (
            status,
            axum::Json(serde_json::json!({
                "code": status.as_u16(), "status": "failed", "data": { "response": message }
            })),
        )
            .into_response()
    };
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let Ok(json) = serde_json::from_slice::<serde_json::Value>(&body) else {
        return failed(StatusCode::BAD_REQUEST, "The body is not JSON");
    };
    if header("merchant-id") != sim.merchant_id {
        return failed(StatusCode::UNAUTHORIZED, "Merchant authorization failed");
    }
    let Some(amount) = json["amount"].as_i64().filter(|a| *a > 0) else {
        return failed(
            StatusCode::BAD_REQUEST,
            "The amount is whole cents above zero",
        );
    };
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    };
    let mut params = vec![
        ("merchant-id", header("merchant-id")),
        ("version", header("version")),
        ("timestamp", header("timestamp")),
    ];
    if let Some(fields) = json.as_object() {
        for (k, v) in fields {
            params.push((k.as_str(), text(v)));
        }
    }
    let expected = crate::refund::api_signature(&params, sim.passphrase.as_deref());
    if header("signature") != expected {
        return failed(StatusCode::UNAUTHORIZED, "Signature mismatch");
    }
    axum::Json(serde_json::json!({
        "code": 200,
        "status": "success",
        "data": {
            "response": {
                "id": format!("sim-refund-{}", rand::random::<u32>()),
                "payment_id": payment_id,
                "merchant_id": sim.merchant_id,
                "refund_amount": crate::format_cents(amount),
                "status": "COMPLETE"
            }
        }
    }))
    .into_response()
}

/// A checkout post that passed PayFast's checks.
struct Checkout {
    fields: Vec<(String, String)>,
    amount_cents: i64,
}

impl Checkout {
    fn value(&self, name: &str) -> &str {
        php_trim(field(&self.fields, name).unwrap_or_default())
    }
}

async fn process(State(sim): State<Simulator>, body: Bytes) -> Response {
    let checkout = match verify_checkout(&sim, &body) {
        Ok(checkout) => checkout,
        Err(problem) => return refuse(problem),
    };
    let page = html::payment_page(
        &checkout.fields,
        checkout.value("item_name"),
        Some(checkout.value("item_description")),
        &format_rand(checkout.amount_cents),
        &sim.merchant_id,
    );
    Html(page).into_response()
}

async fn pay(State(sim): State<Simulator>, body: Bytes) -> Response {
    let checkout = match verify_checkout(&sim, &body) {
        Ok(checkout) => checkout,
        Err(problem) => return refuse(problem),
    };
    let itn = itn::build_itn(
        &checkout.fields,
        checkout.amount_cents,
        &sim.merchant_id,
        sim.passphrase.as_deref(),
    );
    if let Err(problem) = sim.issued.remember(&itn.param_string).await {
        tracing::error!(%problem, "PayFast simulator could not record an ITN");
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Html(html::problem_page(
                "The simulator could not record the payment; try again in a moment",
            )),
        )
            .into_response();
    }
    itn::send_itn(&sim.client, checkout.value("notify_url"), &itn).await;
    back_to_shop(
        checkout.value("return_url"),
        "Payment complete",
        "The payment was simulated, but the shop gave no return_url to go back to.",
    )
}

async fn cancel(State(sim): State<Simulator>, body: Bytes) -> Response {
    match verify_checkout(&sim, &body) {
        Ok(checkout) => back_to_shop(
            checkout.value("cancel_url"),
            "Payment cancelled",
            "The payment was cancelled, but the shop gave no cancel_url to go back to.",
        ),
        Err(problem) => refuse(problem),
    }
}

/// Answers like PayFast: the body is an ITN parameter string; `VALID` if we issued it.
async fn validate(State(sim): State<Simulator>, body: Bytes) -> Response {
    let issued = match std::str::from_utf8(&body) {
        Ok(param_string) => sim.was_issued(param_string.trim()).await,
        Err(_) => Ok(false),
    };
    let answer = match issued {
        Ok(true) => "VALID",
        Ok(false) => "INVALID",
        // The shop asks again, as it would when PayFast itself cannot answer.
        Err(problem) => {
            tracing::error!(%problem, "PayFast simulator could not look up an ITN");
            return StatusCode::SERVICE_UNAVAILABLE.into_response();
        }
    };
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        answer,
    )
        .into_response()
}

/// PayFast's checks on a checkout post, in the order a developer would want to hear about
/// them: whose account, whether the form was tampered with, then whether it makes sense.
fn verify_checkout(sim: &Simulator, body: &[u8]) -> Result<Checkout, String> {
    let fields = parse_form(body);
    let posted = |name: &str| php_trim(field(&fields, name).unwrap_or_default()).to_owned();

    if posted("merchant_id") != sim.merchant_id || posted("merchant_key") != sim.merchant_key {
        return Err(
            "Unknown merchant: merchant_id and merchant_key do not match the simulator's account"
                .to_owned(),
        );
    }
    let signature = posted("signature");
    if signature.is_empty() {
        return Err("Missing signature".to_owned());
    }
    let expected = sign(
        &checkout_param_string(&in_checkout_order(&fields)),
        sim.passphrase.as_deref(),
    );
    if !signature.eq_ignore_ascii_case(&expected) {
        return Err("Signature mismatch: the fields, their order or the passphrase differ from what was signed".to_owned());
    }
    let amount_cents = amount_to_cents(&posted("amount")).ok_or_else(|| {
        "Invalid amount: expected rands with up to two decimals, e.g. 1299.00".to_owned()
    })?;
    if posted("item_name").is_empty() {
        return Err("Missing item_name".to_owned());
    }
    Ok(Checkout {
        fields,
        amount_cents,
    })
}

fn refuse(problem: String) -> Response {
    tracing::info!(%problem, "PayFast simulator refused a checkout post");
    (StatusCode::BAD_REQUEST, Html(html::problem_page(&problem))).into_response()
}

/// 303 See Other to the shop's URL, so the browser follows with a GET as it does after PayFast.
fn back_to_shop(url: &str, title: &str, missing: &str) -> Response {
    if url.is_empty() {
        return Html(html::message_page(title, missing)).into_response();
    }
    let usable = url.starts_with("http://") || url.starts_with("https://");
    match HeaderValue::from_str(url) {
        Ok(location) if usable => {
            (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response()
        }
        _ => refuse(format!(
            "Invalid URL {url:?}: it must be an absolute http:// or https:// URL"
        )),
    }
}
