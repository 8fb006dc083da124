//! The OpenAPI 3.1 document at `/api/openapi.json` and its offline docs page at `/api/docs`.

use std::collections::BTreeSet;

use axum::Router;
use utoipa::openapi::{InfoBuilder, OpenApi, RefOr, Schema};
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
             {\"total\", \"page\", \"per_page\"}}`; errors answer `{\"error\": {\"code\", \"message\", \
             \"title\", \"fields\"}}` (title and fields only when there are some).",
        ))
        .build();
    // Signed-in calls carry the access token from /auth/v1 as a bearer token.
    let mut api =
        require_nullable_properties(document_unavailable(document_malformed_requests(api)));
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

/// Every operation that takes parameters or a body can be called with ones that do not parse
/// (a path id that is no UUID, a query value of the wrong type, a body that is not JSON or not
/// of the documented shape, a missing `Content-Type`). The extractors (`crate::extract`)
/// answer all of them 400 in the error envelope, so each such operation documents that 400
/// unless it documents its own.
fn document_malformed_requests(mut api: OpenApi) -> OpenApi {
    for_each_operation(&mut api, |path_takes_parameters, operation| {
        let takes_input = path_takes_parameters
            || operation.request_body.is_some()
            || operation.parameters.as_ref().is_some_and(|p| !p.is_empty());
        if takes_input {
            document_error(
                operation,
                "400",
                error_response(
                    "A parameter or the body is not of the documented form (or the body is not \
                     JSON, or its Content-Type is not application/json)",
                ),
            );
        }
    });
    api
}

/// Any operation can meet a database that cannot be reached (or, for search, an engine
/// that is down with no fallback): it answers 503 `unavailable` in the error envelope with
/// `Retry-After`, so each operation documents that 503 unless it documents its own.
fn document_unavailable(mut api: OpenApi) -> OpenApi {
    use utoipa::openapi::header::HeaderBuilder;
    use utoipa::openapi::{ObjectBuilder, schema::Type};
    for_each_operation(&mut api, |_, operation| {
        let response = error_response(
            "Unavailable: the database (or the search engine, where search cannot fall back) \
             cannot be reached; try again after Retry-After seconds",
        )
        .header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(Some(ObjectBuilder::new().schema_type(Type::Integer)))
                .description(Some("Seconds to wait before trying again"))
                .build(),
        );
        document_error(operation, "503", response);
    });
    api
}

/// Calls `f` with each operation and whether its path takes parameters.
fn for_each_operation(
    api: &mut OpenApi,
    mut f: impl FnMut(bool, &mut utoipa::openapi::path::Operation),
) {
    for item in api.paths.paths.values_mut() {
        let path_takes_parameters = item.parameters.as_ref().is_some_and(|p| !p.is_empty());
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            f(path_takes_parameters, operation);
        }
    }
}

/// A response with the error envelope as its body.
fn error_response(description: &str) -> utoipa::openapi::ResponseBuilder {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    ResponseBuilder::new().description(description).content(
        "application/json",
        ContentBuilder::new()
            .schema(Some(Ref::from_schema_name("ErrorBody")))
            .build(),
    )
}

/// Documents `response` under `status` unless the operation documents that status itself.
fn document_error(
    operation: &mut utoipa::openapi::path::Operation,
    status: &str,
    response: utoipa::openapi::ResponseBuilder,
) {
    operation
        .responses
        .responses
        .entry(status.into())
        .or_insert_with(|| RefOr::T(response.build()));
}

/// Properties that serde leaves out when empty (`skip_serializing_if`); every other field is
/// always written.
const SOMETIMES_ABSENT: &[(&str, &str)] = &[("ErrorDetail", "title")];

/// utoipa documents an `Option` field as optional; serde writes it as `null`. Each nullable
/// property of a schema the API answers with is marked required (present, possibly null), so
/// generated clients read `name: T | null` rather than `name?: T | null`. Schemas of request
/// bodies keep them optional: a client may leave them out.
fn require_nullable_properties(mut api: OpenApi) -> OpenApi {
    let inputs = request_schemas(&api);
    let Some(components) = api.components.as_mut() else {
        return api;
    };
    for (schema_name, schema) in components.schemas.iter_mut() {
        if inputs.contains(schema_name) {
            continue;
        }
        // A flattened struct is an `allOf` of its parts; its own fields are an object part.
        let objects: Vec<&mut utoipa::openapi::schema::Object> = match schema {
            RefOr::T(Schema::Object(object)) => vec![object],
            RefOr::T(Schema::AllOf(all)) => all
                .items
                .iter_mut()
                .filter_map(|item| match item {
                    RefOr::T(Schema::Object(object)) => Some(object),
                    _ => None,
                })
                .collect(),
            _ => continue,
        };
        for object in objects {
            let nullable: Vec<String> = object
                .properties
                .iter()
                .filter(|(name, property)| {
                    serde_json::to_value(property).is_ok_and(|p| is_nullable(&p))
                        && !SOMETIMES_ABSENT.contains(&(schema_name.as_str(), name.as_str()))
                })
                .map(|(name, _)| name.clone())
                .collect();
            for name in nullable {
                if !object.required.contains(&name) {
                    object.required.push(name);
                }
            }
        }
    }
    api
}

/// The names of the schemas request bodies use, directly or through other schemas.
fn request_schemas(api: &OpenApi) -> BTreeSet<String> {
    let schemas = api
        .components
        .as_ref()
        .map(|c| serde_json::to_value(&c.schemas).unwrap_or_default())
        .unwrap_or_default();
    let paths = serde_json::to_value(&api.paths).unwrap_or_default();
    let mut pending = Vec::new();
    for item in paths.as_object().into_iter().flat_map(|p| p.values()) {
        for operation in item.as_object().into_iter().flat_map(|o| o.values()) {
            collect_refs(&operation["requestBody"], &mut pending);
        }
    }
    let mut found = BTreeSet::new();
    while let Some(name) = pending.pop() {
        if found.insert(name.clone()) {
            collect_refs(&schemas[&name], &mut pending);
        }
    }
    found
}

fn collect_refs(value: &serde_json::Value, into: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            if let Some(name) = map
                .get("$ref")
                .and_then(|r| r.as_str())
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
            {
                into.push(name.to_owned());
            }
            map.values().for_each(|v| collect_refs(v, into));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_refs(v, into)),
        _ => {}
    }
}

fn is_nullable(property: &serde_json::Value) -> bool {
    let null_type = |v: &serde_json::Value| v == "null";
    match &property["type"] {
        serde_json::Value::Array(types) if types.iter().any(null_type) => return true,
        _ => {}
    }
    ["oneOf", "anyOf"].iter().any(|key| {
        property[*key]
            .as_array()
            .is_some_and(|options| options.iter().any(|o| null_type(&o["type"])))
    })
}

/// The document as the API serves it (for tests and client generation).
pub fn document() -> OpenApi {
    let (_, mut api) = crate::routes::api_router().split_for_parts();
    let (_, uploads) = crate::routes::media::upload_router().split_for_parts();
    api.merge(uploads);
    finish(api)
}

/// The document at `/api/openapi.json` and Swagger UI at `/api/docs`, with its assets built
/// into the binary so the page works with no internet. The document is built and serialised
/// on the first request and then kept as the bytes it is sent as (the structure it is built
/// from takes twenty times the memory): an idle server holds none of its 800 KB.
pub fn docs_router() -> Router<AppState> {
    static DOCUMENT: std::sync::OnceLock<axum::body::Bytes> = std::sync::OnceLock::new();
    let serve_document = axum::routing::get(|| {
        let json = DOCUMENT
            .get_or_init(|| {
                axum::body::Bytes::from(
                    serde_json::to_vec(&document()).expect("the document serialises"),
                )
            })
            .clone();
        async move {
            (
                [(
                    axum::http::header::CONTENT_TYPE,
                    axum::http::HeaderValue::from_static("application/json"),
                )],
                json,
            )
        }
    });
    let ui =
        SwaggerUi::new("/api/docs").config(utoipa_swagger_ui::Config::new(["/api/openapi.json"]));
    Router::from(ui).route("/api/openapi.json", serve_document)
}
