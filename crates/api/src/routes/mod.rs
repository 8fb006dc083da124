//! The REST API under `/api/v1`, one module per resource.

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub mod admin_audit;
pub mod admin_branding;
pub mod admin_catalogue;
pub mod admin_coupons;
pub mod admin_dashboard;
pub mod admin_email;
pub mod admin_home;
mod admin_lists;
pub mod admin_media;
pub mod admin_money;
pub mod admin_orders;
pub mod admin_payments;
pub mod admin_points;
pub mod admin_reviews;
pub mod admin_selling;
pub mod admin_settings;
pub mod admin_site;
pub mod admin_stock;
pub mod admin_structure;
pub mod admin_users;
pub mod analytics;
pub mod cart;
pub mod categories;
pub mod conversations;
pub mod daily_deals;
pub mod digital_files;
pub mod events;
pub mod health;
pub mod help;
pub mod media;
pub mod newsletter;
pub mod notifications;
mod order_views;
pub mod orders;
pub mod payments;
pub mod points;
pub mod product_exports;
pub mod product_imports;
pub mod products;
pub mod profile;
pub mod search;
pub mod selling;
pub mod settings;
pub mod stores;
pub mod tickets;
pub mod vendor_analytics;
pub mod vendor_area;
pub mod vendor_inventory;
pub mod vendor_money;
pub mod vendor_orders;
pub mod vendor_products;
pub mod vendor_terms;
pub mod wishlist;

mod params;

/// Every documented API route.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().nest(
        "/api/v1",
        OpenApiRouter::new()
            .merge(products::router())
            .merge(categories::router())
            .merge(stores::router())
            .merge(settings::router())
            .merge(profile::router())
            .merge(search::router())
            .merge(notifications::router())
            .merge(conversations::router())
            .merge(tickets::router())
            .merge(help::router())
            .merge(events::router())
            .merge(analytics::router())
            .merge(newsletter::router())
            .merge(cart::router())
            .merge(wishlist::router())
            .merge(orders::router())
            .merge(points::router())
            .merge(payments::router())
            .merge(selling::router())
            .merge(vendor_area::router())
            .merge(vendor_products::router())
            .merge(product_imports::router())
            .merge(product_exports::router())
            .merge(vendor_inventory::router())
            .merge(vendor_orders::router())
            .merge(vendor_money::router())
            .merge(vendor_analytics::router())
            .merge(admin_money::router())
            .merge(vendor_terms::router())
            .merge(daily_deals::router())
            .merge(digital_files::router())
            .merge(media::router())
            .merge(admin_selling::router())
            .merge(admin_users::router())
            .merge(admin_catalogue::router())
            .merge(admin_media::router())
            .merge(admin_stock::router())
            .merge(admin_orders::router())
            .merge(admin_audit::router())
            .merge(admin_dashboard::router())
            .merge(admin_settings::router())
            .merge(admin_site::router())
            .merge(admin_home::router())
            .merge(admin_payments::router())
            .merge(admin_branding::router())
            .merge(admin_email::router())
            .merge(admin_points::router())
            .merge(admin_coupons::router())
            .merge(admin_structure::router())
            .merge(admin_reviews::router()),
    )
}
