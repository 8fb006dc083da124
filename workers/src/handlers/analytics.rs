//! `enrich_analytics`: device type and browser from the user agent, country and city from
//! the network the event came from. The address itself is never stored.

use std::collections::HashMap;
use std::net::IpAddr;

use bazaar_db::analytics::{self, Enrichment};
use bazaar_queue::AnalyticsRef;

use super::JobError;
use crate::JobContext;

pub async fn enrich(ctx: &JobContext, events: &[AnalyticsRef]) -> Result<(), JobError> {
    let ids: Vec<_> = events.iter().map(|e| e.id).collect();
    let pending: HashMap<_, _> = analytics::pending(&ctx.db, &ids)
        .await?
        .into_iter()
        .collect();
    // Look everything up first, then write the batch in one transaction.
    let mut found = Vec::with_capacity(pending.len());
    let mut places: HashMap<IpAddr, bazaar_enrich::Place> = HashMap::new();
    for event in events {
        let Some(user_agent) = pending.get(&event.id) else {
            continue;
        };
        let device = bazaar_enrich::device_from_user_agent(user_agent.as_deref().unwrap_or(""));
        let place = match event
            .network
            .as_deref()
            .and_then(|n| n.parse::<IpAddr>().ok())
        {
            Some(ip) => match places.get(&ip) {
                Some(place) => place.clone(),
                None => {
                    let place = ctx.geo.locate(ip).await?;
                    places.insert(ip, place.clone());
                    place
                }
            },
            None => bazaar_enrich::Place::default(),
        };
        found.push((
            event.id,
            Enrichment {
                device_type: device.device_type.to_owned(),
                browser: device.browser,
                country: place.country,
                city: place.city,
            },
        ));
    }
    if found.is_empty() {
        return Ok(());
    }
    let mut tx = ctx.db.begin().await?;
    for (id, enrichment) in &found {
        analytics::enrich(&mut tx, *id, enrichment).await?;
    }
    tx.commit().await?;
    Ok(())
}
