//! The role matrix: every operation of the OpenAPI document called as a guest, a customer, a
//! vendor and an admin. What each caller must get is read from the document itself (the
//! path's namespace and the operation's `security`), so an endpoint added without its guard,
//! or guarded without saying so in its document, fails here. Also: the admin area needs
//! `aal2` once the admin has a verified second factor. SQLite and (with TEST_DATABASE_URL)
//! PostgreSQL.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use axum::http::StatusCode;
use common::accounts::{autoconfirm, sign_in, sign_up, token};
use common::{Seeds, TestApp, shop};
use serde_json::{Map, Value, json};
use uuid::Uuid;

/// Operations the matrix does not call, each with the reason.
const SKIPPED: &[(&str, &str)] = &[(
    // A signed-in caller gets a stream that never ends, so there is no whole answer to
    // check; tests/live_events.rs checks that a guest gets 401.
    "live_events",
    "endless event stream",
)];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Caller {
    Guest,
    Customer,
    Vendor,
    Admin,
}

impl Caller {
    const ALL: [Caller; 4] = [
        Caller::Guest,
        Caller::Customer,
        Caller::Vendor,
        Caller::Admin,
    ];

    fn name(self) -> &'static str {
        match self {
            Caller::Guest => "guest",
            Caller::Customer => "customer",
            Caller::Vendor => "vendor",
            Caller::Admin => "admin",
        }
    }
}

/// What a caller must get from an operation.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// Refused by the guard with exactly this status.
    Refused(u16),
    /// Past the guard: anything but 401, 403 or a server error (a 404 for a made-up id or a
    /// 400 for a minimal body is fine; the point is the guard).
    Through,
}

impl Expect {
    fn allows(self, got: u16) -> bool {
        match self {
            Expect::Refused(status) => got == status,
            Expect::Through => !matches!(got, 401 | 403) && got < 500,
        }
    }

    fn describe(self) -> String {
        match self {
            Expect::Refused(status) => status.to_string(),
            Expect::Through => "not 401/403/5xx".to_owned(),
        }
    }
}

/// One path × method of the document.
struct Operation {
    id: String,
    method: String,
    path: String,
    spec: Value,
}

impl Operation {
    /// The role a guarded namespace is for: `/api/v1/admin/…` and `/api/v1/vendor/…`.
    fn area(&self) -> Option<Caller> {
        if self.path.starts_with("/api/v1/admin/") {
            Some(Caller::Admin)
        } else if self.path.starts_with("/api/v1/vendor/") {
            Some(Caller::Vendor)
        } else {
            None
        }
    }

    /// Declares a bearer token (utoipa writes `security` only when the operation has one).
    fn secured(&self) -> bool {
        self.spec["security"]
            .as_array()
            .is_some_and(|s| !s.is_empty())
    }

    fn expect(&self, caller: Caller) -> Expect {
        match (self.area(), caller) {
            (Some(_), Caller::Guest) => Expect::Refused(401),
            (Some(role), caller) if role == caller => Expect::Through,
            (Some(_), _) => Expect::Refused(403),
            (None, Caller::Guest) if self.secured() => Expect::Refused(401),
            (None, _) => Expect::Through,
        }
    }

    fn documented(&self) -> Vec<&str> {
        self.spec["responses"]
            .as_object()
            .map(|r| r.keys().map(String::as_str).collect())
            .unwrap_or_default()
    }

    fn documents(&self, status: u16) -> bool {
        let documented = self.documented();
        documented.contains(&status.to_string().as_str()) || documented.contains(&"default")
    }
}

fn operations(doc: &Value) -> Vec<Operation> {
    const METHODS: &[&str] = &[
        "get", "put", "post", "delete", "options", "head", "patch", "trace",
    ];
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, spec) in item.as_object().expect("path item") {
            if !METHODS.contains(&method.as_str()) {
                continue;
            }
            out.push(Operation {
                id: spec["operationId"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{method} {path} has no operation id"))
                    .to_owned(),
                method: method.to_uppercase(),
                path: path.clone(),
                spec: spec.clone(),
            });
        }
    }
    out
}

/// Calls operations with plausible parameters and minimal bodies built from the document.
struct Requests<'a> {
    app: &'a TestApp,
    doc: &'a Value,
    /// Real values for path parameters that name something by text (a uuid parameter gets a
    /// fresh uuid; any other gets a value that names nothing, and 404 is a fine answer).
    known: BTreeMap<&'static str, String>,
}

struct Answer {
    status: u16,
    body: String,
}

impl Requests<'_> {
    async fn call(&self, op: &Operation, token: Option<&str>) -> Answer {
        let mut uri = op.path.clone();
        let mut query = Vec::new();
        for p in op.spec["parameters"].as_array().into_iter().flatten() {
            let name = p["name"].as_str().expect("parameter name");
            match p["in"].as_str() {
                Some("path") => {
                    let value = if p["schema"]["format"] == "uuid" {
                        Uuid::now_v7().to_string()
                    } else {
                        self.known
                            .get(name)
                            .cloned()
                            .unwrap_or_else(|| "role-matrix-nothing".to_owned())
                    };
                    uri = uri.replace(&format!("{{{name}}}"), &value);
                }
                Some("query") if p["required"] == true => {
                    let value = match example(self.doc, &p["schema"]) {
                        Value::String(s) => s,
                        other => other.to_string(),
                    };
                    query.push(format!("{name}={value}"));
                }
                _ => {}
            }
        }
        if !query.is_empty() {
            uri = format!("{uri}?{}", query.join("&"));
        }
        // JSON bodies only: PayFast's form-encoded ITN is sent empty (it is stored and
        // answered 200 like any ITN; its checks run later in a job).
        let schema = &op.spec["requestBody"]["content"]["application/json"]["schema"];
        let body = (!schema.is_null()).then(|| example(self.doc, schema));
        let r = self.app.call(&op.method, &uri, body, token, None).await;
        Answer {
            status: r.status.as_u16(),
            body: r.text(),
        }
    }
}

/// The smallest value the document says `schema` accepts: required properties only, a fresh
/// uuid for uuids, "x" for text, the first of an enum, the minimum (or 1) for numbers.
fn example(doc: &Value, schema: &Value) -> Value {
    if let Some(name) = schema["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        return example(doc, &doc["components"]["schemas"][name]);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(option) = schema[key]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["type"] != "null"))
        {
            return example(doc, option);
        }
    }
    if let Some(parts) = schema["allOf"].as_array() {
        let mut merged = Map::new();
        for part in parts {
            if let Value::Object(fields) = example(doc, part) {
                merged.extend(fields);
            }
        }
        return Value::Object(merged);
    }
    if let Some(first) = schema["enum"].as_array().and_then(|e| e.first()) {
        return first.clone();
    }
    let kind = match &schema["type"] {
        Value::Array(kinds) => kinds.iter().find(|k| *k != "null").cloned(),
        Value::Null if schema["properties"].is_object() => Some(json!("object")),
        kind => Some(kind.clone()),
    };
    match kind.as_ref().and_then(Value::as_str) {
        Some("object") => {
            let required = schema["required"].as_array().into_iter().flatten();
            Value::Object(
                required
                    .filter_map(Value::as_str)
                    .map(|name| {
                        let property = &schema["properties"][name];
                        (name.to_owned(), example(doc, property))
                    })
                    .collect(),
            )
        }
        Some("array") if schema["minItems"].as_u64().unwrap_or(0) > 0 => {
            json!([example(doc, &schema["items"])])
        }
        Some("array") => json!([]),
        Some("string") => match schema["format"].as_str() {
            Some("uuid") => json!(Uuid::now_v7()),
            Some("email") => json!("role-matrix@example.com"),
            Some("date-time") => json!(chrono::Utc::now()),
            _ => json!("x"),
        },
        Some("integer" | "number") => schema["minimum"].as_i64().map_or(json!(1), |m| json!(m)),
        Some("boolean") => json!(false),
        _ => Value::Null,
    }
}

#[tokio::test]
async fn every_operation_answers_each_role_as_its_document_says() {
    let app = TestApp::seeded().await;
    let doc = app.get_ok("/api/openapi.json").await;
    let customer = shop::quick_customer(&app, "customer@role-matrix.test").await;
    let vendor = shop::vendor(&app, "vendor@role-matrix.test").await;
    let admin = shop::admin(&app, "admin@role-matrix.test").await;
    let token_of = |caller: Caller| match caller {
        Caller::Guest => None,
        Caller::Customer => Some(customer.token.as_str()),
        Caller::Vendor => Some(vendor.token.as_str()),
        Caller::Admin => Some(admin.token.as_str()),
    };
    let product = app.get_ok("/api/v1/products?per_page=1").await["products"][0]["slug"]
        .as_str()
        .expect("a listed product")
        .to_owned();
    let store = Seeds::load()
        .vendors
        .iter()
        .find(|v| v["status"] == "approved")
        .and_then(|v| v["store_slug"].as_str())
        .expect("an approved store in the seed")
        .to_owned();
    let requests = Requests {
        app: &app,
        doc: &doc,
        known: BTreeMap::from([("slug_or_id", product), ("store_slug", store)]),
    };

    let all = operations(&doc);
    for (id, _) in SKIPPED {
        assert!(
            all.iter().any(|op| op.id == *id),
            "{id} is skipped but no longer in the document"
        );
    }
    let called: Vec<&Operation> = all
        .iter()
        .filter(|op| !SKIPPED.iter().any(|(id, _)| op.id == *id))
        .collect();
    let mut wrong = Vec::new();
    for op in &called {
        if op.area().is_some() && !op.secured() {
            wrong.push((
                op,
                "-",
                "-".to_owned(),
                "security: bearer".to_owned(),
                String::new(),
            ));
        }
        for caller in Caller::ALL {
            let answer = requests.call(op, token_of(caller)).await;
            let expect = op.expect(caller);
            let documented = op.documents(answer.status);
            if !expect.allows(answer.status) || !documented {
                let mut expected = expect.describe();
                if !documented {
                    write!(expected, ", one of {}", op.documented().join("/")).unwrap();
                }
                wrong.push((
                    op,
                    caller.name(),
                    answer.status.to_string(),
                    expected,
                    answer.body.chars().take(120).collect(),
                ));
            }
        }
    }
    if !wrong.is_empty() {
        let mut table = format!(
            "{} of {} answers break the role matrix:\n{:<28} {:<8} {:<4} {:<34} {}\n",
            wrong.len(),
            called.len() * Caller::ALL.len(),
            "operation",
            "caller",
            "got",
            "expected",
            "request → answer"
        );
        for (op, caller, got, expected, body) in &wrong {
            writeln!(
                table,
                "{:<28} {caller:<8} {got:<4} {expected:<34} {} {} → {body}",
                op.id, op.method, op.path
            )
            .unwrap();
        }
        panic!("{table}");
    }
    // The matrix must have something to check in each kind of operation there is.
    assert!(called.iter().any(|op| op.area() == Some(Caller::Admin)));
    assert!(called.iter().any(|op| op.area().is_none() && op.secured()));
    assert!(called.iter().any(|op| !op.secured()));
    eprintln!(
        "role matrix: {} operations × {} callers",
        called.len(),
        Caller::ALL.len()
    );
}

#[tokio::test]
async fn the_admin_area_needs_aal2_once_the_admin_has_a_verified_factor() {
    let app = autoconfirm().await;
    let doc = app.get_ok("/api/openapi.json").await;
    let admin_area: Vec<Operation> = operations(&doc)
        .into_iter()
        .filter(|op| op.area() == Some(Caller::Admin))
        .collect();
    assert!(!admin_area.is_empty());
    let requests = Requests {
        app: &app,
        doc: &doc,
        known: BTreeMap::new(),
    };
    // Every admin operation: `Ok` past the guard, or the refusal's status and error code.
    let answers = |t: String| {
        let (requests, admin_area) = (&requests, &admin_area);
        async move {
            let mut out = Vec::new();
            for op in admin_area {
                let r = requests.call(op, Some(&t)).await;
                let code = serde_json::from_str::<Value>(&r.body)
                    .ok()
                    .and_then(|b| b["error"]["code"].as_str().map(str::to_owned));
                out.push((
                    op.id.clone(),
                    Expect::Through.allows(r.status),
                    r.status,
                    code,
                ));
            }
            out
        }
    };
    let all_through = |answers: Vec<(String, bool, u16, Option<String>)>, when: &str| {
        for (id, through, status, code) in answers {
            assert!(through, "{id} {when}: {status} {code:?}");
        }
    };

    let first = sign_up(&app, "boss@example.com").await;
    bazaar_db::accounts::set_role(&app.db, "boss@example.com", "admin", chrono::Utc::now())
        .await
        .unwrap();
    let aal1 = token(&first).to_owned();
    all_through(answers(aal1.clone()).await, "for an admin without a factor");

    let enrolled = app
        .call(
            "POST",
            "/auth/v1/factors",
            Some(json!({"factor_type": "totp", "friendly_name": "phone"})),
            Some(&aal1),
            None,
        )
        .await;
    assert_eq!(enrolled.status, StatusCode::OK, "{}", enrolled.text());
    let enrolled = enrolled.json();
    let factor = enrolled["id"].as_str().unwrap().to_owned();
    let secret = enrolled["totp"]["secret"].as_str().unwrap().to_owned();
    all_through(
        answers(aal1.clone()).await,
        "while the factor is unverified",
    );

    // Challenge and verify on the session of `t`: its new tokens are aal2.
    let raise = |t: String| {
        let (app, factor, secret) = (&app, &factor, &secret);
        async move {
            let challenge = app
                .call(
                    "POST",
                    &format!("/auth/v1/factors/{factor}/challenge"),
                    None,
                    Some(&t),
                    None,
                )
                .await
                .json()["id"]
                .as_str()
                .unwrap()
                .to_owned();
            let code = bazaar_auth::totp::code_at(secret, chrono::Utc::now().timestamp()).unwrap();
            let r = app
                .call(
                    "POST",
                    &format!("/auth/v1/factors/{factor}/verify"),
                    Some(json!({"challenge_id": challenge, "code": code})),
                    Some(&t),
                    None,
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.text());
            token(&r.json()).to_owned()
        }
    };
    let verified = raise(aal1).await;
    all_through(answers(verified).await, "at aal2");

    // A new password sign-in is aal1: refused until this session verifies the factor too.
    let again = sign_in(&app, "boss@example.com").await;
    let again = token(&again).to_owned();
    for (id, _, status, code) in answers(again.clone()).await {
        assert_eq!(
            (status, code.as_deref()),
            (403, Some("insufficient_aal")),
            "{id} at aal1 with a verified factor"
        );
    }
    let r = app
        .call(
            "GET",
            "/api/v1/admin/payments/refunds-due",
            None,
            Some(&again),
            None,
        )
        .await;
    assert_eq!(
        r.json()["error"]["message"],
        "Verify your second factor to use the admin area"
    );
    let raised = raise(again).await;
    all_through(answers(raised).await, "after verifying on the new session");
}
