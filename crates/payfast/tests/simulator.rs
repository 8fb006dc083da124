//! The simulator on real sockets: a shop's checkout form goes in, a signed ITN comes out at a
//! tiny notify receiver, and the validate endpoint vouches for exactly that ITN.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use bazaar_payfast::simulator::{self, Simulator};
use bazaar_payfast::{
    PayfastError, PaymentRequest, SIMULATOR_PASSPHRASE, Settings, checkout_fields, encode_form,
    field, itn_param_string, itn_signature_valid, parse_form, validate_with_payfast,
};
use tokio::net::TcpListener;

type Received = Arc<Mutex<Vec<Vec<u8>>>>;

const RETURN_URL: &str = "https://shop.example/checkout/return?order=42";
const CANCEL_URL: &str = "https://shop.example/checkout/cancel?order=42";

struct Harness {
    settings: Settings,
    notify_url: String,
    received: Received,
    client: reqwest::Client,
}

impl Harness {
    async fn start() -> Self {
        let received = Received::default();
        let receiver = Router::new()
            .route("/itn", post(record_itn))
            .with_state(received.clone());
        let receiver_addr = serve(receiver).await;

        // The simulator needs its own address in its settings, so bind before building it.
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind simulator");
        let addr = listener.local_addr().expect("simulator address");
        let settings = Settings::simulator(&format!("http://{addr}"));
        let app = simulator::router(Simulator::new(&settings));
        tokio::spawn(async move { axum::serve(listener, app).await });

        // Installs the TLS provider reqwest needs; then a client that shows redirects as-is.
        let _ = bazaar_payfast::http_client();
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("test client");
        Self {
            settings,
            notify_url: format!("http://{receiver_addr}/itn"),
            received,
            client,
        }
    }

    fn checkout(&self, item_name: &str) -> Vec<(String, String)> {
        let request = PaymentRequest {
            return_url: RETURN_URL.to_owned(),
            cancel_url: CANCEL_URL.to_owned(),
            notify_url: self.notify_url.clone(),
            name_first: "Thandi".to_owned(),
            name_last: "Nkosi".to_owned(),
            email_address: "thandi@example.com".to_owned(),
            cell_number: None,
            m_payment_id: "pay-42".to_owned(),
            amount_cents: 129_900,
            item_name: item_name.to_owned(),
            item_description: Some("Two items".to_owned()),
            custom_str1: Some("order-42".to_owned()),
        };
        checkout_fields(&self.settings, &request)
    }

    fn url(&self, path: &str) -> String {
        let base = self
            .settings
            .process_url
            .trim_end_matches(simulator::PROCESS_PATH);
        format!("{base}{path}")
    }

    async fn post(&self, path: &str, body: String) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .expect("simulator answers")
    }

    fn received(&self) -> Vec<Vec<u8>> {
        self.received.lock().expect("receiver lock").clone()
    }
}

async fn serve(app: Router) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

async fn record_itn(State(received): State<Received>, body: Bytes) -> StatusCode {
    received.lock().expect("receiver lock").push(body.to_vec());
    StatusCode::OK
}

fn location(response: &reqwest::Response) -> Option<&str> {
    response
        .headers()
        .get("location")
        .and_then(|value| value.to_str().ok())
}

fn with_value(fields: &[(String, String)], key: &str, value: &str) -> Vec<(String, String)> {
    fields
        .iter()
        .map(|(k, v)| {
            let v = if k == key { value } else { v.as_str() };
            (k.clone(), v.to_owned())
        })
        .collect()
}

#[tokio::test]
async fn process_shows_a_confirmation_page() {
    let h = Harness::start().await;
    let response = h
        .post(
            simulator::PROCESS_PATH,
            encode_form(&h.checkout("Order 42")),
        )
        .await;
    assert_eq!(response.status(), 200);
    let page = response.text().await.expect("page");
    assert!(page.contains("PayFast simulator"));
    assert!(page.contains("Test payments: no money moves"));
    assert!(page.contains(">Pay</button>"));
    assert!(page.contains(">Cancel</button>"));
    assert!(page.contains("R 1,299.00"));
    assert!(page.contains("Order 42"));
    assert!(page.contains("10000100"));
    assert!(page.contains(&format!("action=\"{}\"", simulator::PAY_PATH)));
    assert!(page.contains(&format!("action=\"{}\"", simulator::CANCEL_PATH)));
    assert!(!page.contains("<script"), "works without JavaScript");
}

#[tokio::test]
async fn tampered_or_foreign_checkouts_are_refused() {
    let h = Harness::start().await;
    let fields = h.checkout("Order 42");

    let tampered = with_value(&fields, "amount", "1.00");
    let response = h
        .post(simulator::PROCESS_PATH, encode_form(&tampered))
        .await;
    assert_eq!(response.status(), 400);
    assert!(
        response
            .text()
            .await
            .expect("page")
            .contains("Signature mismatch")
    );

    let foreign = with_value(&fields, "merchant_key", "someoneelse1");
    let response = h.post(simulator::PROCESS_PATH, encode_form(&foreign)).await;
    assert_eq!(response.status(), 400);
    assert!(
        response
            .text()
            .await
            .expect("page")
            .contains("Unknown merchant")
    );

    let unsigned: Vec<_> = fields
        .iter()
        .filter(|(k, _)| k != "signature")
        .cloned()
        .collect();
    let response = h
        .post(simulator::PROCESS_PATH, encode_form(&unsigned))
        .await;
    assert_eq!(response.status(), 400);
    assert!(
        response
            .text()
            .await
            .expect("page")
            .contains("Missing signature")
    );

    // A tampered "Pay" must not send an ITN.
    let response = h.post(simulator::PAY_PATH, encode_form(&tampered)).await;
    assert_eq!(response.status(), 400);
    assert!(h.received().is_empty());
}

#[tokio::test]
async fn pay_sends_a_signed_itn_that_validates_then_returns_to_the_shop() {
    let h = Harness::start().await;
    let response = h
        .post(simulator::PAY_PATH, encode_form(&h.checkout("Order 42")))
        .await;
    assert_eq!(response.status(), 303);
    assert_eq!(location(&response), Some(RETURN_URL));

    let received = h.received();
    assert_eq!(received.len(), 1, "exactly one ITN");
    let itn = parse_form(&received[0]);
    assert!(itn_signature_valid(&itn, Some(SIMULATOR_PASSPHRASE)));
    assert!(
        !itn_signature_valid(&itn, None),
        "signed with the passphrase"
    );
    assert_eq!(field(&itn, "amount_gross"), Some("1299.00"));
    assert_eq!(field(&itn, "payment_status"), Some("COMPLETE"));
    assert_eq!(field(&itn, "m_payment_id"), Some("pay-42"));
    assert_eq!(field(&itn, "custom_str1"), Some("order-42"));
    assert_eq!(field(&itn, "merchant_id"), Some("10000100"));
    assert_eq!(itn.last().map(|(k, _)| k.as_str()), Some("signature"));

    let param_string = itn_param_string(&itn);
    let answer = h.post(simulator::VALIDATE_PATH, param_string.clone()).await;
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.text().await.expect("answer"), "VALID");

    let tampered = itn_param_string(&with_value(&itn, "amount_gross", "1.00"));
    let answer = h.post(simulator::VALIDATE_PATH, tampered.clone()).await;
    assert_eq!(answer.text().await.expect("answer"), "INVALID");

    // The library's own validation call agrees with the endpoint.
    let url = &h.settings.validate_url;
    assert!(matches!(
        validate_with_payfast(&h.client, url, &param_string).await,
        Ok(true)
    ));
    assert!(matches!(
        validate_with_payfast(&h.client, url, &tampered).await,
        Ok(false)
    ));
}

#[tokio::test]
async fn the_confirmation_page_forms_carry_the_fields_back() {
    let h = Harness::start().await;
    // Characters that need HTML escaping and URL encoding must survive the round trip.
    let fields = h.checkout("Tea & \"scones\" <3 ~*é");
    let page = h
        .post(simulator::PROCESS_PATH, encode_form(&fields))
        .await
        .text()
        .await
        .expect("page");
    let pay_form = page
        .split(&format!("action=\"{}\"", simulator::PAY_PATH))
        .nth(1)
        .and_then(|rest| rest.split("</form>").next())
        .expect("pay form");
    let hidden = hidden_inputs(pay_form);
    assert_eq!(hidden, fields, "every field, unchanged and in order");

    let response = h.post(simulator::PAY_PATH, encode_form(&hidden)).await;
    assert_eq!(response.status(), 303);
    let received = h.received();
    assert_eq!(received.len(), 1);
    let itn = parse_form(&received[0]);
    assert_eq!(field(&itn, "item_name"), Some("Tea & \"scones\" <3 ~*é"));
    assert!(itn_signature_valid(&itn, Some(SIMULATOR_PASSPHRASE)));
}

#[tokio::test]
async fn cancel_returns_to_the_shop_without_an_itn() {
    let h = Harness::start().await;
    let response = h
        .post(simulator::CANCEL_PATH, encode_form(&h.checkout("Order 42")))
        .await;
    assert_eq!(response.status(), 303);
    assert_eq!(location(&response), Some(CANCEL_URL));
    assert!(h.received().is_empty());
}

#[tokio::test]
async fn validation_errors_are_not_verdicts() {
    let h = Harness::start().await;
    // The notify receiver answers 200 with an empty body: neither VALID nor INVALID.
    let not_payfast = validate_with_payfast(&h.client, &h.notify_url, "a=1").await;
    assert!(matches!(
        not_payfast,
        Err(PayfastError::ValidateAnswer { .. })
    ));

    let missing = h.notify_url.replace("/itn", "/nowhere");
    let status = validate_with_payfast(&h.client, &missing, "a=1").await;
    assert!(matches!(
        status,
        Err(PayfastError::ValidateStatus { status: 404, .. })
    ));

    // A port that was just free and is closed again: the request cannot be sent.
    let closed = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let closed_url = format!("http://{}/v", closed.local_addr().expect("address"));
    drop(closed);
    let unreachable = validate_with_payfast(&h.client, &closed_url, "a=1").await;
    assert!(matches!(
        unreachable,
        Err(PayfastError::ValidateRequest { .. })
    ));
}

/// The `name`/`value` pairs of the hidden inputs in `html`, unescaped, in document order.
fn hidden_inputs(html: &str) -> Vec<(String, String)> {
    html.split("<input type=\"hidden\" ")
        .skip(1)
        .filter_map(|input| {
            let name = attribute(input, "name")?;
            let value = attribute(input, "value")?;
            Some((name, value))
        })
        .collect()
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
    let end = start + tag[start..].find('"')?;
    Some(unescape(&tag[start..end]))
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}
