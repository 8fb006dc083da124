//! The OpenAPI 3.1 document at `/api/openapi.json` and its offline docs page at `/api/docs`.

use axum::Router;
use utoipa::openapi::{InfoBuilder, OpenApi};
use utoipa_swagger_ui::SwaggerUi;

use crate::AppState;

/// Fills in the document's description.
pub fn finish(mut api: OpenApi) -> OpenApi {
    api.info = InfoBuilder::new()
        .title("bazaar API")
        .version(env!("CARGO_PKG_VERSION"))
        .description(Some(
            "REST API of bazaar, a multi-vendor store. Money is in integer cents of the store \
             currency (ZAR by default), VAT included. Lists answer `{\"<items>\": [...], \"meta\": \
             {\"total\", \"page\", \"per_page\"}}`; errors answer `{\"error\": {\"code\", \"message\", \"fields\"}}`.",
        ))
        .build();
    // Signed-in calls carry the access token from /auth/v1 as a bearer token.
    let components = api.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "bearer",
        utoipa::openapi::security::SecurityScheme::Http(
            utoipa::openapi::security::HttpBuilder::new()
                .scheme(utoipa::openapi::security::HttpAuthScheme::Bearer)
                .bearer_format("JWT")
                .description(Some("An access token from /auth/v1 (ES256 JWT)"))
                .build(),
        ),
    );
    api
}

/// The document as the API serves it (for tests and client generation).
pub fn document() -> OpenApi {
    let (_, api) = crate::routes::api_router().split_for_parts();
    finish(api)
}

/// Swagger UI with its assets built into the binary, so the page works with no internet.
pub fn docs_router(api: OpenApi) -> Router<AppState> {
    Router::from(SwaggerUi::new("/api/docs").url("/api/openapi.json", api))
}
