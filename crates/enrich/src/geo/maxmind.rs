//! The MaxMind provider: a local GeoLite2-City or GeoIP2-City database.

use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;

use maxminddb::{Reader, geoip2};

use super::{Place, non_empty};
use crate::EnrichError;

#[derive(Clone)]
pub(super) struct MaxMindProvider {
    reader: Arc<Reader<Vec<u8>>>,
}

impl MaxMindProvider {
    /// Reads the whole database into memory once; lookups never touch the file again.
    pub(super) fn open(path: PathBuf) -> Result<Self, EnrichError> {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(error) => return Err(EnrichError::DatabaseUnreadable { path, error }),
        };
        let reader = match Reader::from_source(bytes) {
            Ok(reader) => reader,
            Err(error) => {
                return Err(EnrichError::DatabaseInvalid {
                    path,
                    reason: error.to_string(),
                });
            }
        };
        let metadata = reader.metadata();
        tracing::info!(
            geo.database_type = %metadata.database_type,
            geo.build_epoch = metadata.build_epoch,
            "Opened the MaxMind geolocation database"
        );
        Ok(Self {
            reader: Arc::new(reader),
        })
    }

    pub(super) fn locate(&self, ip: IpAddr) -> Result<Place, EnrichError> {
        // An IPv4-only database cannot know an IPv6 address; that is "unknown", not a failure.
        if ip.is_ipv6() && self.reader.metadata().ip_version == 4 {
            return Ok(Place::default());
        }
        let lookup_error = |error: maxminddb::MaxMindDbError| EnrichError::DatabaseLookup {
            reason: error.to_string(),
        };
        let found = self.reader.lookup(ip).map_err(lookup_error)?;
        let Some(record) = found.decode::<geoip2::City<'_>>().map_err(lookup_error)? else {
            return Ok(Place::default());
        };
        Ok(Place {
            country: non_empty(record.country.names.english),
            city: non_empty(record.city.names.english),
        })
    }
}
