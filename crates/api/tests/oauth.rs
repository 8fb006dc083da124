//! Sign-in with Google against a local OpenID provider of the test's own (discovery, JWKS,
//! authorize with PKCE, token endpoint), on SQLite and (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Form, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::{Json, Router};
use bazaar_api::auth::oauth::OidcProvider;
use bazaar_auth::keys::SigningKey;
use common::TestApp;
use common::accounts::link_in;
use serde_json::{Value, json};

const CLIENT_ID: &str = "bazaar-test-client";
const CLIENT_SECRET: &str = "test-secret";

/// What the provider will say about the person signing in, and how it misbehaves.
#[derive(Clone)]
struct Person {
    sub: String,
    email: String,
    email_verified: bool,
    name: String,
    audience: String,
    sign_with_foreign_key: bool,
}

impl Person {
    fn new(sub: &str, email: &str) -> Self {
        Person {
            sub: sub.into(),
            email: email.into(),
            email_verified: true,
            name: "Zanele Mokoena".into(),
            audience: CLIENT_ID.into(),
            sign_with_foreign_key: false,
        }
    }
}

struct Pending {
    challenge: String,
    nonce: String,
    redirect_uri: String,
}

struct ProviderState {
    base: String,
    key: SigningKey,
    person: Mutex<Person>,
    codes: Mutex<HashMap<String, Pending>>,
}

struct Provider {
    state: Arc<ProviderState>,
}

impl Provider {
    async fn start() -> Provider {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let state = Arc::new(ProviderState {
            base,
            key: SigningKey::generate(),
            person: Mutex::new(Person::new("google-1", "zanele@example.com")),
            codes: Mutex::new(HashMap::new()),
        });
        let app = Router::new()
            .route("/.well-known/openid-configuration", get(discovery))
            .route("/jwks", get(jwks))
            .route("/authorize", get(authorize))
            .route("/token", post(token))
            .with_state(state.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Provider { state }
    }

    fn config(&self) -> OidcProvider {
        OidcProvider {
            issuer: self.state.base.clone(),
            client_id: CLIENT_ID.into(),
            client_secret: CLIENT_SECRET.into(),
        }
    }

    fn set(&self, p: Person) {
        *self.state.person.lock().unwrap() = p;
    }
}

async fn discovery(State(s): State<Arc<ProviderState>>) -> Json<Value> {
    Json(json!({
        "issuer": s.base, "authorization_endpoint": format!("{}/authorize", s.base),
        "token_endpoint": format!("{}/token", s.base), "jwks_uri": format!("{}/jwks", s.base),
    }))
}

async fn jwks(State(s): State<Arc<ProviderState>>) -> Json<Value> {
    Json(json!({"keys": [s.key.public]}))
}

async fn authorize(
    State(s): State<Arc<ProviderState>>,
    Query(q): Query<HashMap<String, String>>,
) -> impl IntoResponse {
    assert_eq!(q["client_id"], CLIENT_ID);
    assert_eq!(q["response_type"], "code");
    assert_eq!(q["code_challenge_method"], "S256");
    assert!(q["scope"].split(' ').any(|s| s == "openid"));
    let code = bazaar_auth::token::generate();
    s.codes.lock().unwrap().insert(
        code.clone(),
        Pending {
            challenge: q["code_challenge"].clone(),
            nonce: q["nonce"].clone(),
            redirect_uri: q["redirect_uri"].clone(),
        },
    );
    Redirect::to(&format!(
        "{}?code={code}&state={}",
        q["redirect_uri"], q["state"]
    ))
}

async fn token(
    State(s): State<Arc<ProviderState>>,
    Form(f): Form<HashMap<String, String>>,
) -> axum::response::Response {
    let Some(pending) = s.codes.lock().unwrap().remove(&f["code"]) else {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "invalid_grant"})),
        )
            .into_response();
    };
    // The provider's half of PKCE: the verifier must hash to the challenge it was given.
    if f["client_secret"] != CLIENT_SECRET
        || f["redirect_uri"] != pending.redirect_uri
        || bazaar_auth::token::pkce_challenge(&f["code_verifier"]) != pending.challenge
    {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "invalid_grant"})),
        )
            .into_response();
    }
    let p = s.person.lock().unwrap().clone();
    let now = chrono::Utc::now().timestamp();
    let claims = json!({
        "iss": s.base, "aud": p.audience, "sub": p.sub, "email": p.email, "email_verified": p.email_verified,
        "name": p.name, "picture": "https://images.example/z.png", "nonce": pending.nonce, "iat": now, "exp": now + 300,
    });
    let key = if p.sign_with_foreign_key {
        SigningKey::generate()
    } else {
        s.key.clone()
    };
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
    header.kid = Some(s.key.kid.clone());
    let id_token = jsonwebtoken::encode(
        &header,
        &claims,
        &jsonwebtoken::EncodingKey::from_ec_pem(key.private_pem.as_bytes()).unwrap(),
    )
    .unwrap();
    Json(json!({"access_token": "provider-access", "token_type": "Bearer", "expires_in": 3600, "id_token": id_token})).into_response()
}

async fn app_with(provider: &Provider) -> TestApp {
    let config = provider.config();
    TestApp::with_auth(move |a| a.google = Some(config)).await
}

/// The browser's part: bazaar → provider → bazaar's callback. Returns the final Location.
async fn sign_in_with_google(app: &TestApp) -> String {
    let r = app
        .get("/auth/v1/authorize?provider=google&redirect_to=http://shop.test/welcome")
        .await;
    assert_eq!(r.status, StatusCode::FOUND, "{}", r.text());
    let to_provider = r.headers["location"].to_str().unwrap().to_owned();
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let at_provider = browser.get(&to_provider).send().await.unwrap();
    let back = at_provider.headers()["location"]
        .to_str()
        .unwrap()
        .to_owned();
    let path = back
        .strip_prefix("http://shop.test")
        .expect("back to bazaar's callback");
    assert!(path.starts_with("/auth/v1/callback?code="));
    let r = app.get(path).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    r.headers["location"].to_str().unwrap().to_owned()
}

fn fragment(location: &str) -> HashMap<String, String> {
    location
        .split_once('#')
        .map(|(_, f)| f)
        .unwrap_or_default()
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

#[tokio::test]
async fn first_google_sign_in_creates_the_user_and_later_ones_find_it() {
    let provider = Provider::start().await;
    let app = app_with(&provider).await;
    let settings = app.get_ok("/auth/v1/settings").await;
    assert_eq!(
        settings["external"]["google"], true,
        "the site shows the button"
    );
    let location = sign_in_with_google(&app).await;
    assert!(
        location.starts_with("http://shop.test/welcome#access_token="),
        "{location}"
    );
    let f = fragment(&location);
    let user = app
        .call("GET", "/auth/v1/user", None, Some(&f["access_token"]), None)
        .await
        .json();
    assert_eq!(user["email"], "zanele@example.com");
    assert_eq!(user["app_metadata"]["provider"], "google");
    assert_eq!(user["user_metadata"]["full_name"], "Zanele Mokoena");
    assert!(user["email_confirmed_at"].is_string());
    let profile = app
        .call(
            "GET",
            "/api/v1/profile",
            None,
            Some(&f["access_token"]),
            None,
        )
        .await
        .json();
    assert_eq!(profile["profile"]["full_name"], "Zanele Mokoena");
    assert_eq!(profile["profile"]["role"], "customer");

    let again = fragment(&sign_in_with_google(&app).await);
    let second = app
        .call(
            "GET",
            "/auth/v1/user",
            None,
            Some(&again["access_token"]),
            None,
        )
        .await
        .json();
    assert_eq!(second["id"], user["id"], "the same account");
    // The refresh token of an OAuth session works like any other.
    let r = app
        .post(
            "/auth/v1/token?grant_type=refresh_token",
            json!({"refresh_token": again["refresh_token"]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
}

#[tokio::test]
async fn google_sign_in_links_a_confirmed_account_with_that_email() {
    let provider = Provider::start().await;
    let config = provider.config();
    let app = TestApp::with_auth(move |a| {
        a.google = Some(config);
        a.autoconfirm = true;
    })
    .await;
    let r = app
        .post(
            "/auth/v1/signup",
            json!({"email": "zanele@example.com", "password": "pass-word", "data": {"full_name": "Z"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let owner_id = r.json()["user"]["id"].clone();
    let f = fragment(&sign_in_with_google(&app).await);
    let user = app
        .call("GET", "/auth/v1/user", None, Some(&f["access_token"]), None)
        .await
        .json();
    assert_eq!(user["id"], owner_id, "the same account");
    assert_eq!(
        user["app_metadata"]["providers"],
        json!(["email", "google"])
    );
    // The owner's password still works.
    let r = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": "zanele@example.com", "password": "pass-word"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

/// Someone signs up with another person's address and a password of their own, and waits
/// for the owner to use Google. The account must not be handed to them.
#[tokio::test]
async fn google_sign_in_takes_an_unconfirmed_account_away_from_whoever_registered_it() {
    let provider = Provider::start().await;
    let app = app_with(&provider).await;
    let r = app
        .post(
            "/auth/v1/signup",
            json!({"email": "zanele@example.com", "password": "attacker-pw", "data": {"full_name": "Not Zanele"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let confirm_link = link_in(&app.outbox()[0]);

    // The owner signs in with Google.
    let f = fragment(&sign_in_with_google(&app).await);
    let user = app
        .call("GET", "/auth/v1/user", None, Some(&f["access_token"]), None)
        .await
        .json();
    assert_eq!(user["email"], "zanele@example.com");
    assert!(user["email_confirmed_at"].is_string());
    assert_eq!(user["user_metadata"]["full_name"], "Zanele Mokoena");
    let profile = app
        .call(
            "GET",
            "/api/v1/profile",
            None,
            Some(&f["access_token"]),
            None,
        )
        .await
        .json();
    assert_eq!(profile["profile"]["full_name"], "Zanele Mokoena");

    // The password chosen at that sign-up no longer opens the account...
    let r = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": "zanele@example.com", "password": "attacker-pw"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert_eq!(r.json()["code"], "invalid_credentials");
    // ...nor does the confirmation link sent for it.
    let path = confirm_link.strip_prefix("http://shop.test").unwrap();
    let r = app.get(path).await;
    let location = r.headers["location"].to_str().unwrap();
    assert!(location.contains("error="), "{location}");
    // The owner's Google session still works.
    let r = app
        .call("GET", "/auth/v1/user", None, Some(&f["access_token"]), None)
        .await;
    assert_eq!(r.status, StatusCode::OK);
}

#[tokio::test]
async fn bad_answers_from_the_provider_sign_nobody_in() {
    let provider = Provider::start().await;
    let app = app_with(&provider).await;
    for (what, person) in [
        (
            "wrong audience",
            Person {
                audience: "someone-else".into(),
                ..Person::new("g-2", "a@example.com")
            },
        ),
        (
            "unverified email",
            Person {
                email_verified: false,
                ..Person::new("g-3", "b@example.com")
            },
        ),
        (
            "foreign signing key",
            Person {
                sign_with_foreign_key: true,
                ..Person::new("g-4", "c@example.com")
            },
        ),
    ] {
        provider.set(person);
        let location = sign_in_with_google(&app).await;
        let f = fragment(&location);
        assert!(!f.contains_key("access_token"), "{what}: {location}");
        assert_eq!(f["error"], "server_error", "{what}");
    }
    let users = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM users").fetch_one(pool).await.unwrap());
    assert_eq!(users, 0);
}

#[tokio::test]
async fn state_is_single_use_and_required() {
    let provider = Provider::start().await;
    let app = app_with(&provider).await;
    let r = app.get("/auth/v1/authorize?provider=google").await;
    let to_provider = r.headers["location"].to_str().unwrap().to_owned();
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let back = browser.get(&to_provider).send().await.unwrap().headers()["location"]
        .to_str()
        .unwrap()
        .to_owned();
    let path = back.strip_prefix("http://shop.test").unwrap().to_owned();
    assert!(
        fragment(app.get(&path).await.headers["location"].to_str().unwrap())
            .contains_key("access_token")
    );
    let replay = app.get(&path).await;
    assert_eq!(
        fragment(replay.headers["location"].to_str().unwrap())["error"],
        "bad_oauth_state"
    );
    let forged = app.get("/auth/v1/callback?code=x&state=made-up").await;
    assert_eq!(
        fragment(forged.headers["location"].to_str().unwrap())["error"],
        "bad_oauth_state"
    );
    let denied = app
        .get("/auth/v1/callback?error=access_denied&state=nope")
        .await;
    assert_eq!(
        fragment(denied.headers["location"].to_str().unwrap())["error"],
        "bad_oauth_state"
    );
}

#[tokio::test]
async fn providers_that_are_not_configured_are_refused() {
    let app = TestApp::new().await;
    let r = app.get("/auth/v1/authorize?provider=google").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.json()["msg"],
        "Unsupported provider: provider is not enabled"
    );
    let provider = Provider::start().await;
    let app = app_with(&provider).await;
    assert_eq!(
        app.get("/auth/v1/authorize?provider=github").await.status,
        StatusCode::BAD_REQUEST
    );
}
