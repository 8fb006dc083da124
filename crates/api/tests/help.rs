//! The help centre: admins write categories and Markdown articles (audited, nobody else may),
//! published articles are listed, rendered safely and found by the search engine (or by the
//! database without one), and anyone may say whether one helped.

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};

use common::TestApp;
use common::shop::{admin, audit_of, call, quick_customer, vendor};

fn titles(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} in {v}"))
        .iter()
        .map(|a| a["title"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_seeded_help_centre_is_listed_searched_and_read() {
    let app = TestApp::seeded().await;
    let centre = app.get_ok("/api/v1/help").await;
    let categories: Vec<&str> = centre["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["slug"].as_str().unwrap())
        .collect();
    assert_eq!(
        categories,
        [
            "orders-delivery",
            "returns",
            "payments",
            "your-account",
            "selling"
        ]
    );
    assert_eq!(
        titles(&centre["categories"][0], "articles"),
        ["Tracking your order", "Delivery times and costs"]
    );

    // The first search in this process fills the engine from the database.
    let found = app.get_ok("/api/v1/help/search?q=trakcing").await;
    assert_eq!(titles(&found, "results")[0], "Tracking your order");
    assert_eq!(found["results"][0]["category"]["slug"], "orders-delivery");
    let found = app.get_ok("/api/v1/help/search?q=payf").await;
    assert_eq!(titles(&found, "results"), ["Paying with PayFast"]);
    let none = app.get_ok("/api/v1/help/search?q=payfast%20vendor").await;
    assert_eq!(none["results"], json!([]));
    assert_eq!(
        app.get_ok("/api/v1/help/search?q=%20").await["results"],
        json!([])
    );
    let long = app
        .get(&format!("/api/v1/help/search?q={}", "a".repeat(201)))
        .await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);

    let page = app
        .get_ok("/api/v1/help/articles/tracking-your-order")
        .await;
    let html = page["article"]["html"].as_str().unwrap();
    assert!(
        html.contains("<h2>Orders from several stores</h2>"),
        "{html}"
    );
    assert!(
        html.contains(r#"<a href="/contact/" rel="nofollow noopener noreferrer">"#),
        "{html}"
    );
    assert_eq!(page["article"]["category"]["name"], "Orders & delivery");
    assert_eq!(titles(&page, "related"), ["Delivery times and costs"]);
    let sitemap = app.get("/sitemap.xml").await;
    let sitemap = String::from_utf8_lossy(&sitemap.body);
    assert!(
        sitemap.contains("/help/article/tracking-your-order/</loc>"),
        "{sitemap}"
    );
    let missing = app.get("/api/v1/help/articles/no-such-article").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.json()["error"]["message"], "Article not found");
}

#[tokio::test]
async fn admins_write_articles_that_are_shown_safely_and_found_once_published() {
    let app = TestApp::new().await;
    let boss = admin(&app, "boss@bazaar.test").await;

    let (status, c) = call(
        &app,
        "POST",
        "/api/v1/admin/help/categories",
        Some(json!({ "name": "Orders & delivery", "description": "Parcels" })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{c}");
    assert_eq!(c["category"]["slug"], "orders-delivery");
    let category = c["category"]["id"].as_str().unwrap().to_owned();
    let (status, taken) = call(
        &app,
        "POST",
        "/api/v1/admin/help/categories",
        Some(json!({ "name": "Orders and more", "slug": "orders-delivery" })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(taken["error"]["message"], "Slug is already in use");

    // Field problems, all at once.
    let (status, bad) = call(
        &app,
        "POST",
        "/api/v1/admin/help/articles",
        Some(json!({ "title": " ", "slug": "Bad Slug", "body": "" })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(bad["error"]["fields"]["title"], "Title is required");
    assert_eq!(
        bad["error"]["fields"]["slug"],
        "Slug may only contain lowercase letters, digits and hyphens"
    );
    assert_eq!(bad["error"]["fields"]["body"], "Article body is required");
    assert_eq!(bad["error"]["fields"]["category_id"], "Choose a category");

    let body = "## Couriers\n\nWe ship with **The Courier Guy**. [Track](https://thecourierguy.co.za)\n\n\
                <script>alert('x')</script>\n\n[bad](javascript:alert(1)) <img src=x onerror=alert(1)>";
    let (status, draft) = call(
        &app,
        "POST",
        "/api/v1/admin/help/articles",
        Some(json!({
            "category_id": category, "title": "Which couriers deliver", "summary": "Our couriers",
            "body": body,
        })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{draft}");
    let article = draft["article"]["id"].as_str().unwrap().to_owned();
    assert_eq!(draft["article"]["slug"], "which-couriers-deliver");
    assert_eq!(draft["article"]["published"], false);
    assert_eq!(draft["article"]["body"], body);
    let html = draft["article"]["html"].as_str().unwrap();
    assert!(html.contains("<strong>The Courier Guy</strong>"), "{html}");
    assert!(
        html.contains(r#"href="https://thecourierguy.co.za" rel="nofollow noopener noreferrer""#),
        "{html}"
    );
    for unsafe_part in ["<script", "javascript:", "onerror"] {
        assert!(!html.contains(unsafe_part), "{unsafe_part} in {html}");
    }

    // A draft is nowhere to be seen.
    assert_eq!(app.get_ok("/api/v1/help").await["categories"], json!([]));
    assert_eq!(
        app.get_ok("/api/v1/help/search?q=couriers").await["results"],
        json!([])
    );
    let hidden = app
        .get("/api/v1/help/articles/which-couriers-deliver")
        .await;
    assert_eq!(hidden.status, StatusCode::NOT_FOUND);

    // Published: listed, readable and found at once.
    let uri = format!("/api/v1/admin/help/articles/{article}");
    let (status, published) = call(
        &app,
        "PATCH",
        &uri,
        Some(json!({ "published": true })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{published}");
    let found = app.get_ok("/api/v1/help/search?q=courier%20gu").await;
    assert_eq!(titles(&found, "results"), ["Which couriers deliver"]);
    assert_eq!(
        titles(
            &app.get_ok("/api/v1/help").await["categories"][0],
            "articles"
        ),
        ["Which couriers deliver"]
    );
    let page = app
        .get_ok("/api/v1/help/articles/which-couriers-deliver")
        .await;
    assert!(
        !page["article"]["html"]
            .as_str()
            .unwrap()
            .contains("<script")
    );

    // Renamed: found by its new words only.
    let (status, _) = call(
        &app,
        "PATCH",
        &uri,
        Some(json!({ "title": "Delivery partners", "body": "Parcels travel with Fastway." })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.get_ok("/api/v1/help/search?q=courier%20guy").await["results"],
        json!([])
    );
    assert_eq!(
        titles(
            &app.get_ok("/api/v1/help/search?q=fastway").await,
            "results"
        ),
        ["Delivery partners"]
    );

    // A category with articles stays; the article goes, then the category.
    let category_uri = format!("/api/v1/admin/help/categories/{category}");
    let (status, kept) = call(&app, "DELETE", &category_uri, None, &boss).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        kept["error"]["message"],
        "Move or delete this category's articles first"
    );
    let (status, _) = call(&app, "DELETE", &uri, None, &boss).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get_ok("/api/v1/help/search?q=fastway").await["results"],
        json!([])
    );
    let (status, _) = call(&app, "GET", &uri, None, &boss).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&app, "DELETE", &category_uri, None, &boss).await;
    assert_eq!(status, StatusCode::NO_CONTENT);

    let (_, articles) = audit_of(&app, &boss, "help_article").await;
    assert_eq!(
        articles,
        [
            "help.article.delete",
            "help.article.update",
            "help.article.update",
            "help.article.create"
        ]
    );
    let (_, categories) = audit_of(&app, &boss, "help_category").await;
    assert_eq!(categories, ["help.category.delete", "help.category.create"]);
}

#[tokio::test]
async fn only_admins_reach_admin_help() {
    let app = TestApp::new().await;
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let seller = vendor(&app, "seller@example.co.za").await;
    let some = uuid::Uuid::now_v7();
    let calls: [(&str, String, Option<Value>); 8] = [
        ("GET", "/api/v1/admin/help/categories".into(), None),
        (
            "POST",
            "/api/v1/admin/help/categories".into(),
            Some(json!({ "name": "X" })),
        ),
        (
            "PATCH",
            format!("/api/v1/admin/help/categories/{some}"),
            Some(json!({ "name": "X" })),
        ),
        (
            "DELETE",
            format!("/api/v1/admin/help/categories/{some}"),
            None,
        ),
        ("GET", "/api/v1/admin/help/articles".into(), None),
        (
            "POST",
            "/api/v1/admin/help/articles".into(),
            Some(json!({ "title": "X", "body": "x" })),
        ),
        (
            "PATCH",
            format!("/api/v1/admin/help/articles/{some}"),
            Some(json!({ "title": "X" })),
        ),
        (
            "POST",
            "/api/v1/admin/help/preview".into(),
            Some(json!({ "body": "x" })),
        ),
    ];
    for (method, uri, body) in calls {
        let anonymous = app.call(method, &uri, body.clone(), None, None).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED, "{method} {uri}");
        for who in [&thandi, &seller] {
            let (status, _) = call(&app, method, &uri, body.clone(), who).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {uri}");
        }
    }
    let boss = admin(&app, "boss@bazaar.test").await;
    let (status, _) = call(
        &app,
        "PATCH",
        &format!("/api/v1/admin/help/articles/{some}"),
        Some(json!({ "title": "X" })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, preview) = call(
        &app,
        "POST",
        "/api/v1/admin/help/preview",
        Some(json!({ "body": "*hi* <b onclick=x>there</b>" })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(preview["html"], "<p><em>hi</em> <b>there</b></p>\n");
}

#[tokio::test]
async fn anyone_may_say_whether_an_article_helped_a_few_times_an_hour() {
    let app = TestApp::seeded().await;
    let uri = "/api/v1/help/articles/paying-with-payfast/feedback";
    let r = app.post(uri, json!({ "helpful": true })).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.json(), json!({ "helpful_yes": 1, "helpful_no": 0 }));
    let r = app.post(uri, json!({ "helpful": false })).await;
    assert_eq!(r.json(), json!({ "helpful_yes": 1, "helpful_no": 1 }));
    let page = app
        .get_ok("/api/v1/help/articles/paying-with-payfast")
        .await;
    assert_eq!(
        (
            &page["article"]["helpful_yes"],
            &page["article"]["helpful_no"]
        ),
        (&json!(1), &json!(1))
    );
    let bad = app.post(uri, json!({ "helpful": "very" })).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let missing = app
        .post(
            "/api/v1/help/articles/nothing-here/feedback",
            json!({ "helpful": true }),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    for _ in 0..3 {
        assert_eq!(
            app.post(uri, json!({ "helpful": true })).await.status,
            StatusCode::OK
        );
    }
    let limited = app.post(uri, json!({ "helpful": true })).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    let page = app
        .get_ok("/api/v1/help/articles/paying-with-payfast")
        .await;
    assert_eq!(
        page["article"]["helpful_yes"], 4,
        "the refused answer is not counted"
    );
}

#[tokio::test]
async fn without_a_search_engine_the_database_finds_articles() {
    let app = TestApp::seeded().await;
    let index = bazaar_commerce::help::ArticleIndex::new(None);
    let found = bazaar_commerce::help::search(&app.db, &index, "PayFast checkout")
        .await
        .unwrap();
    let titles: Vec<&str> = found.iter().map(|a| a.title.as_str()).collect();
    assert_eq!(titles, ["Paying with PayFast"]);
    assert!(
        bazaar_commerce::help::search(&app.db, &index, "nothing-like-this")
            .await
            .unwrap()
            .is_empty()
    );
}
