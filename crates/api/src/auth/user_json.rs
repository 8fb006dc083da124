//! The user object as GoTrue returns it.

use bazaar_db::accounts::UserRow;
use serde_json::{Value, json};

pub fn user_json(u: &UserRow) -> Value {
    let id = u.id.to_string();
    let provider = u
        .raw_app_meta_data
        .0
        .get("provider")
        .and_then(Value::as_str)
        .unwrap_or("email")
        .to_owned();
    json!({
        "id": id,
        "aud": bazaar_auth::jwt::AUDIENCE,
        "role": "authenticated",
        "email": u.email,
        "email_confirmed_at": u.email_confirmed_at,
        "phone": "",
        "confirmed_at": u.email_confirmed_at,
        "confirmation_sent_at": u.confirmation_sent_at,
        "recovery_sent_at": u.recovery_sent_at,
        "last_sign_in_at": u.last_sign_in_at,
        "app_metadata": app_metadata(u),
        "user_metadata": u.raw_user_meta_data.0,
        "identities": [{
            "identity_id": id,
            "id": id,
            "user_id": id,
            "identity_data": {"email": u.email, "email_verified": u.email_confirmed_at.is_some(), "sub": id},
            "provider": provider,
            "last_sign_in_at": u.last_sign_in_at,
            "created_at": u.created_at,
            "updated_at": u.updated_at,
            "email": u.email,
        }],
        "created_at": u.created_at,
        "updated_at": u.updated_at,
        "is_anonymous": false,
    })
}

/// App metadata as stored, with bazaar's role and the provider defaults filled in.
pub fn app_metadata(u: &UserRow) -> Value {
    let mut meta = match &u.raw_app_meta_data.0 {
        Value::Object(m) => Value::Object(m.clone()),
        _ => json!({}),
    };
    if meta.get("provider").is_none() {
        meta["provider"] = json!("email");
    }
    if meta.get("providers").is_none() {
        meta["providers"] = json!([meta["provider"].clone()]);
    }
    meta["role"] = json!(u.role);
    meta
}
