//! An open server-sent-events stream of `GET /api/v1/events`, read event by event.

#![allow(dead_code)] // Each test binary uses a different part of the harness.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use tower::ServiceExt;

use super::TestApp;

/// An open event stream, read frame by frame.
pub struct EventStream {
    body: Body,
    buffer: String,
}

/// One server-sent event.
#[derive(Debug)]
pub struct Sse {
    pub id: Option<i64>,
    pub event: Option<String>,
    pub data: String,
}

pub async fn open(
    app: &TestApp,
    uri: &str,
    token: Option<&str>,
    last_id: Option<i64>,
) -> (StatusCode, EventStream) {
    let mut req = Request::builder()
        .uri(uri)
        .header("accept", "text/event-stream");
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    if let Some(id) = last_id {
        req = req.header("last-event-id", id.to_string());
    }
    let resp = app
        .router
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = resp.status();
    if status == StatusCode::OK {
        assert_eq!(resp.headers()["content-type"], "text/event-stream");
    }
    (
        status,
        EventStream {
            body: resp.into_body(),
            buffer: String::new(),
        },
    )
}

impl EventStream {
    /// The next event (skipping heartbeat comments), or `None` after `secs` seconds.
    pub async fn next_event(&mut self, secs: u64) -> Option<Sse> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut event = Sse {
                    id: None,
                    event: None,
                    data: String::new(),
                };
                let mut any = false;
                for line in block.lines() {
                    if let Some(v) = line
                        .strip_prefix("id: ")
                        .or_else(|| line.strip_prefix("id:"))
                    {
                        event.id = v.trim().parse().ok();
                        any = true;
                    } else if let Some(v) = line
                        .strip_prefix("event: ")
                        .or_else(|| line.strip_prefix("event:"))
                    {
                        event.event = Some(v.trim().to_owned());
                        any = true;
                    } else if let Some(v) = line
                        .strip_prefix("data: ")
                        .or_else(|| line.strip_prefix("data:"))
                    {
                        event.data.push_str(v);
                        any = true;
                    }
                }
                if any {
                    return Some(event);
                }
            }
            let frame = tokio::time::timeout_at(deadline, self.body.frame())
                .await
                .ok()??
                .ok()?;
            if let Ok(data) = frame.into_data() {
                self.buffer.push_str(&String::from_utf8_lossy(&data));
            }
        }
    }

    /// Whether the server ends the stream within `secs` seconds (heartbeats are skipped).
    pub async fn ends_within(&mut self, secs: u64) -> bool {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            match tokio::time::timeout_at(deadline, self.body.frame()).await {
                Ok(None) | Ok(Some(Err(_))) => return true,
                Ok(Some(Ok(_))) => {}
                Err(_) => return false,
            }
        }
    }

    /// Whether a heartbeat comment arrives within `secs` seconds.
    pub async fn heartbeat(&mut self, secs: u64) -> bool {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            if self.buffer.contains(": heartbeat") || self.buffer.contains(":heartbeat") {
                return true;
            }
            match tokio::time::timeout_at(deadline, self.body.frame()).await {
                Ok(Some(Ok(frame))) => {
                    if let Ok(data) = frame.into_data() {
                        self.buffer.push_str(&String::from_utf8_lossy(&data));
                    }
                }
                _ => return false,
            }
        }
    }
}
