//! The signing keys of this process: the current key signs, every published key verifies.
//! Created on first start and kept in the database; reloaded every minute and whenever a
//! token names a key this process has not seen, so `bazaar keys rotate` reaches every
//! `serve` process without a restart.

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::{Duration, Instant};

use bazaar_auth::keys::{Jwks, PublicJwk, SigningKey};
use bazaar_db::{Db, DbResult, accounts};
use chrono::Utc;

const RELOAD_EVERY: Duration = Duration::from_secs(60);

pub struct KeyRing {
    access_token_ttl: Duration,
    state: RwLock<Loaded>,
}

struct Loaded {
    current: SigningKey,
    published: HashMap<String, PublicJwk>,
    loaded_at: Instant,
}

impl KeyRing {
    /// Loads the keys, creating the first one if there is none.
    pub async fn load(db: &Db, access_token_ttl: Duration) -> DbResult<KeyRing> {
        let loaded = Self::read(db, access_token_ttl).await?;
        Ok(KeyRing {
            access_token_ttl,
            state: RwLock::new(loaded),
        })
    }

    async fn read(db: &Db, ttl: Duration) -> DbResult<Loaded> {
        // Retired keys stay published while tokens they signed may live (plus the reload gap).
        let since =
            Utc::now() - chrono::Duration::from_std(ttl + RELOAD_EVERY * 2).unwrap_or_default();
        let mut rows = accounts::published_keys(db, since).await?;
        if !rows.iter().any(|r| r.retired_at.is_none()) {
            let key = SigningKey::generate();
            accounts::insert_first_key(db, &key.kid, &key.private_pem, Utc::now()).await?;
            rows = accounts::published_keys(db, since).await?;
        }
        let mut published = HashMap::new();
        let mut current = None;
        for row in rows {
            match SigningKey::from_parts(row.kid.clone(), row.private_pem.clone()) {
                Ok(key) => {
                    if row.retired_at.is_none() && current.is_none() {
                        current = Some(key.clone());
                    }
                    published.insert(key.kid.clone(), key.public.clone());
                }
                Err(e) => {
                    tracing::error!(key.kid = %row.kid, error = %e, "skipping an unreadable signing key")
                }
            }
        }
        let current =
            current.ok_or_else(|| bazaar_db::DbError::Conflict("no usable signing key".into()))?;
        Ok(Loaded {
            current,
            published,
            loaded_at: Instant::now(),
        })
    }

    /// Reloads when stale, or at once when `unknown_kid` is not known here.
    pub async fn refresh_if_needed(&self, db: &Db, unknown_kid: Option<&str>) {
        let stale = {
            let s = self.state.read().unwrap_or_else(|p| p.into_inner());
            s.loaded_at.elapsed() > RELOAD_EVERY
                || unknown_kid.is_some_and(|k| !s.published.contains_key(k))
        };
        if stale {
            match Self::read(db, self.access_token_ttl).await {
                Ok(fresh) => *self.state.write().unwrap_or_else(|p| p.into_inner()) = fresh,
                Err(e) => tracing::warn!(error = %e, "could not reload signing keys"),
            }
        }
    }

    pub fn current(&self) -> SigningKey {
        self.state
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .current
            .clone()
    }

    pub fn published(&self) -> HashMap<String, PublicJwk> {
        self.state
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .published
            .clone()
    }

    pub fn jwks(&self) -> Jwks {
        let s = self.state.read().unwrap_or_else(|p| p.into_inner());
        let mut keys: Vec<PublicJwk> = s.published.values().cloned().collect();
        keys.sort_by(|a, b| b.kid.cmp(&a.kid));
        Jwks { keys }
    }
}
