//! The ceiling `ops/bench` measures bazaar against: an axum server on the same runtime
//! settings that answers every GET with one fixed page of 20 products (about 7 KB of JSON,
//! built once at start), doing nothing else. No real endpoint can beat it on this machine,
//! so bazaar's figures are reported as a fraction of it.
//!
//!     bazaar-ceiling 127.0.0.1:9000

use axum::Router;
use axum::http::header;
use axum::routing::get;
use serde_json::json;

#[tokio::main]
async fn main() {
    let listen = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:9000".into());
    let body: &'static [u8] = Vec::leak(page_of_products());
    let app = Router::new().fallback(get(move || async move {
        ([(header::CONTENT_TYPE, "application/json")], body)
    }));
    let listener = tokio::net::TcpListener::bind(&listen)
        .await
        .unwrap_or_else(|e| panic!("cannot listen on {listen}: {e}"));
    eprintln!("ceiling serving on http://{listen}");
    axum::serve(listener, app).await.expect("serve");
}

/// Twenty product cards shaped like `GET /api/v1/products`.
fn page_of_products() -> Vec<u8> {
    let products: Vec<_> = (0..20)
        .map(|i| {
            json!({
                "id": format!("0193a2b4-5c6d-7e8f-9a0b-{i:012}"),
                "slug": format!("synthetic-product-{i}"),
                "name": format!("Synthetic product number {i}"),
                "brand": "Synthetic",
                "category": "apparel",
                "category_name": "Apparel",
                "currency": "ZAR",
                "price_cents": 19_900 + i * 100,
                "sale_price_cents": null,
                "image_url": format!("/media/seed/products/synthetic-{i}.svg"),
                "in_stock": true,
                "rating": {"average": 4.2, "count": 12}
            })
        })
        .collect();
    serde_json::to_vec(&json!({
        "products": products,
        "meta": {"total": 1000, "page": 1, "per_page": 20}
    }))
    .expect("JSON")
}
