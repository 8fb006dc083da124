//! The SDK's reqwest client with a deadline on every request, so a hung Meilisearch makes
//! search unavailable instead of hanging the caller.

use std::time::Duration;

use async_trait::async_trait;
use meilisearch_sdk::errors::Error;
use meilisearch_sdk::request::{HttpClient, Method};
use meilisearch_sdk::reqwest::ReqwestClient;
use serde::Serialize;
use serde::de::DeserializeOwned;

#[derive(Debug, Clone)]
pub(crate) struct TimeoutClient {
    inner: ReqwestClient,
    timeout: Duration,
}

impl TimeoutClient {
    pub(crate) fn new(api_key: Option<&str>, timeout: Duration) -> Result<Self, Error> {
        Ok(Self {
            inner: ReqwestClient::new(api_key)?,
            timeout,
        })
    }
}

#[async_trait]
impl HttpClient for TimeoutClient {
    async fn stream_request<
        Query: Serialize + Send + Sync,
        Body: futures_io::AsyncRead + Send + Sync + 'static,
        Output: DeserializeOwned + 'static,
    >(
        &self,
        url: &str,
        method: Method<Query, Body>,
        content_type: &str,
        expected_status_code: u16,
    ) -> Result<Output, Error> {
        let request = self
            .inner
            .stream_request(url, method, content_type, expected_status_code);
        tokio::time::timeout(self.timeout, request)
            .await
            .map_err(|elapsed| Error::Other(Box::new(elapsed)))?
    }

    fn is_tokio(&self) -> bool {
        true
    }
}
