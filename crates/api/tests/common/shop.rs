//! Helpers for tests of buying: a seeded shop served on a real port with the PayFast
//! simulator, customers made quickly, carts, checkouts and payments.

#![allow(dead_code)] // Each test binary uses a different part of the harness.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::http::StatusCode;
use bazaar_auth::jwt::{self, Claims};
use bazaar_db::accounts::{self, NewUser};
use chrono::Utc;
use serde_json::{Value, json};
use uuid::Uuid;

use super::jobs::Customer;
use super::{Reply, TestApp};

/// A seeded shop listening on 127.0.0.1 with payments going to its own PayFast simulator
/// (so the simulator's ITN and the validate call travel over real HTTP).
pub async fn shop() -> TestApp {
    shop_paying(|_, _| {}).await
}

/// [`shop`] whose ITN validation calls reach the simulator of a second server on the same
/// database, as when several `serve` processes share a load balancer: the simulator of the
/// process that sent the ITN is not the one asked whether it did.
pub async fn shop_validating_elsewhere() -> TestApp {
    shop_paying(|payfast, db| {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let other = format!("http://{}", listener.local_addr().unwrap());
        payfast.validate_url = format!("{other}{}", bazaar_payfast::simulator::VALIDATE_PATH);
        let simulator =
            bazaar_payfast::simulator::Simulator::new(&bazaar_payfast::Settings::simulator(&other))
                .with_store(Arc::new(bazaar_commerce::payfast::SimulatorItnsInDb(
                    db.clone(),
                )));
        tokio::spawn(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            axum::serve(listener, bazaar_payfast::simulator::router(simulator))
                .await
                .unwrap();
        });
    })
    .await
}

/// [`shop`] with its PayFast settings changed by `f` before it starts.
pub async fn shop_paying(f: impl FnOnce(&mut bazaar_payfast::Settings, &bazaar_db::Db)) -> TestApp {
    shop_built(|_| {}, f).await
}

/// The secret key of [`shop_sealing`] (32 bytes, base64).
pub const SECRET_KEY: &str = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

/// [`shop`] whose processes have a secret key ([`SECRET_KEY`]) to seal stored secrets.
pub async fn shop_sealing() -> TestApp {
    shop_built(
        |auth| {
            auth.secret_key = Some(Arc::new(
                bazaar_commerce::secrets::SecretKey::parse(SECRET_KEY).unwrap(),
            ));
        },
        |_, _| {},
    )
    .await
}

async fn shop_built(
    configure: impl FnOnce(&mut bazaar_api::auth::AuthConfig),
    f: impl FnOnce(&mut bazaar_payfast::Settings, &bazaar_db::Db),
) -> TestApp {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (db, dir) = bazaar_testkit::fresh_db().await;
    let mut auth = bazaar_api::auth::AuthConfig::new(&dir);
    auth.autoconfirm = true;
    configure(&mut auth);
    let mut payfast = bazaar_payfast::Settings::simulator(&url);
    f(&mut payfast, &db);
    let app = TestApp::build_full(db, dir, None, auth, &url, payfast).await;
    app.seed().await;
    let router = bazaar_api::app(app.state.clone());
    tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        .unwrap();
    });
    app
}

/// A customer made directly in the database with a signed session (sign-up's password
/// hashing would make hundreds of customers slow).
pub async fn quick_customer(app: &TestApp, email: &str) -> Customer {
    let now = Utc::now();
    let mut tx = app.db.begin().await.unwrap();
    let id = accounts::create_user(
        &mut tx,
        &NewUser {
            email: email.to_lowercase(),
            password_hash: None,
            full_name: "Test Customer".into(),
            user_metadata: json!({"full_name": "Test Customer"}),
            app_metadata: json!({"provider": "email", "providers": ["email"]}),
            role: "customer".into(),
            confirmed: true,
            confirmation_token_hash: None,
        },
        now,
    )
    .await
    .unwrap();
    let session = accounts::create_session(&mut tx, id, "aal1", &json!([]), now)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let claims = Claims {
        iss: format!("{}/auth/v1", app.state.config.public_url),
        sub: id.to_string(),
        aud: jwt::AUDIENCE.into(),
        exp: now.timestamp() + 3600,
        iat: now.timestamp(),
        email: email.to_lowercase(),
        phone: String::new(),
        role: "authenticated".into(),
        aal: "aal1".into(),
        amr: Vec::new(),
        session_id: session.to_string(),
        is_anonymous: false,
        app_metadata: json!({}),
        user_metadata: json!({}),
        user_role: "customer".into(),
        jti: Uuid::now_v7().to_string(),
    };
    Customer {
        id,
        token: jwt::sign(&claims, &app.state.auth.keys.current()),
    }
}

/// Makes `email` an admin and returns a session for them.
pub async fn admin(app: &TestApp, email: &str) -> Customer {
    with_role(app, email, "admin").await
}

/// Makes `email` a vendor (by profile role) and returns a session for them.
pub async fn vendor(app: &TestApp, email: &str) -> Customer {
    with_role(app, email, "vendor").await
}

/// A user whose profile role is `role` (customer, vendor or admin), with a session.
pub async fn with_role(app: &TestApp, email: &str, role: &str) -> Customer {
    let c = quick_customer(app, email).await;
    bazaar_db::on_db!(&app.db, pool => sqlx::query("UPDATE profiles SET role = $2 WHERE id = $1")
        .bind(c.id).bind(role).execute(pool).await.unwrap().rows_affected());
    c
}

/// A listed product of the seed by slug.
pub async fn product(app: &TestApp, slug: &str) -> Value {
    app.get_ok(&format!("/api/v1/products/{slug}")).await["product"].clone()
}

/// The first listed simple (no variations, physical) product with stock, and its id.
pub async fn simple_product(app: &TestApp) -> (Uuid, Value) {
    let list = app.get_ok("/api/v1/products?per_page=100").await;
    let p = list["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| {
            p["has_variations"] == false
                && p["product_type"] == "physical"
                && p["stock_quantity"].as_i64().unwrap_or(0) > 0
        })
        .expect("a simple product in the seed")
        .clone();
    (Uuid::parse_str(p["id"].as_str().unwrap()).unwrap(), p)
}

/// Sets a product's stock (and keeps its derived columns true).
pub async fn set_stock(app: &TestApp, product: Uuid, stock: i64) {
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::on_tx!(&mut tx, conn => sqlx::query("UPDATE products SET stock_quantity = $2 WHERE id = $1")
        .bind(product).bind(stock).execute(conn).await.unwrap().rows_affected());
    bazaar_db::stock::refresh(&mut tx, &[product])
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

/// Sets a product's price and sale price in cents.
pub async fn set_price(app: &TestApp, product: Uuid, price: i64, sale: Option<i64>) {
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::on_tx!(&mut tx, conn => sqlx::query("UPDATE products SET price_cents = $2, sale_price_cents = $3 WHERE id = $1")
        .bind(product).bind(price).bind(sale).execute(conn).await.unwrap().rows_affected());
    bazaar_db::stock::refresh(&mut tx, &[product])
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

pub async fn stock_of(app: &TestApp, product: Uuid) -> i64 {
    bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>("SELECT stock_quantity FROM products WHERE id = $1")
        .bind(product).fetch_one(pool).await.unwrap())
}

pub async fn add_to_cart(app: &TestApp, c: &Customer, product: Uuid, quantity: i64) -> Reply {
    app.call(
        "POST",
        "/api/v1/cart/items",
        Some(json!({"product_id": product, "quantity": quantity})),
        Some(&c.token),
        None,
    )
    .await
}

pub fn address() -> Value {
    json!({
        "recipient": "Thandi Nkosi",
        "phone": "082 123 4567",
        "line1": "12 Long Street",
        "suburb": "Gardens",
        "city": "Cape Town",
        "province": "Western Cape",
        "postal_code": "8001"
    })
}

pub async fn checkout(app: &TestApp, c: &Customer, extra: Value) -> Reply {
    let mut body = json!({"shipping_address": address()});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            b.insert(k.clone(), v.clone());
        }
    }
    app.call("POST", "/api/v1/checkout", Some(body), Some(&c.token), None)
        .await
}

/// Checks out and answers the order.
pub async fn place(app: &TestApp, c: &Customer, extra: Value) -> Value {
    let r = checkout(app, c, extra).await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["order"].clone()
}

/// The order's payment fields as a form body.
pub fn form_body(order: &Value) -> String {
    let fields: Vec<(String, String)> = order["payment"]["fields"]
        .as_array()
        .expect("a payment form")
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_owned(),
                f["value"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    bazaar_payfast::encode_form(&fields)
}

/// Pays an order through the simulator the way a buyer's browser does (the simulator
/// then posts its ITN to the shop). Answers the simulator's reply.
pub async fn pay(app: &TestApp, order: &Value) -> reqwest::Response {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    client
        .post(format!(
            "{}/payfast-simulator/eng/process/pay",
            app.state.config.public_url
        ))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form_body(order))
        .send()
        .await
        .unwrap()
}

/// The order as its customer sees it.
pub async fn order(app: &TestApp, c: &Customer, id: &str) -> Value {
    let r = app
        .call(
            "GET",
            &format!("/api/v1/orders/{id}"),
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["order"].clone()
}

/// Waits for the order to reach `status`.
pub async fn wait_for_status(app: &TestApp, c: &Customer, id: &str, status: &str) -> Value {
    TestApp::eventually(&format!("order {id} to be {status}"), 60, || async move {
        let o = order(app, c, id).await;
        (o["status"] == status).then_some(o)
    })
    .await
}

pub async fn points_balance(app: &TestApp, c: &Customer) -> i64 {
    let r = app
        .call("GET", "/api/v1/points", None, Some(&c.token), None)
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["points"]["current_balance"].as_i64().unwrap()
}

/// Gives a customer points through a one-off code.
pub async fn give_points(app: &TestApp, c: &Customer, points: i64) {
    let code = format!("T{}", &Uuid::now_v7().simple().to_string()[20..31]).to_uppercase();
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::points::create_code(&mut tx, &code, points, "test", Utc::now())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let r = app
        .call(
            "POST",
            "/api/v1/points/redeem",
            Some(json!({"code": code})),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
}

pub type Shared = Arc<TestApp>;

/// Calls the API as `who`: the status and the JSON body (null when empty).
pub async fn call(
    app: &TestApp,
    method: &str,
    uri: &str,
    body: Option<Value>,
    who: &Customer,
) -> (StatusCode, Value) {
    let r = app.call(method, uri, body, Some(&who.token), None).await;
    let json = if r.body.is_empty() {
        Value::Null
    } else {
        r.json()
    };
    (r.status, json)
}

/// A vendor with an approved store of their own, who has (or has not) accepted the
/// current agreement.
pub async fn seller(app: &TestApp, email: &str, slug: &str, accepted: bool) -> Customer {
    let who = vendor(app, email).await;
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::vendors::open_store(
        &mut tx,
        &bazaar_db::vendors::NewStore {
            owner: who.id,
            store_slug: slug,
            store_name: slug,
            store_description: "A store of tests.",
            category_focus: "Tests",
            contact_phone: "+27825551234",
            company_registration: None,
            vat_number: None,
        },
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    if accepted {
        let (status, body) = call(
            app,
            "POST",
            "/api/v1/vendor/agreements/1/accept",
            None,
            &who,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    who
}

/// Adds `quantity` of a product (as the API answers it) to `c`'s cart, expecting success.
pub async fn add(app: &TestApp, c: &Customer, product: &Value, quantity: i64) {
    let (status, body) = call(
        app,
        "POST",
        "/api/v1/cart/items",
        Some(json!({"product_id": product["id"], "quantity": quantity})),
        c,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Marks the order paid the way an accepted payment does.
pub async fn paid(app: &TestApp, order_id: &str) {
    let id: Uuid = order_id.parse().unwrap();
    let mut tx = app.db.begin().await.unwrap();
    let header = bazaar_commerce::flow::locked(&mut tx, id).await.unwrap();
    let settings = bazaar_commerce::Settings::load(&app.db).await.unwrap();
    assert!(
        bazaar_commerce::flow::mark_paid(&mut tx, &header, Some("T1"), &settings)
            .await
            .unwrap()
    );
    tx.commit().await.unwrap();
}

/// The ledger as an admin reads it: asserts the books add up to zero and answers each
/// account's sum.
pub async fn books(app: &TestApp, admin: &Customer) -> std::collections::BTreeMap<String, i64> {
    let (status, body) = call(app, "GET", "/api/v1/admin/ledger", None, admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["total_cents"], 0, "the books balance: {body}");
    body["accounts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["account"].as_str().unwrap().to_owned(),
                a["sum_cents"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// The audit log's entries on objects of `subject_type`, newest first: the whole answer and
/// the entries' actions.
pub async fn audit_of(app: &TestApp, admin: &Customer, subject_type: &str) -> (Value, Vec<String>) {
    let uri = format!("/api/v1/admin/audit-log?subject_type={subject_type}");
    let (status, log) = call(app, "GET", &uri, None, admin).await;
    assert_eq!(status, StatusCode::OK, "{log}");
    let actions = log["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["action"].as_str().expect("an action").to_owned())
        .collect();
    (log, actions)
}
